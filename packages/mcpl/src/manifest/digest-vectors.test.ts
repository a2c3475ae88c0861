import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ManifestDigestError } from '../errors/mcpl-error.js';
import { manifestCanonicalString, manifestDigest } from './digest.js';
import { sortSetArray } from './set-order.js';

/**
 * The RFC-003 conformance vectors, read verbatim from the vendored copy (or the file
 * MCPL_DIGEST_VECTORS names). A missing file fails the run: vectors that silently did not run
 * would look like vectors that passed.
 */
const VENDORED = fileURLToPath(
  new URL('../../test-vectors/data/manifest-digest-vectors.json', import.meta.url),
);
/** sha256 of anima-research/mcpl conformance/manifest-digest-vectors.json at 5d1adeb. */
const VENDORED_SHA256 = 'b4318cb5f2e47fc640509d814536a55166d68be7938903c91e4552a7cc6f0e90';
const override = process.env['MCPL_DIGEST_VECTORS'];
const path = override !== undefined && override !== '' ? override : VENDORED;

interface DigestVector {
  name: string;
  input: unknown;
  canonicalJson?: string;
  sha256Hex?: string;
  digest?: string;
  sameDigestAs?: string;
  differentDigestFrom?: string;
  expectError?: string;
  errorDetail?: string;
}

interface VectorFile {
  vectors: DigestVector[];
  sortVectors: Array<{ name: string; input: string[]; sorted: string[] }>;
}

function load(): { bytes: Buffer; file: VectorFile } {
  if (!existsSync(path)) {
    throw new Error(
      `MCPL digest vectors not found at ${path}: restore packages/mcpl/test-vectors/data/ from git, ` +
        'or point MCPL_DIGEST_VECTORS at a copy of conformance/manifest-digest-vectors.json',
    );
  }
  const bytes = readFileSync(path);
  return { bytes, file: JSON.parse(bytes.toString('utf8')) as VectorFile };
}

const { bytes, file } = load();
const byName = new Map(file.vectors.map((vector) => [vector.name, vector]));
const positive = file.vectors.filter((vector) => vector.expectError === undefined);
const negative = file.vectors.filter((vector) => vector.expectError !== undefined);

describe(`manifest digest conformance vectors (${override ? 'MCPL_DIGEST_VECTORS' : 'vendored'})`, () => {
  it.runIf(path === VENDORED)(
    'the vendored file is the upstream one byte for byte, with 25 + 4 vectors',
    () => {
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(VENDORED_SHA256);
      expect([file.vectors.length, positive.length, negative.length, file.sortVectors.length]).toEqual([
        25, 20, 5, 4,
      ]);
    },
  );

  it('every vector carries a digest or an expected error, never both', () => {
    expect(file.vectors.length).toBeGreaterThan(0);
    for (const vector of file.vectors) {
      expect({ [vector.name]: vector.digest === undefined }).toEqual({
        [vector.name]: vector.expectError !== undefined,
      });
    }
  });

  // CONSUMING.md's order: canonical string, then its hash, then the encoded revision.
  it.each(positive.map((vector) => [vector.name, vector] as const))(
    '%s: canonicalJson → sha256Hex → digest',
    (_, vector) => {
      const canonical = manifestCanonicalString(vector.input);
      expect(canonical).toBe(vector.canonicalJson);
      expect(createHash('sha256').update(canonical, 'utf8').digest('hex')).toBe(vector.sha256Hex);
      expect(manifestDigest(vector.input)).toBe(vector.digest);
      if (vector.sameDigestAs !== undefined) {
        expect(manifestDigest(vector.input)).toBe(byName.get(vector.sameDigestAs)?.digest);
      }
      if (vector.differentDigestFrom !== undefined) {
        const other = byName.get(vector.differentDigestFrom)?.digest;
        expect(other).toEqual(expect.any(String));
        expect(manifestDigest(vector.input)).not.toBe(other);
      }
    },
  );

  it.each(negative.map((vector) => [vector.name, vector] as const))(
    '%s: refused with its code and position',
    (_, vector) => {
      let caught: unknown;
      try {
        manifestDigest(vector.input);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ManifestDigestError);
      const error = caught as ManifestDigestError;
      expect(error.conformanceCode).toBe(vector.expectError);
      // errorDetail reads `<path> = '<value>'`.
      expect(`${error.path} = '${String(error.value)}'`).toBe(vector.errorDetail);
    },
  );

  it.each(file.sortVectors.map((vector) => [vector.name, vector] as const))('sort vector %s', (_, vector) => {
    expect(sortSetArray(vector.input)).toEqual(vector.sorted);
  });
});
