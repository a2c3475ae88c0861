import { describe, expect, it } from 'vitest';
import { MAX_NATIVE_STEPS, runsBoundedNatively } from './bounded-pattern.js';

describe('runsBoundedNatively: only patterns whose backtracking is bounded whatever the input', () => {
  it.each([
    '^[A-Z]{3}$',
    '^\\d{4}-\\d{2}-\\d{2}$',
    '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
    '^\\+?[1-9]\\d{1,14}$',
    '^x-',
    '^(?:ab|cd){2}$',
    '^(?<year>\\d{4})(-\\d{2})?$',
    '^[\\]\\[]\\u{1F600}\\p{L}$',
  ])('%j: yes', (pattern) => {
    expect(runsBoundedNatively(pattern)).toBe(true);
  });

  it.each([
    // Not anchored: tried at every position.
    '[A-Z]{3}',
    '\\d{4}',
    // Anchored in one branch only.
    '^a|b',
    // Unbounded quantifiers: backtracking grows with the input.
    '^(a+)+$',
    '^a*$',
    '^\\d{2,}$',
    '^[a-z0-9]+(-[a-z0-9]+)*$',
    // Bounded, but too many ways at worst: (a|a) nested 20 times offers 2^20.
    '^(?:(?:a|a){0,1}){20}$',
    `^(?:a?){${MAX_NATIVE_STEPS}}$`,
  ])('%j: no', (pattern) => {
    expect(runsBoundedNatively(pattern)).toBe(false);
  });
});
