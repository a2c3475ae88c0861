import { describe, expect, it } from 'vitest';
import * as root from '../index.js';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts object keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ x: 1, y: 2 })).toBe(canonicalJson({ y: 2, x: 1 }));
  });

  it('keeps an own "__proto__" member, so a digest sees it (issue 8, defect 10)', () => {
    const parsed = JSON.parse('{"b":1,"__proto__":{"x":1},"a":{"__proto__":[2]}}') as unknown;
    expect(canonicalJson(parsed)).toBe('{"__proto__":{"x":1},"a":{"__proto__":[2]},"b":1}');
    expect(canonicalJson(parsed)).not.toBe(canonicalJson({ b: 1, a: {} }));
    expect(canonicalJson(JSON.parse('{"__proto__":null}'))).toBe('{"__proto__":null}');
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it('is the one implementation the package exports', () => {
    expect(root.canonicalJson).toBe(canonicalJson);
  });
});
