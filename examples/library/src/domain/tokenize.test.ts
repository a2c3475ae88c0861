import { describe, expect, it } from 'vitest';
import { distinctTerms, tokenize } from './tokenize.js';

describe('tokenize', () => {
  it('splits on anything that is not a letter or digit and lowercases', () => {
    expect(tokenize('Stone-Bridges, 2 arches!').map((token) => token.term)).toEqual([
      'stone',
      'bridges',
      '2',
      'arches',
    ]);
  });

  it('keeps positions in the original text', () => {
    const [first, second] = tokenize('  Tea  leaf');
    expect(first).toEqual({ term: 'tea', start: 2, end: 5 });
    expect(second).toEqual({ term: 'leaf', start: 7, end: 11 });
  });

  it('finds no words in whitespace or punctuation', () => {
    expect(tokenize('   \t  ')).toEqual([]);
    expect(tokenize('?!... --')).toEqual([]);
  });

  it('normalises compatibility forms and non-Latin letters', () => {
    expect(distinctTerms('Ｔｅａ ЧАЙ чай')).toEqual(['tea', 'чай']);
  });
});
