import { type JsonRecord, readObject } from '../catalog/field-reader.js';
import { invalidField } from '../errors/gateway-error.js';
import { unstorableText } from '../store/storable-text.js';
import { invalidFields } from './problem-response.js';

/**
 * Readers of the admin API's inputs (body fields, query parameters, path segments) that refuse
 * anything they do not know, naming every unknown field: a misspelt field never goes unnoticed.
 * @module
 */

/** `%ED%A0%80`..`%ED%BF%BF`: a surrogate's code point written as UTF-8 bytes, which UTF-8 forbids. */
const ENCODED_SURROGATE = /%ED%[AB][0-9A-F]%[89AB][0-9A-F]/i;

/**
 * A path parameter, percent-decoded. The admin and approval APIs read every path segment they
 * take through this, so a NUL or a lone surrogate is refused before it reaches a query.
 * @throws GatewayError `invalid_field` naming `name` for a segment that is not percent-encoded
 *   UTF-8 or whose text {@link unstorableText} refuses.
 */
export function readPathSegment(raw: string, name: string): string {
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    throw invalidField(
      name,
      ENCODED_SURROGATE.test(raw)
        ? 'contains a lone surrogate (percent-encoded, which no UTF-8 text holds)'
        : 'is not percent-encoded UTF-8',
    );
  }
  const reason = unstorableText(text);
  if (reason !== undefined) throw invalidField(name, reason);
  return text;
}

function refuseUnknown(names: string[], allowed: readonly string[], what: string): void {
  const unknown = names.filter((name) => !allowed.includes(name));
  if (unknown.length === 0) return;
  const known = allowed.length === 0 ? 'none' : allowed.join(', ');
  throw invalidFields(
    unknown.map((field) => ({ field, message: `is not a known ${what} (known: ${known})` })),
    `unknown ${what}${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (known: ${known})`,
  );
}

/** The body as an object holding only `allowed` fields; no body reads as `{}`. */
export function readBodyFields(body: unknown, allowed: readonly string[]): JsonRecord {
  const record = body === undefined ? {} : readObject(body, '');
  refuseUnknown(Object.keys(record), allowed, 'field');
  return record;
}

/** Refuses query parameters outside `allowed`, and repeated ones. */
export function checkQuery(query: URLSearchParams, allowed: readonly string[]): void {
  const names = [...query.keys()];
  refuseUnknown([...new Set(names)], allowed, 'query parameter');
  for (const name of names) {
    if (query.getAll(name).length > 1) throw invalidField(name, 'is given more than once');
  }
}

/** A `true`/`false` query parameter, false when absent. */
export function queryFlag(query: URLSearchParams, name: string): boolean {
  const value = query.get(name);
  if (value === null || value === 'false') return false;
  if (value === 'true') return true;
  throw invalidField(name, "must be 'true' or 'false'");
}

/** A query parameter's text, or undefined when absent. */
export function queryText(query: URLSearchParams, name: string): string | undefined {
  return query.get(name) ?? undefined;
}
