import { createHash } from 'node:crypto';
import { MAX_SLUG_LENGTH } from '../../catalog/slug.js';

/**
 * Tool names and slugs of imported operations. A tool name is the operation's
 * `x-mcpforge-tool-name`, else its `operationId`, else `<method>_<path>`; sanitised to
 * `A-Za-z0-9_-` (other runs become `_`) and at most 64 characters. A name that had to be cut,
 * or that two operations share (compared case-insensitively), gets `_` and a short hash of the
 * operation's key (`METHOD /path`), so the suffix is the same on every import and does not
 * depend on the order of the document.
 * @module
 */

/** MCP hosts cut or refuse longer tool names. */
export const MAX_TOOL_NAME_LENGTH = 64;
const HASH_LENGTH = 6;

/** The first `length` hex digits of SHA-256 over `text`. */
export function shortHash(text: string, length = HASH_LENGTH): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/** `value` with every run outside `A-Za-z0-9_-` as one `_`, without leading or trailing `_`/`-`. */
export function sanitizeName(value: string): string {
  return value
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '');
}

/** The name an operation asks for before cutting: override, operationId or method+path. */
export function baseToolName(method: string, path: string, operationId?: string, override?: string): string {
  for (const candidate of [override, operationId]) {
    const name = candidate === undefined ? '' : sanitizeName(candidate);
    if (name !== '') return name;
  }
  const fromPath = sanitizeName(`${method.toLowerCase()}_${path.replace(/[{}]/g, '')}`);
  return fromPath === '' ? method.toLowerCase() : fromPath;
}

function withSuffix(name: string, key: string, hashLength: number, max: number): string {
  const suffix = `_${shortHash(key, hashLength)}`;
  const head = name.slice(0, max - suffix.length).replace(/[_-]+$/, '');
  return `${head}${suffix}`;
}

/** One operation asking for a name: its key (`METHOD /path`) and the name it asks for. */
export interface NameRequest {
  key: string;
  name: string;
}

/**
 * Unique names (case-insensitively) of at most `max` characters, by key. Names that were cut or
 * collide all get the hash suffix (so no one operation keeps a name by coming first); a suffix
 * that still collides is lengthened.
 */
export function assignUniqueNames(
  requests: readonly NameRequest[],
  max = MAX_TOOL_NAME_LENGTH,
): Map<string, string> {
  const counts = new Map<string, number>();
  for (const request of requests) {
    const folded = request.name.toLowerCase();
    counts.set(folded, (counts.get(folded) ?? 0) + 1);
  }
  const assigned = new Map<string, string>();
  const taken = new Set<string>();
  const plain = requests.filter(
    (request) => request.name.length <= max && counts.get(request.name.toLowerCase()) === 1,
  );
  for (const request of plain) {
    assigned.set(request.key, request.name);
    taken.add(request.name.toLowerCase());
  }
  // Sorted by key, so lengthening a colliding suffix does not depend on the document's order.
  const suffixed = requests
    .filter((request) => !assigned.has(request.key))
    .sort((a, b) => (a.key < b.key ? -1 : 1));
  for (const request of suffixed) {
    let hashLength = HASH_LENGTH;
    let name = withSuffix(request.name, request.key, hashLength, max);
    while (taken.has(name.toLowerCase()) && hashLength < 32) {
      hashLength += 4;
      name = withSuffix(request.name, request.key, hashLength, max);
    }
    assigned.set(request.key, name);
    taken.add(name.toLowerCase());
  }
  return assigned;
}

/** A slug (`[a-z0-9]+(-[a-z0-9]+)*`) from any text: camelCase split, other runs as `-`; '' when none. */
export function slugify(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Unique slugs of at most 64 characters from `requests` (`name` slugified; `fallback` when it
 * gives none), suffixed with the key's hash like tool names.
 */
export function assignUniqueSlugs(requests: readonly NameRequest[], fallback: string): Map<string, string> {
  const slugged = requests.map((request) => {
    const slug = slugify(request.name);
    return { key: request.key, name: slug === '' ? fallback : slug };
  });
  const names = assignUniqueNames(slugged, MAX_SLUG_LENGTH);
  const slugs = new Map<string, string>();
  for (const [key, name] of names) {
    slugs.set(key, name.replace(/_/g, '-').replace(/-{2,}/g, '-'));
  }
  return slugs;
}
