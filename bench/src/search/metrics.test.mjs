import { describe, expect, it } from 'vitest';
import { directTokens, searchAnswerTokens, tokensOf } from './exchange-size.mjs';
import { quality } from './metrics.mjs';
import { PlainBm25, plainTokens } from './plain-bm25.mjs';

describe('quality', () => {
  it('counts recall@1, recall@8 and MRR from the rank of the first right tool', () => {
    const ranked = {
      a: ['x', 'right'],
      b: ['right'],
      c: ['1', '2', '3', '4', '5', '6', '7', '8', 'right'],
      d: [],
    };
    const tasks = Object.keys(ranked).map((query) => ({ query, expected: ['right'] }));
    const result = quality(
      (query) => ranked[query],
      tasks,
      (id) => id,
    );
    expect(result.recall1).toBe(0.25);
    expect(result.recall8).toBe(0.5);
    expect(result.mrr).toBe(Math.round(((1 / 2 + 1 + 1 / 9) / 4) * 1000) / 1000);
    expect(result.misses.map((miss) => [miss.query, miss.rank])).toEqual([
      ['c', 9],
      ['d', null],
    ]);
  });
});

describe('plain BM25', () => {
  it('splits on whitespace and punctuation only, without stemming', () => {
    expect(plainTokens('repos/create-fork Forks, forked!')).toEqual([
      'repos',
      'create',
      'fork',
      'forks',
      'forked',
    ]);
  });

  it('ranks the document with the rarer matching word first, ties by catalog order', () => {
    const index = new PlainBm25([
      { name: 'a', text: 'list repositories' },
      { name: 'b', text: 'delete repositories' },
      { name: 'c', text: 'list users' },
    ]);
    expect(index.search('delete repositories', 8)).toEqual(['b', 'a']);
    expect(index.search('list', 8)).toEqual(['a', 'c']);
    expect(index.search('forks', 8)).toEqual([]);
  });
});

describe('exchange size', () => {
  it('estimates tokens as ceil(UTF-8 bytes / 3)', () => {
    expect(tokensOf('ab')).toBe(2); // "ab" with quotes: 4 bytes
    expect(tokensOf('ё')).toBe(2); // 2 quotes + 2 bytes
    expect(directTokens([{ listed: { name: 'a' } }])).toBe(tokensOf({ tools: [{ name: 'a' }] }));
    expect(searchAnswerTokens([{ name: 'a' }])).toBeGreaterThan(2 * tokensOf({ tools: [{ name: 'a' }] }));
  });
});
