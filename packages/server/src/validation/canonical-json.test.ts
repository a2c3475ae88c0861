import fc from 'fast-check';
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

  it("does not overflow on a value nested thousands of levels deep (a peer's MRTR arguments)", () => {
    const depth = 100_000;
    const deep = JSON.parse(`${'{"b":1,"a":['.repeat(depth)}${']}'.repeat(depth)}`) as unknown;
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(canonicalJson(deep)).toBe(`${'{"a":['.repeat(depth)}${'],"b":1}'.repeat(depth)}`);
  });

  it('writes what JSON.stringify of the key-sorted value writes', () => {
    // The replacer-based implementation it replaces, as the reference (shallow values only).
    const reference = (value: unknown): string =>
      JSON.stringify(value, (_key, node: unknown) => {
        if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
        const sorted = Object.create(null) as Record<string, unknown>;
        for (const key of Object.keys(node).sort()) sorted[key] = (node as Record<string, unknown>)[key];
        return sorted;
      });
    const keys = fc.oneof(
      fc.string(),
      fc.constantFrom('0', '1', '9', '10', '01', '-1', '4294967294', '4294967295'),
    );
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 0 }),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(keys, tie('value'), { maxKeys: 5 }),
      ),
    })).value;
    fc.assert(fc.property(json, (value) => canonicalJson(value) === reference(value)));
    const odd = {
      d: new Date(0),
      u: undefined,
      f: () => 1,
      n: Number.NaN,
      i: -0,
      a: [undefined, Symbol('s')],
    };
    expect(canonicalJson(odd)).toBe(reference(odd));
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('throws a TypeError for what JSON cannot hold (a cycle, a BigInt)', () => {
    const cycle: Record<string, unknown> = {};
    cycle['self'] = [cycle];
    expect(() => canonicalJson(cycle)).toThrow(TypeError);
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
    const shared = { x: 1 };
    expect(canonicalJson([shared, shared])).toBe('[{"x":1},{"x":1}]');
  });

  it('is the one implementation the package exports', () => {
    expect(root.canonicalJson).toBe(canonicalJson);
  });
});
