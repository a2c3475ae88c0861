/**
 * @module
 * Arbitrary JSON values a hostile peer can send, as JSON text. Text, not JS values: a value
 * 20 000 levels deep cannot be passed through `JSON.stringify` (it overflows the stack), and an
 * own `"__proto__"` member only exists as `JSON.parse` makes it.
 */
import fc from 'fast-check';

/** JSON text of one value. */
export type JsonText = string;

/** Deeper than `JSON.stringify` and any recursive walk survive (about 5 000 levels on Node 20). */
const DEPTH = { min: 2_000, max: 20_000 };
/** Wide enough to cost something, small enough to send a hundred of them in seconds. */
const WIDTH = { min: 1_000, max: 20_000 };
/** Up to half a MiB: large against any field's real use, far under the 16 MiB message limit. */
const HUGE_STRING = { min: 10_000, max: 512 * 1024 };

/** Keys that collide with `Object.prototype` or JS conventions (`then`, `toJSON`). */
export const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'then',
  'toJSON',
  'length',
  '',
  '\u0000',
  '\u2028',
] as const;

/** `{"k":v,...}` from members whose values are already JSON text. */
export function objectText(members: ReadonlyArray<readonly [string, JsonText]>): JsonText {
  return `{${members.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

const oddNumbers = fc.constantFrom(
  '1e400',
  '-1e400',
  '-0',
  '9007199254740993',
  '1.7976931348623157e308',
  '5e-324',
  '0.5',
  '-1',
  '1e21',
);

const oddStrings = fc.constantFrom(
  '""',
  '"2.0"',
  '"__proto__"',
  '"constructor"',
  '"tools/call"',
  '"\\u2028\\u2029"',
  '"\\ud800"',
  '"\\u0000"',
  '"é😀"',
  '"null"',
);

const literals = fc.constantFrom('null', 'true', 'false', '[]', '{}', '0', '[null]', '{"":null}');

const small = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value));

const deep = fc
  .tuple(fc.integer(DEPTH), fc.constantFrom('array', 'object', '__proto__', 'mixed'))
  .map(([depth, shape]) => {
    switch (shape) {
      case 'array':
        return `${'['.repeat(depth)}${']'.repeat(depth)}`;
      case 'object':
        return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      case '__proto__':
        return `${'{"__proto__":'.repeat(depth)}null${'}'.repeat(depth)}`;
      default:
        return `${'[{"a":'.repeat(depth)}0${'}]'.repeat(depth)}`;
    }
  });

const wide = fc
  .tuple(fc.integer(WIDTH), fc.boolean())
  .map(([width, asArray]) =>
    asArray
      ? `[${Array.from({ length: width }, (_, index) => (index % 3 === 0 ? '0' : index % 3 === 1 ? '"x"' : '{}')).join(',')}]`
      : objectText(Array.from({ length: width }, (_, index) => [`k${index}`, String(index)] as const)),
  );

const hugeString = fc
  .tuple(fc.integer(HUGE_STRING), fc.constantFrom('x', 'é', '\\u2028', '\\ud800', '\\"', '\\u0000', '😀'))
  .map(([length, unit]) => `"${unit.repeat(Math.ceil(length / unit.length))}"`);

const hugeKey = fc.integer(HUGE_STRING).map((length) => objectText([['k'.repeat(length), '1']]));

const oddKeyed = fc
  .subarray([...ODD_KEYS], { minLength: 1 })
  .chain((keys) => fc.tuple(...keys.map((key) => small.map((value) => [key, value] as const))))
  .map((members) => objectText(members));

/** Any value a field may be replaced with: mostly small and odd, sometimes deep, wide or huge. */
export const hostileJson: fc.Arbitrary<JsonText> = fc.oneof(
  { arbitrary: small, weight: 30 },
  { arbitrary: literals, weight: 10 },
  { arbitrary: oddStrings, weight: 10 },
  { arbitrary: oddNumbers, weight: 10 },
  { arbitrary: oddKeyed, weight: 10 },
  { arbitrary: deep, weight: 8 },
  { arbitrary: wide, weight: 4 },
  { arbitrary: hugeString, weight: 4 },
  { arbitrary: hugeKey, weight: 2 },
);

/** A key for an extra member: an odd one, or any string. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...ODD_KEYS), weight: 3 },
  { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
);
