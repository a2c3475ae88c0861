/**
 * Words of a text or an identifier. Identifiers split on `_`, `-`, `.`, `/`, case changes and
 * digit runs, so `listForAuthenticatedUser`, `repos/create-fork` and `oauth2` yield words a person
 * would type.
 * @module
 */
import { normalizeText } from './normalize.js';

/** A run of letters (any script) or a run of digits: everything else separates words. */
const WORD = /\p{L}+|\p{N}+/gu;
/** A lower-case letter or digit followed by an upper-case one: `forkRepo` → `fork|Repo`. */
const LOWER_UPPER = /(\p{Ll}|\p{N})(\p{Lu})/gu;
/** An upper-case run followed by a capitalised word: `HTTPServer` → `HTTP|Server`. */
const UPPER_WORD = /(\p{Lu}+)(\p{Lu}\p{Ll})/gu;
/** A plain word (lower case, maybe capitalised, no digits): most words, so they skip the splitting. */
const PLAIN_WORD = /^\p{Lu}?\p{Ll}*$/u;

/**
 * The normalised words of `text`. A mixed-case token (`GitHub`, `createFork`) gives its parts
 * and also the whole word, so a query that writes it either way matches.
 */
export function tokenize(text: string): string[] {
  const words: string[] = [];
  for (const raw of text.normalize('NFKC').split(/[^\p{L}\p{N}]+/u)) {
    if (raw === '') continue;
    if (PLAIN_WORD.test(raw)) {
      words.push(raw.toLowerCase().replaceAll('ё', 'е'));
      continue;
    }
    const split = raw.replace(UPPER_WORD, '$1 $2').replace(LOWER_UPPER, '$1 $2');
    const parts = normalizeText(split).match(WORD) ?? [];
    words.push(...parts);
    if (parts.length > 1 && split !== raw) {
      // Only a case change joins back: `v2` or `oauth2` stay split, `GitHub` also gives `github`.
      const whole = normalizeText(raw).match(WORD);
      if (whole !== null && whole.length === 1 && whole[0] !== undefined) words.push(whole[0]);
    }
  }
  return words;
}
