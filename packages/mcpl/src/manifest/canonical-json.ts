import { ManifestDigestError } from '../errors/mcpl-error.js';

/**
 * How deep a manifest may nest. Real manifests are 5 levels deep; the bound keeps a hostile
 * one from exhausting the stack (the walk is recursive).
 */
export const MAX_MANIFEST_DEPTH = 64;

/**
 * RFC 8785 (JCS) serialisation of a JSON value, as the MCPL digest needs it: members sorted by
 * UTF-16 code units (JavaScript's default sort, which JCS prescribes), strings and numbers as
 * ECMAScript `JSON.stringify` writes them (only `"`, `\` and C0 controls escaped, U+2028/U+2029
 * literal; `-0` as `0`, `1e21` as `1e+21`), no whitespace.
 *
 * Like `JSON.stringify`, an `undefined` member is left out and an `undefined` array element
 * becomes `null`.
 * @throws ManifestDigestError `ERR_MANIFEST_NOT_JSON` for a value JSON cannot carry (a
 *   non-finite number, a bigint, a function, a symbol, a class instance, a cycle, a top-level
 *   `undefined`); `ERR_MANIFEST_TOO_DEEP` past {@link MAX_MANIFEST_DEPTH} levels.
 */
export function canonicalizeJson(value: unknown): string {
  if (value === undefined) throw notJson('', value, 'undefined is not a JSON value');
  return serialize(value, '', 0, new Set());
}

function serialize(value: unknown, path: string, depth: number, ancestors: Set<object>): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw notJson(path, value, 'a JSON number must be finite');
      return JSON.stringify(value);
    case 'object':
      break;
    default:
      throw notJson(path, value, `a ${typeof value} is not a JSON value`);
  }
  if (value === null) return 'null';
  if (depth >= MAX_MANIFEST_DEPTH) {
    throw new ManifestDigestError(
      'ERR_MANIFEST_TOO_DEEP',
      path,
      value,
      `the manifest nests deeper than ${MAX_MANIFEST_DEPTH} levels`,
    );
  }
  if (ancestors.has(value)) throw notJson(path, value, 'the value contains itself (a cycle)');
  ancestors.add(value);
  try {
    if (Array.isArray(value)) {
      const items = value.map((item, index) =>
        item === undefined ? 'null' : serialize(item, `${path}[${index}]`, depth + 1, ancestors),
      );
      return `[${items.join(',')}]`;
    }
    if (!isPlainObject(value)) throw notJson(path, value, 'only plain objects and arrays are JSON');
    const members: string[] = [];
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record).sort()) {
      const member = record[key];
      if (member === undefined) continue;
      const memberPath = path === '' ? key : `${path}.${key}`;
      members.push(`${JSON.stringify(key)}:${serialize(member, memberPath, depth + 1, ancestors)}`);
    }
    return `{${members.join(',')}}`;
  } finally {
    ancestors.delete(value);
  }
}

/** An object literal or `JSON.parse` output (prototype `Object.prototype` or null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function notJson(path: string, value: unknown, reason: string): ManifestDigestError {
  return new ManifestDigestError('ERR_MANIFEST_NOT_JSON', path, value, reason);
}
