import { describe, expect, it } from 'vitest';
import { makeSnippet } from './snippet.js';

const long =
  'Alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu.';

describe('makeSnippet', () => {
  it('returns a short text whole', () => {
    expect(makeSnippet('Short text.', new Set(['text']))).toBe('Short text.');
  });

  it('starts at the beginning when no word matches', () => {
    const snippet = makeSnippet(long, new Set(['nothing']), 40);
    expect(snippet.startsWith('Alpha bravo')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(40);
  });

  it('centres on the first matching word and cuts at word boundaries', () => {
    const snippet = makeSnippet(long, new Set(['oscar']), 40);
    expect(snippet).toContain('oscar');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(40);
    const inner = snippet.replace(/^…/, '').replace(/…$/, '');
    expect(long).toContain(inner);
    // Whole words only: the excerpt begins and ends on a word boundary of the text.
    const at = long.indexOf(inner);
    expect(at === 0 || /\W/.test(long[at - 1] ?? '')).toBe(true);
    expect(/\w/.test(long[at + inner.length] ?? ' ')).toBe(false);
  });

  it('keeps a full window when the match is near the end', () => {
    const snippet = makeSnippet(long, new Set(['zulu']), 40);
    expect(snippet).toContain('zulu.');
    expect(snippet.endsWith('zulu.')).toBe(true);
    expect(snippet.length).toBeGreaterThan(30);
  });
});
