/**
 * Text to index terms: words (tokenize), without stop words, stemmed per language. Documents and
 * queries go through the same steps. A cache keeps a query's repeated words from being stemmed
 * again; it is bounded so arbitrary query text cannot grow it without end.
 * @module
 */
import { isStopWord, stemWord } from './stem.js';
import { tokenize } from './tokenize.js';

/** Distinct words remembered by the stem cache before it starts over. */
const STEM_CACHE_LIMIT = 50_000;
const stemCache = new Map<string, string | null>();

/** The term of one normalised word, or null for a stop word. */
export function termOf(word: string): string | null {
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  const term = isStopWord(word) ? null : stemWord(word);
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
  stemCache.set(word, term);
  return term;
}

/** The terms of a text, in order, repeats kept (they count as term frequency). */
export function analyze(text: string): string[] {
  const terms: string[] = [];
  for (const word of tokenize(text)) {
    const term = termOf(word);
    if (term !== null && term !== '') terms.push(term);
  }
  return terms;
}
