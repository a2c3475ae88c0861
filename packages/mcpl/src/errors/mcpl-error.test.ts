import { describe, expect, it } from 'vitest';
import { ManifestDigestError, McplError } from './mcpl-error.js';

/** An error as a second copy of the package would build it: another class, the same brand. */
function fromAnotherCopy(code: string): Error {
  const error = new Error('elsewhere');
  Object.defineProperty(error, Symbol.for('mcpforge.mcpl.McplError'), { value: true });
  return Object.assign(error, { code });
}

describe('McplError', () => {
  it('matches across copies of the package by its brand, each class by its own codes', () => {
    const digest = fromAnotherCopy('ERR_MANIFEST_IDENTIFIER_CHARSET');
    const transaction = fromAnotherCopy('ERR_MANIFEST_TRANSACTION');
    expect([digest instanceof McplError, digest instanceof ManifestDigestError]).toEqual([true, true]);
    expect([transaction instanceof McplError, transaction instanceof ManifestDigestError]).toEqual([
      true,
      false,
    ]);
    expect(new Error('plain') instanceof McplError).toBe(false);
  });

  it('ManifestDigestError names the position and the value, and the conformance code when the spec has one', () => {
    const error = new ManifestDigestError(
      'ERR_MANIFEST_IDENTIFIER_CHARSET',
      'featureSets.a b',
      'a b',
      'bad identifier',
    );
    expect(error.message).toBe('bad identifier: featureSets.a b = "a b"');
    expect([error.name, error.code, error.conformanceCode]).toEqual([
      'ManifestDigestError',
      'ERR_MANIFEST_IDENTIFIER_CHARSET',
      'identifier_charset',
    ]);
    const deep = new ManifestDigestError('ERR_MANIFEST_TOO_DEEP', '', {}, 'too deep');
    expect([deep.message, deep.conformanceCode]).toEqual(['too deep: (the manifest) = an object', undefined]);
  });

  it('keeps a long peer value out of the message', () => {
    const error = new ManifestDigestError('ERR_MANIFEST_IDENTIFIER_CHARSET', 'x', 'y'.repeat(10_000), 'bad');
    expect(error.message.length).toBeLessThan(120);
  });
});
