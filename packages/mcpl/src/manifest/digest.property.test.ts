import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalizeJson } from './canonical-json.js';
import { manifestDigest } from './digest.js';

/** The same object with its members inserted in reverse order, at every depth. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).reverse();
  const copy: Record<string, unknown> = Object.create(null);
  for (const [key, member] of entries) copy[key] = reversed(member);
  return copy;
}

const identifier = fc.stringMatching(/^[A-Za-z0-9._:*-]{1,12}$/);
const manifest = fc.record({
  version: fc.constantFrom('0.4', '0.5'),
  pushEvents: fc.boolean(),
  // Member names are identifiers at every depth; arrays are content and may hold anything.
  vendor: fc.dictionary(
    identifier,
    fc.oneof(
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
      fc.dictionary(
        identifier,
        fc.oneof(fc.boolean(), fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true })),
      ),
    ),
    { maxKeys: 4 },
  ),
  featureSets: fc.dictionary(
    identifier,
    fc.record({ description: fc.string(), uses: fc.array(identifier, { maxLength: 6 }) }),
    { maxKeys: 4 },
  ),
});

describe('manifest digest properties', () => {
  it('canonical JSON parses back to the value JSON.stringify would carry, and is a fixed point', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const canonical = canonicalizeJson(value);
        expect(JSON.parse(canonical)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalizeJson(JSON.parse(canonical))).toBe(canonical);
      }),
      { numRuns: 300 },
    );
  });

  it('member order and the order and repeats of set arrays never change the digest', () => {
    fc.assert(
      fc.property(manifest, (input) => {
        const shuffled = reversed(input) as typeof input;
        for (const declaration of Object.values(shuffled.featureSets)) {
          declaration.uses = [...declaration.uses].reverse().concat(declaration.uses.slice(0, 1));
        }
        expect(manifestDigest(shuffled)).toBe(manifestDigest(input));
      }),
      { numRuns: 200 },
    );
  });

  it('changing any description changes the digest', () => {
    fc.assert(
      fc.property(manifest, fc.string(), (input, suffix) => {
        const names = Object.keys(input.featureSets);
        fc.pre(names.length > 0 && suffix.length > 0);
        const changed = structuredClone(input);
        const first = changed.featureSets[names[0] as string];
        if (first) first.description += suffix;
        expect(manifestDigest(changed)).not.toBe(manifestDigest(input));
      }),
      { numRuns: 100 },
    );
  });
});
