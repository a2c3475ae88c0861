import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every level and drops whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [true, null], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[true,null]},"b":1}',
    );
  });

  it('gives equal output for objects built in a different order', () => {
    expect(canonicalJson({ title: 't', slug: 's' })).toBe(canonicalJson({ slug: 's', title: 't' }));
  });

  it('escapes strings as JSON does', () => {
    expect(canonicalJson({ text: 'line\n"quoted"' })).toBe('{"text":"line\\n\\"quoted\\""}');
  });

  it('sorts by code unit, not by locale', () => {
    expect(canonicalJson({ b: 1, B: 2, a: 3 })).toBe('{"B":2,"a":3,"b":1}');
  });

  it('refuses values JSON cannot represent', () => {
    expect(() => canonicalJson({ value: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson({ value: undefined })).toThrow(TypeError);
    expect(() => canonicalJson(() => 1)).toThrow(TypeError);
  });
});
