import { describe, expect, it } from 'vitest';
import { ManifestDigestError } from '../errors/mcpl-error.js';
import { canonicalizeJson, MAX_MANIFEST_DEPTH } from './canonical-json.js';
import { compareUtf8, sortSetArray } from './set-order.js';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof ManifestDigestError ? error.code : `not a ManifestDigestError: ${String(error)}`;
  }
  return undefined;
}

describe('canonicalizeJson (RFC 8785 as the digest needs it)', () => {
  it('sorts members by UTF-16 code units at every depth and writes no whitespace', () => {
    expect(canonicalizeJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    // "10" is an integer-like key JavaScript enumerates first; JCS sorts it as a string anyway.
    expect(canonicalizeJson({ b: 1, 10: 2, A: 3 })).toBe('{"10":2,"A":3,"b":1}');
  });

  it('escapes only the quote, the backslash and C0 controls; U+2028/U+2029 and DEL stay literal', () => {
    expect(canonicalizeJson('"\\\b\t\n\f\r\u0001\u001f\u007f\u2028\u2029é🙂')).toBe(
      '"\\"\\\\\\b\\t\\n\\f\\r\\u0001\\u001f\u007f\u2028\u2029é🙂"',
    );
  });

  it('writes numbers as ECMAScript Number::toString', () => {
    expect(canonicalizeJson([-0, 1.0, 1e20, 1e21, 1e-6, 1e-7, 0.1, 5e-324])).toBe(
      '[0,1,100000000000000000000,1e+21,0.000001,1e-7,0.1,5e-324]',
    );
  });

  it('leaves undefined members out and writes undefined array elements as null, like JSON.stringify', () => {
    expect(canonicalizeJson({ a: undefined, b: [undefined, 1] })).toBe('{"b":[null,1]}');
  });

  it('refuses what JSON cannot carry with ERR_MANIFEST_NOT_JSON', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    for (const value of [
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      1n,
      () => 1,
      Symbol('s'),
      new Date(0),
      new Map(),
      cyclic,
    ]) {
      expect(codeOf(() => canonicalizeJson(value))).toBe('ERR_MANIFEST_NOT_JSON');
    }
    expect(codeOf(() => canonicalizeJson({ a: { b: [Number.NaN] } }))).toBe('ERR_MANIFEST_NOT_JSON');
  });

  it('a value used twice without a cycle is fine', () => {
    const shared = { x: 1 };
    expect(canonicalizeJson({ a: shared, b: [shared] })).toBe('{"a":{"x":1},"b":[{"x":1}]}');
  });

  it('refuses nesting deeper than MAX_MANIFEST_DEPTH with ERR_MANIFEST_TOO_DEEP, never a stack overflow', () => {
    let deep: unknown = true;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(codeOf(() => canonicalizeJson(deep))).toBe('ERR_MANIFEST_TOO_DEEP');
    let fits: unknown = true;
    for (let i = 0; i < MAX_MANIFEST_DEPTH; i++) fits = [fits];
    expect(codeOf(() => canonicalizeJson(fits))).toBeUndefined();
  });

  it('takes null-prototype objects (and a member named __proto__) as plain JSON objects', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { b: 1 });
    expect(canonicalizeJson(bare)).toBe('{"b":1}');
    expect(canonicalizeJson(JSON.parse('{"__proto__":{"x":1},"a":2}'))).toBe('{"__proto__":{"x":1},"a":2}');
  });
});

describe('the set order (UTF-8 bytes)', () => {
  it('differs from the default sort above U+FFFF', () => {
    const values = ['\u{10000}', '\uFFFD'];
    expect([...values].sort()).toEqual(['\u{10000}', '\uFFFD']);
    expect(sortSetArray(values)).toEqual(['\uFFFD', '\u{10000}']);
  });

  it('agrees with comparing the UTF-8 encodings byte by byte', () => {
    const samples = [
      'a',
      'A',
      'a:b',
      'é',
      'ÿ',
      'Ā',
      '\u07FF',
      '\u0800',
      '\uFFFF',
      '\u{10000}',
      '🙂',
      'z',
      '',
      'ab',
    ];
    const encoder = new TextEncoder();
    const byBytes = (x: string, y: string): number => Buffer.compare(encoder.encode(x), encoder.encode(y));
    for (const x of samples) {
      for (const y of samples) expect(Math.sign(compareUtf8(x, y))).toBe(Math.sign(byBytes(x, y)));
    }
  });

  it('removes duplicates', () => {
    expect(sortSetArray(['b', 'a', 'b'])).toEqual(['a', 'b']);
  });
});
