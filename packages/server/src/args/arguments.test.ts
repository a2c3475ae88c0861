import { describe, expect, expectTypeOf, it } from 'vitest';
import { ArgumentError } from './argument-error.js';
import {
  getBool,
  getInt,
  getIntArray,
  getString,
  getStringArray,
  getStringMap,
  requireString,
} from './arguments.js';

function errorOf(fn: () => unknown): ArgumentError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ArgumentError) return error;
    throw error;
  }
  throw new Error('expected an ArgumentError');
}

describe('getString / requireString', () => {
  it('reads strings, converts scalars, falls back when absent or null', () => {
    expect(getString({ a: 'x' }, 'a')).toBe('x');
    expect(getString({ a: 3 }, 'a')).toBe('3');
    expect(getString({ a: false }, 'a')).toBe('false');
    expect(getString({ a: null }, 'a', 'd')).toBe('d');
    expect(getString({}, 'a', 'd')).toBe('d');
    expect(getString(undefined, 'a')).toBeUndefined();
    expect(getString({}, 'toString', 'd')).toBe('d');
    expect(errorOf(() => getString({ a: { b: 1 } }, 'a')).message).toBe("argument 'a': must be a string");
    expectTypeOf(getString({}, 'a', 'd')).toEqualTypeOf<string>();
    expectTypeOf(getString({}, 'a')).toEqualTypeOf<string | undefined>();
  });

  it('requireString refuses missing, empty and non-string values, naming the key', () => {
    expect(requireString({ path: 'a.txt' }, 'path')).toBe('a.txt');
    const missing = errorOf(() => requireString({}, 'path'));
    expect(missing).toMatchObject({ code: 'ERR_ARGUMENT', key: 'path', name: 'ArgumentError' });
    expect(missing.message).toBe("argument 'path': is required");
    expect(errorOf(() => requireString({ path: '' }, 'path')).message).toBe(
      "argument 'path': must not be empty",
    );
    expect(errorOf(() => requireString({ path: 1 }, 'path')).message).toBe(
      "argument 'path': must be a string",
    );
  });
});

describe('getInt / getBool', () => {
  it('accepts integers and integer strings only', () => {
    expect(getInt({ n: 3 }, 'n')).toBe(3);
    expect(getInt({ n: '42' }, 'n')).toBe(42);
    expect(getInt({ n: ' -7 ' }, 'n')).toBe(-7);
    expect(getInt({}, 'n', 5)).toBe(5);
    expectTypeOf(getInt({}, 'n', 5)).toEqualTypeOf<number>();
    for (const bad of [1.5, '1.5', 'abc', '', true, [], {}, 2 ** 60, '99999999999999999999', Number.NaN]) {
      expect(errorOf(() => getInt({ n: bad }, 'n')).message).toBe("argument 'n': must be an integer");
    }
  });

  it('accepts booleans and "true"/"false"', () => {
    expect(getBool({ b: true }, 'b')).toBe(true);
    expect(getBool({ b: 'false' }, 'b')).toBe(false);
    expect(getBool({}, 'b', true)).toBe(true);
    expect(getBool({}, 'b')).toBeUndefined();
    for (const bad of [1, 0, 'yes', 'TRUE', {}]) {
      expect(errorOf(() => getBool({ b: bad }, 'b')).code).toBe('ERR_ARGUMENT');
    }
  });
});

describe('arrays and maps', () => {
  it('getStringArray drops empty strings and refuses other types', () => {
    expect(getStringArray({ a: ['x', '', 'y'] }, 'a')).toStrictEqual(['x', 'y']);
    expect(getStringArray({}, 'a')).toStrictEqual([]);
    expect(errorOf(() => getStringArray({ a: 'x' }, 'a')).message).toBe("argument 'a': must be an array");
    expect(errorOf(() => getStringArray({ a: ['x', 2] }, 'a')).message).toBe(
      "argument 'a/1': must be a string",
    );
  });

  it('getIntArray converts like getInt', () => {
    expect(getIntArray({ a: [1, '2', -3] }, 'a')).toStrictEqual([1, 2, -3]);
    expect(getIntArray({ a: null }, 'a')).toStrictEqual([]);
    expect(errorOf(() => getIntArray({ a: [1, 2.5] }, 'a')).message).toBe(
      "argument 'a/1': must be an integer",
    );
  });

  it('getStringMap returns own string entries and refuses the rest', () => {
    expect(getStringMap({ h: { Accept: 'text/plain' } }, 'h')).toStrictEqual({ Accept: 'text/plain' });
    expect(getStringMap({}, 'h')).toStrictEqual({});
    const hostile = JSON.parse('{"h":{"__proto__":"x"}}') as Record<string, unknown>;
    const map = getStringMap(hostile, 'h');
    expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
    expect(Object.hasOwn(map, '__proto__')).toBe(true);
    expect(errorOf(() => getStringMap({ h: ['a'] }, 'h')).message).toBe(
      "argument 'h': must be an object of strings",
    );
    expect(errorOf(() => getStringMap({ h: { a: 1 } }, 'h')).message).toBe(
      "argument 'h/a': must be a string",
    );
  });
});
