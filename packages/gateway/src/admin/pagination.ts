import { invalidField } from '../errors/gateway-error.js';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './admin-options.js';

/** A page request: at most `limit` items after the position `cursor` names. */
export interface PageRequest {
  limit: number;
  /** The sort key of the last item of the previous page. */
  after: string | undefined;
}

/** A page of a list answer. `nextCursor` is null on the last page. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Query parameters every list takes. */
export const PAGE_PARAMETERS = ['limit', 'cursor'] as const;

// The cursor is opaque to clients (base64url of a versioned JSON), so its inside can change.
const CURSOR_VERSION = 1;

/** An opaque cursor holding `after`. */
export function encodeCursor(after: string): string {
  return Buffer.from(JSON.stringify({ v: CURSOR_VERSION, after })).toString('base64url');
}

/** The `after` of a cursor this API made. @throws GatewayError `invalid_field` (cursor). */
export function decodeCursor(cursor: string): string {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const record = value as { v?: unknown; after?: unknown };
    if (record.v === CURSOR_VERSION && typeof record.after === 'string') return record.after;
  } catch {
    // Falls through to the refusal.
  }
  throw invalidField('cursor', 'is not a cursor this API returned');
}

/** `?limit=` (1..MAX_PAGE_LIMIT) and `?cursor=`. @throws GatewayError `invalid_field`. */
export function readPageRequest(query: URLSearchParams): PageRequest {
  const limitText = query.get('limit');
  let limit = DEFAULT_PAGE_LIMIT;
  if (limitText !== null) {
    limit = /^\d{1,6}$/.test(limitText) ? Number(limitText) : Number.NaN;
    if (!(limit >= 1 && limit <= MAX_PAGE_LIMIT)) {
      throw invalidField('limit', `must be an integer in 1..${MAX_PAGE_LIMIT}`);
    }
  }
  const cursor = query.get('cursor');
  return { limit, after: cursor === null ? undefined : decodeCursor(cursor) };
}

/**
 * One page of `items` ordered by their unique `keyOf` (compared as plain text, so the order is
 * the same on every database collation): the items after the cursor's key, so a page stays
 * right when items are added or removed between requests.
 */
export function pageOf<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  request: PageRequest,
  order: 'ascending' | 'descending' = 'ascending',
): Page<T> {
  const sign = order === 'ascending' ? 1 : -1;
  const keyed = items.map((item) => ({ item, key: keyOf(item) }));
  keyed.sort((a, b) => sign * (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const after = request.after;
  const rest =
    after === undefined
      ? keyed
      : keyed.filter((entry) => sign * (entry.key < after ? -1 : entry.key > after ? 1 : 0) > 0);
  const page = rest.slice(0, request.limit);
  const last = page.at(-1);
  return {
    items: page.map((entry) => entry.item),
    nextCursor: rest.length > page.length && last !== undefined ? encodeCursor(last.key) : null,
  };
}
