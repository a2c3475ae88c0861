/**
 * Text to index terms: words (tokenize), without stop words, stemmed per language. Documents and
 * queries go through the same steps. Caches keep a query's repeated words from being stemmed
 * again; they are bounded so arbitrary query text cannot grow them without end.
 * @module
 */
import { isStopWord, stemWord } from './stem.js';
import { tokenize } from './tokenize.js';

/** Distinct words remembered by the stem cache before it starts over. */
const STEM_CACHE_LIMIT = 50_000;
const stemCache = new Map<string, string | null>();

const phraseStemCache = new Map<string, string>();

/** The term of one normalised word, or null for a stop word. */
export function termOf(word: string): string | null {
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  const term = isStopWord(word) ? null : stemWord(word);
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
  stemCache.set(word, term);
  return term;
}

/** The stem of one normalised word, stop words too: phrases ("turn off") are matched by these. */
export function phraseStemOf(word: string): string {
  const cached = phraseStemCache.get(word);
  if (cached !== undefined) return cached;
  const stem = stemWord(word);
  if (phraseStemCache.size >= STEM_CACHE_LIMIT) phraseStemCache.clear();
  phraseStemCache.set(word, stem);
  return stem;
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
