import type { Era } from '../protocol/index.js';
import { McpError, McpErrorCode } from '../protocol/index.js';

/** A list the pager serves: its items in registration order and a revision bumped on change. */
export interface ListSource {
  readonly revision: number;
  items(): readonly unknown[];
}

/** Adds modern-era fields (`resultType`, caching hints, serverInfo) to a page. */
export type ModernDecorator = (result: Record<string, unknown>) => Record<string, unknown>;

/**
 * Pages one list with opaque cursors and caches each served page until the list changes, so a
 * repeated `tools/list` returns the same object and does no work.
 *
 * A cursor is base64url JSON `{o: offset, r: revision}` plus an HMAC tag; a cursor that was not
 * issued by this server, or by an earlier revision of the list, is refused with -32602; so is one
 * that is not a string of at most 256 characters ("Invalid cursor").
 */
export class ListPages {
  readonly #name: string;
  readonly #itemsKey: string;
  readonly #pageSize: number;
  readonly #source: ListSource;
  readonly #tag: (text: string) => string;
  readonly #decorate: ModernDecorator;
  readonly #cache = new Map<string, Record<string, unknown>>();
  #cachedRevision = -1;

  constructor(options: {
    name: string;
    itemsKey: string;
    pageSize: number;
    source: ListSource;
    tag: (text: string) => string;
    decorate: ModernDecorator;
  }) {
    this.#name = options.name;
    this.#itemsKey = options.itemsKey;
    this.#pageSize = options.pageSize;
    this.#source = options.source;
    this.#tag = options.tag;
    this.#decorate = options.decorate;
  }

  /** The page at `cursor` (undefined = first page) for an era; throws McpError -32602 on a bad cursor. */
  page(cursor: unknown, era: Era): Record<string, unknown> {
    const revision = this.#source.revision;
    if (revision !== this.#cachedRevision) {
      this.#cache.clear();
      this.#cachedRevision = revision;
    }
    // Checked before any use: String() of a peer's nested array recurses (and can overflow the
    // stack), and `["<cursor>"]` would otherwise hit the cache entry of the cursor it wraps.
    if (cursor !== undefined && !isCursorText(cursor)) throw invalidCursor();
    const key = cursor === undefined ? era : `${era}:${cursor}`;
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    const offset = cursor === undefined ? 0 : this.#offsetOf(cursor, revision);
    const items = this.#source.items();
    const end = offset + this.#pageSize;
    let result: Record<string, unknown> = { [this.#itemsKey]: items.slice(offset, end) };
    if (end < items.length) result['nextCursor'] = this.#cursor(end, revision);
    if (era === 'modern') result = this.#decorate(result);
    this.#cache.set(key, result);
    return result;
  }

  #cursor(offset: number, revision: number): string {
    const body = Buffer.from(JSON.stringify({ o: offset, r: revision })).toString('base64url');
    return `${body}.${this.#tag(`${this.#name}:${body}`).slice(0, 22)}`;
  }

  #offsetOf(cursor: string, revision: number): number {
    const dot = cursor.indexOf('.');
    const body = cursor.slice(0, dot);
    if (dot <= 0 || cursor.slice(dot + 1) !== this.#tag(`${this.#name}:${body}`).slice(0, 22))
      throw invalidCursor();
    const decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      o?: unknown;
      r?: unknown;
    };
    if (decoded.r !== revision) {
      throw new McpError(
        McpErrorCode.InvalidParams,
        'Invalid cursor: the list changed; start again without a cursor',
      );
    }
    const offset = decoded.o;
    if (
      typeof offset !== 'number' ||
      !Number.isInteger(offset) ||
      offset <= 0 ||
      offset >= this.#source.items().length
    ) {
      throw invalidCursor();
    }
    return offset;
  }
}

/**
 * Longest cursor accepted. Issued ones are about 60 characters (base64url of `{o, r}` plus a
 * 22-character tag); the bound keeps a peer's megabyte string out of the HMAC and the cache key.
 */
const MAX_CURSOR_LENGTH = 256;

function isCursorText(cursor: unknown): cursor is string {
  return typeof cursor === 'string' && cursor.length <= MAX_CURSOR_LENGTH;
}

function invalidCursor(): McpError {
  return new McpError(McpErrorCode.InvalidParams, 'Invalid cursor');
}
