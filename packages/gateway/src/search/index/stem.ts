/**
 * Per-word language and stemming. The language is read from the word's script (Cyrillic →
 * Russian, Latin → English), not set per catalog: one catalog often mixes both, such as a
 * Russian description naming an English product.
 * @module
 */
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stemmer as russianStemmer } from '@orama/stemmers/russian';
import { ENGLISH_STOP_WORDS, RUSSIAN_STOP_WORDS } from './stop-words.js';

export type WordLanguage = 'english' | 'russian' | 'other';

const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /\p{Script=Latin}/u;

export function languageOf(word: string): WordLanguage {
  if (CYRILLIC.test(word)) return 'russian';
  if (LATIN.test(word)) return 'english';
  return 'other';
}

/** Whether a normalised word is a stop word of its own language. */
export function isStopWord(word: string): boolean {
  switch (languageOf(word)) {
    case 'english':
      return ENGLISH_STOP_WORDS.has(word);
    case 'russian':
      return RUSSIAN_STOP_WORDS.has(word);
    default:
      return false;
  }
}

/** The stem of a normalised word; digits and other scripts stay as they are. */
export function stemWord(word: string): string {
  switch (languageOf(word)) {
    case 'english':
      return englishStemmer(word);
    case 'russian':
      return russianStemmer(word);
    default:
      return word;
  }
}
