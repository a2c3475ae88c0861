import type { ArrayStyle, RestBinding } from '../catalog/rest-binding.js';
import { expandSecrets, type MissingCredential } from './request-headers.js';

/**
 * The request target (path and query) of a call, from its binding and arguments. Every
 * argument value is percent-encoded except the RFC 3986 unreserved characters, so a path value
 * stays inside its segment: it cannot add `/`, `?` or `#`, and a segment that would come out
 * as `.`, `..` or empty is refused (it would name another resource).
 * @module
 */

/** An argument that cannot go where its binding puts it; `argument` is its name in the schema. */
export interface ArgumentRefusal {
  argument: string;
  /** For the operator log: why, without the value. */
  reason: string;
}

/** A JSON primitive as it appears in a path, query or header. */
type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** `!'()*` are sub-delimiters `encodeURIComponent` leaves alone; they are encoded too. */
const SUB_DELIMITERS = /[!'()*]/g;

/**
 * Percent-encodes all but `A-Z a-z 0-9 - . _ ~`. Returns `undefined` for a string holding a
 * lone surrogate, which has no UTF-8 form.
 */
export function encodeComponent(value: string): string | undefined {
  try {
    return encodeURIComponent(value).replace(
      SUB_DELIMITERS,
      (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  } catch {
    return undefined;
  }
}

/** The scalars a value stands for in a path or query, or `undefined` if it has none. */
function scalarsOf(value: unknown): Scalar[] | undefined {
  if (isScalar(value)) return [value];
  if (Array.isArray(value) && value.every(isScalar)) return value;
  return undefined;
}

function encodeAll(values: readonly Scalar[]): string[] | undefined {
  const encoded: string[] = [];
  for (const value of values) {
    const text = encodeComponent(String(value));
    if (text === undefined) return undefined;
    encoded.push(text);
  }
  return encoded;
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const DOT_SEGMENTS = new Set(['', '.', '..']);

/** The binding's path with every `{name}` replaced by its argument, encoded; an array is `a,b` (simple style). */
function buildPath(binding: RestBinding, args: Record<string, unknown>): string | ArgumentRefusal {
  const byPlaceholder = new Map<string, string>();
  for (const [argument, placement] of Object.entries(binding.arguments)) {
    if (placement.in === 'path') byPlaceholder.set(placement.name, argument);
  }
  const segments: string[] = [];
  for (const segment of binding.path.split('/')) {
    let refusal: ArgumentRefusal | undefined;
    const filled = segment.replace(PLACEHOLDER, (_match, name: string) => {
      const argument = byPlaceholder.get(name) ?? name;
      const scalars = scalarsOf(args[argument]);
      const encoded = scalars === undefined ? undefined : encodeAll(scalars);
      if (encoded === undefined) {
        refusal ??= {
          argument,
          reason: 'a path value must be a string, number, boolean or an array of them',
        };
        return '';
      }
      return encoded.join(',');
    });
    if (refusal !== undefined) return refusal;
    if (filled !== segment && DOT_SEGMENTS.has(filled)) {
      const name = [...segment.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '')[0] ?? '';
      return {
        argument: byPlaceholder.get(name) ?? name,
        reason: "a path segment would be empty, '.' or '..'",
      };
    }
    segments.push(filled);
  }
  return segments.join('/');
}

const ARRAY_SEPARATORS: Record<Exclude<ArrayStyle, 'repeat' | 'flat' | 'deep'>, string> = {
  comma: ',',
  space: '%20',
  pipe: '|',
};

/** A plain object whose members are all scalars (null members are left out). */
function scalarMembers(value: unknown): Array<[string, Scalar]> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const members: Array<[string, Scalar]> = [];
  for (const [key, member] of Object.entries(value)) {
    if (member === null || member === undefined) continue;
    if (!isScalar(member)) return undefined;
    members.push([key, member]);
  }
  return members;
}

/** An object argument in the query: `k=v&...` (flat), `name=k,v,...` (comma), `name[k]=v&...` (deep). */
function objectPairs(
  name: string,
  style: ArrayStyle,
  members: Array<[string, Scalar]>,
): string[] | undefined {
  const encoded: Array<[string, string]> = [];
  for (const [key, member] of members) {
    const k = encodeComponent(key);
    const v = encodeComponent(String(member));
    if (k === undefined || v === undefined) return undefined;
    encoded.push([k, v]);
  }
  if (style === 'flat') return encoded.map(([k, v]) => `${k}=${v}`);
  if (style === 'deep') return encoded.map(([k, v]) => `${name}%5B${k}%5D=${v}`);
  if (style === 'comma') return encoded.length === 0 ? [] : [`${name}=${encoded.flat().join(',')}`];
  return undefined;
}

/**
 * The binding's static query parameters with every `${VAR}` replaced from `env`, encoded, or
 * the first variable that is not a secret for upstreams, unset, empty or not sendable (named,
 * never valued).
 */
export function resolveStaticQuery(
  query: Readonly<Record<string, string>> | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string | MissingCredential {
  const pairs: string[] = [];
  for (const [name, template] of Object.entries(query ?? {})) {
    const value = expandSecrets(template, env, `query '${name}'`);
    if (typeof value !== 'string') return value;
    const k = encodeComponent(name);
    const v = encodeComponent(value);
    if (k === undefined || v === undefined) {
      return {
        code: 'upstream_credential_unavailable',
        variable: name,
        reason: `query '${name}' is not sendable (lone surrogate)`,
      };
    }
    pairs.push(`${k}=${v}`);
  }
  return pairs.join('&');
}

/** The query string (without `?`), in the order of the binding's arguments; absent and null values are left out. */
function buildQuery(binding: RestBinding, args: Record<string, unknown>): string | ArgumentRefusal {
  const pairs: string[] = [];
  for (const [argument, placement] of Object.entries(binding.arguments)) {
    if (placement.in !== 'query') continue;
    const value = args[argument];
    if (value === undefined || value === null) continue;
    const members = scalarMembers(value);
    if (members !== undefined) {
      const name = encodeComponent(placement.name);
      const written = name === undefined ? undefined : objectPairs(name, placement.arrayStyle, members);
      if (written === undefined) {
        return {
          argument,
          reason: 'an object query value needs style flat, comma or deep, and scalar members',
        };
      }
      pairs.push(...written);
      continue;
    }
    if (placement.arrayStyle === 'deep' && Array.isArray(value)) {
      return { argument, reason: 'a deep (deepObject) query value must be an object' };
    }
    const scalars = scalarsOf(value);
    const name = encodeComponent(placement.name);
    const encoded = scalars === undefined ? undefined : encodeAll(scalars);
    if (encoded === undefined || name === undefined) {
      return { argument, reason: 'a query value must be a string, number, boolean or an array of them' };
    }
    if (encoded.length === 0) continue;
    if (
      placement.arrayStyle === 'repeat' ||
      placement.arrayStyle === 'flat' ||
      placement.arrayStyle === 'deep' ||
      encoded.length === 1
    ) {
      for (const text of encoded) pairs.push(`${name}=${text}`);
    } else {
      pairs.push(`${name}=${encoded.join(ARRAY_SEPARATORS[placement.arrayStyle])}`);
    }
  }
  return pairs.join('&');
}

/**
 * The request target after the origin: the base URL's path, the binding's path with its
 * arguments, and the query. `basePath` is the path of the binding's `baseUrl` ('' for none);
 * `fixedQuery` (encoded, from {@link resolveStaticQuery}) goes before the arguments.
 */
export function buildRequestTarget(
  binding: RestBinding,
  basePath: string,
  args: Record<string, unknown>,
  fixedQuery = '',
): string | ArgumentRefusal {
  const path = buildPath(binding, args);
  if (typeof path !== 'string') return path;
  const argumentQuery = buildQuery(binding, args);
  if (typeof argumentQuery !== 'string') return argumentQuery;
  const query = [fixedQuery, argumentQuery].filter((part) => part !== '').join('&');
  return query === '' ? `${basePath}${path}` : `${basePath}${path}?${query}`;
}
