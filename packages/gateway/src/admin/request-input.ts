import { type JsonRecord, readObject } from '../catalog/field-reader.js';
import { invalidField } from '../errors/gateway-error.js';
import { invalidFields } from './problem-response.js';

/**
 * Readers of the admin API's inputs (body fields and query parameters) that refuse anything
 * they do not know, naming every unknown field: a misspelt field never goes unnoticed.
 * @module
 */

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
