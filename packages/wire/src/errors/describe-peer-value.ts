/**
 * @module
 * A short, safe picture of a value a peer sent, for error messages and logs. Peer values can be
 * nested thousands of levels deep or be megabytes long: `JSON.stringify` of one may throw
 * (stack overflow) or copy the whole thing into a message. This never throws and its work and
 * output are bounded whatever the input.
 */

/** Longest description returned, in UTF-16 code units (the ellipsis included). */
export const DEFAULT_DESCRIBE_MAX_LENGTH = 80;

/** Levels of arrays/objects shown before one is written `[…]`/`{…}`: enough to recognise a shape. */
const MAX_DEPTH = 2;

/** Items or members shown per array/object before `…`. */
const MAX_ENTRIES = 4;

const ELLIPSIS = '…';

/** What a value that cannot be inspected (a throwing getter, a revoked proxy) is called. */
const UNDESCRIBABLE = 'a value that cannot be described';

/**
 * Describes `value` JSON-like in at most `maxLength` characters: strings quoted and cut, at most
 * {@link MAX_ENTRIES} entries per level and {@link MAX_DEPTH} levels, `…` where something was
 * left out. Never throws; `undefined` reads `undefined`.
 */
export function describePeerValue(value: unknown, maxLength = DEFAULT_DESCRIBE_MAX_LENGTH): string {
  const limit = Number.isInteger(maxLength) && maxLength > 0 ? maxLength : DEFAULT_DESCRIBE_MAX_LENGTH;
  let text: string;
  try {
    text = describe(value, 0, limit);
  } catch {
    return UNDESCRIBABLE;
  }
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}${ELLIPSIS}`;
}

function describe(value: unknown, depth: number, limit: number): string {
  switch (typeof value) {
    case 'string':
      // Cut before quoting so a megabyte string is never copied whole.
      return value.length > limit
        ? `${JSON.stringify(value.slice(0, limit))}${ELLIPSIS}`
        : JSON.stringify(value);
    case 'number':
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return describeArray(value, depth, limit);
  return describeObject(value as Record<string, unknown>, depth, limit);
}

function describeArray(value: readonly unknown[], depth: number, limit: number): string {
  if (value.length === 0) return '[]';
  if (depth >= MAX_DEPTH) return `[${ELLIPSIS}]`;
  const shown = Math.min(value.length, MAX_ENTRIES);
  const parts: string[] = [];
  for (let index = 0; index < shown; index++) parts.push(describe(value[index], depth + 1, limit));
  if (value.length > shown) parts.push(ELLIPSIS);
  return `[${parts.join(',')}]`;
}

function describeObject(value: Record<string, unknown>, depth: number, limit: number): string {
  const parts: string[] = [];
  let more = false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (parts.length === MAX_ENTRIES || depth >= MAX_DEPTH) {
      more = true;
      break;
    }
    parts.push(`${describe(key, MAX_DEPTH, limit)}:${describe(value[key], depth + 1, limit)}`);
  }
  if (more) parts.push(ELLIPSIS);
  return `{${parts.join(',')}}`;
}
