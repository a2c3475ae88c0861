import { describe, expect, it } from 'vitest';
import { mcplDialect } from './dialect.js';

describe('mcplDialect', () => {
  it('accepts the 0.4 and 0.5 versions peers send', () => {
    expect(['0.4', '0.4.1', '0.5', '0.5.0-draft'].map(mcplDialect)).toEqual(['0.4', '0.4', '0.5', '0.5']);
  });

  it('knows no other version', () => {
    expect(['0.3', '0.45', '1.0', '', 0.5, undefined].map(mcplDialect)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
