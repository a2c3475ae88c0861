import { describe, expect, it } from 'vitest';
import { abbreviationPairs, cooccurrencePairs, type TermFields } from './related-terms.js';

const tool = (names: string[], text: string[]): TermFields => ({
  nameTerms: new Set(names),
  textTerms: new Set(text),
});

describe('abbreviationPairs', () => {
  it('pairs a name abbreviation with the word it prefixes in two tools, both ways', () => {
    const pairs = abbreviationPairs([
      tool(['repo', 'list'], ['repositori']),
      tool(['repo', 'get'], ['repositori', 'one']),
    ]);
    expect(pairs.get('repo')).toEqual(['repositori']);
    expect(pairs.get('repositori')).toEqual(['repo']);
  });

  it('needs two tools', () => {
    expect(abbreviationPairs([tool(['repo'], ['repositori'])]).size).toBe(0);
  });
});

describe('cooccurrencePairs', () => {
  const limits = { minTools: 2, minShare: 0.5 };

  it('points a description word to the name word most of its tools have', () => {
    const pairs = cooccurrencePairs(
      [
        tool(['pull', 'get'], ['singl']),
        tool(['pull', 'list'], ['singl', 'all']),
        tool(['issu', 'get'], ['one']),
      ],
      limits,
    );
    // "singl" comes with "pull" in 2 of its 2 tools, with "get" and "list" in 1 each.
    expect(pairs.get('singl')).toEqual(['pull']);
    // Only text → name: a name word is not widened.
    expect(pairs.has('pull')).toBe(false);
  });

  it('drops a pair below the tool count or the share', () => {
    const documents = [
      tool(['pull'], ['singl']),
      tool(['pull'], ['singl']),
      tool(['issu'], ['singl']),
      tool(['commit'], ['singl']),
      tool(['tag'], ['singl']),
    ];
    // 2 of 5 tools: under half.
    expect(cooccurrencePairs(documents, limits).has('singl')).toBe(false);
    expect(cooccurrencePairs(documents, { minTools: 2, minShare: 0.4 }).get('singl')).toEqual(['pull']);
    expect(cooccurrencePairs(documents, { minTools: 3, minShare: 0.4 }).has('singl')).toBe(false);
  });

  it('does not pair a description word with a tool that already has it in its name', () => {
    const pairs = cooccurrencePairs(
      [tool(['gist', 'star'], ['star', 'gist']), tool(['gist', 'star'], ['star'])],
      limits,
    );
    expect(pairs.size).toBe(0);
  });
});
