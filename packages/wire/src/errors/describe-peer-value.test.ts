import { describe, expect, it } from 'vitest';
import * as root from '../index.js';
import { DEFAULT_DESCRIBE_MAX_LENGTH, describePeerValue } from './describe-peer-value.js';

describe('describePeerValue', () => {
  it('writes small values as JSON', () => {
    expect(describePeerValue('1.0')).toBe('"1.0"');
    expect(describePeerValue(2)).toBe('2');
    expect(describePeerValue(null)).toBe('null');
    expect(describePeerValue(undefined)).toBe('undefined');
    expect(describePeerValue([1, 'a'])).toBe('[1,"a"]');
    expect(describePeerValue({ a: { b: 1 } })).toBe('{"a":{"b":1}}');
  });

  it('shows two levels and four entries, then an ellipsis', () => {
    expect(describePeerValue([[[[1]]]])).toBe('[[[…]]]');
    expect(describePeerValue({ a: { b: { c: 1 } } })).toBe('{"a":{"b":{…}}}');
    expect(describePeerValue([1, 2, 3, 4, 5, 6])).toBe('[1,2,3,4,…]');
    expect(describePeerValue({ a: 1, b: 2, c: 3, d: 4, e: 5 })).toBe('{"a":1,"b":2,"c":3,"d":4,…}');
  });

  it('never throws on a value JSON.stringify cannot handle', () => {
    const depth = 100_000;
    const deep = JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown;
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(describePeerValue(deep)).toBe('[[[…]]]');
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(describePeerValue(cycle)).toBe('{"self":{"self":{…}}}');
    expect(describePeerValue(10n)).toBe('10n');
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no');
        },
      },
    );
    expect(describePeerValue(hostile)).toBe('a value that cannot be described');
  });

  it('bounds the length of huge strings, keys and wide values', () => {
    const huge = 'x'.repeat(10_000_000);
    for (const value of [huge, { [huge]: huge }, [huge, huge, huge], { a: ['y'.repeat(1000), 1] }]) {
      expect(describePeerValue(value).length).toBeLessThanOrEqual(DEFAULT_DESCRIBE_MAX_LENGTH);
    }
    expect(describePeerValue(huge, 10)).toBe('"xxxxxxxx…');
    expect(describePeerValue('abc', 0)).toBe('"abc"');
  });

  it('keeps an own "__proto__" member as data', () => {
    expect(describePeerValue(JSON.parse('{"__proto__":{"x":1}}'))).toBe('{"__proto__":{"x":1}}');
  });

  it('is exported from the root entry', () => {
    expect(root.describePeerValue).toBe(describePeerValue);
  });
});
