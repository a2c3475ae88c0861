const WORD = /[\p{L}\p{N}]+/gu;

/** One word of a text, in search form, with where it sits in the original. */
export interface Token {
  readonly term: string;
  readonly start: number;
  readonly end: number;
}

/** The search form of a word: compatibility-normalised and lowercased. */
export function normalizeTerm(word: string): string {
  return word.normalize('NFKC').toLowerCase();
}

/**
 * Splits text into words (runs of letters and digits) in search form. Everything
 * else separates words, so a query of spaces or punctuation has no words at all.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    tokens.push({ term: normalizeTerm(match[0]), start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

/** The distinct search terms of a text, in first-seen order. */
export function distinctTerms(text: string): string[] {
  return [...new Set(tokenize(text).map((token) => token.term))];
}
