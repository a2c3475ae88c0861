import { describe, expect, it } from 'vitest';
import { GatewayError } from '../errors/gateway-error.js';
import { MAX_PAGE_LIMIT } from './admin-options.js';
import { pageOf, readPageRequest } from './pagination.js';

const letters = ['d', 'a', 'c', 'b', 'e'];
const query = (text: string) => new URLSearchParams(text);

describe('pagination', () => {
  it('walks every item once, in key order, with opaque cursors', () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const request = readPageRequest(query(cursor === null ? 'limit=2' : `limit=2&cursor=${cursor}`));
      const page = pageOf(letters, (item) => item, request);
      seen.push(...page.items);
      cursor = page.nextCursor;
      if (cursor !== null) expect(cursor).not.toContain('b');
    } while (cursor !== null);
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('descending order, and a page past an item removed meanwhile still continues after it', () => {
    const first = pageOf(letters, (item) => item, readPageRequest(query('limit=2')), 'descending');
    expect(first.items).toEqual(['e', 'd']);
    const rest = letters.filter((item) => item !== 'd');
    const second = pageOf(
      rest,
      (item) => item,
      readPageRequest(query(`cursor=${first.nextCursor}`)),
      'descending',
    );
    expect(second).toEqual({ items: ['c', 'b', 'a'], nextCursor: null });
  });

  it('refuses a limit out of bounds and a cursor it did not make, naming the parameter', () => {
    for (const text of ['limit=0', `limit=${MAX_PAGE_LIMIT + 1}`, 'limit=abc', 'limit=1.5', 'cursor=nope']) {
      const error = (() => {
        try {
          readPageRequest(query(text));
        } catch (caught) {
          return caught;
        }
      })();
      expect(error, text).toBeInstanceOf(GatewayError);
      expect((error as GatewayError).field).toBe(text.split('=')[0]);
    }
  });
});
