import { describe, expect, it } from 'vitest';
import { boundedText } from './bounded-text.js';
import { jsonDepthExceeds } from './json-depth.js';
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-after.js';

describe('boundedText', () => {
  it('never cuts inside a UTF-8 character, and says how much it left out', () => {
    const bytes = Buffer.from('a€b', 'utf8'); // € is three bytes
    expect(boundedText(bytes, 5)).toBe('a€b');
    expect(boundedText(bytes, 2)).toBe('a\n[mcpforge: answer cut after 1 of 5 bytes]');
    expect(boundedText(bytes, 4)).toBe('a€\n[mcpforge: answer cut after 4 of 5 bytes]');
  });

  it('turns invalid UTF-8 into replacement characters', () => {
    expect(boundedText(Uint8Array.from([0x61, 0xff, 0x62]), 10)).toBe('a\ufffdb');
  });
});

describe('jsonDepthExceeds', () => {
  it('counts nesting and ignores brackets inside strings', () => {
    expect(jsonDepthExceeds('[[1]]', 2)).toBe(false);
    expect(jsonDepthExceeds('[[[1]]]', 2)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[\\"[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('[{},{},{}]', 2)).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it('reads delay-seconds and HTTP-dates; a past date is 0; nonsense is undefined', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('caps a wait at a day', () => {
    expect(parseRetryAfter('999999999', now)).toBe(MAX_RETRY_AFTER_MS);
  });
});
