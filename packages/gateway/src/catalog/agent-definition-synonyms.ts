import { invalidField } from '../errors/gateway-error.js';
import { MAX_PHRASE_WORDS, normalizeText, phraseWords } from '../search/index/index.js';
import { readUniqueList } from './field-reader.js';

/**
 * Reading an agent's `searchSynonyms` from untrusted JSON: each group is words or short phrases
 * that mean the same in its catalog. Words are counted as the search index's `phraseWords` counts
 * them, so every entry accepted here is one the index can match.
 * @module
 */

/** Fewest entries of a group: one entry alone says nothing. */
export const MIN_SYNONYM_GROUP_ENTRIES = 2;
/** Most entries of one group. */
export const MAX_SYNONYM_GROUP_ENTRIES = 20;
/** Longest entry, in characters after trimming. */
export const MAX_SYNONYM_CHARACTERS = 64;

/** One entry of a group, trimmed: 1..64 characters, 1..MAX_PHRASE_WORDS words. */
export function readSynonym(value: unknown, field: string): string {
  if (typeof value !== 'string') throw invalidField(field, 'must be a string (a word or a short phrase)');
  const entry = value.trim();
  if (entry === '') throw invalidField(field, 'must not be empty: write a word or a short phrase');
  if (entry.length > MAX_SYNONYM_CHARACTERS) {
    throw invalidField(
      field,
      `must be at most ${MAX_SYNONYM_CHARACTERS} characters (got ${entry.length}): use a shorter phrase`,
    );
  }
  const words = phraseWords(entry).length;
  if (words === 0) {
    throw invalidField(
      field,
      `has no word (letters or digits) in ${JSON.stringify(entry)}: search cannot match it`,
    );
  }
  if (words > MAX_PHRASE_WORDS) {
    throw invalidField(
      field,
      `must be at most ${MAX_PHRASE_WORDS} words (got ${words} in ${JSON.stringify(entry)}): use a shorter phrase`,
    );
  }
  return entry;
}

/** One group: 2..20 entries, unique after trimming and case folding (search folds case too). */
export function readSynonymGroup(value: unknown, field: string): string[] {
  const group = readUniqueList(value, field, MAX_SYNONYM_GROUP_ENTRIES, readSynonym);
  const seen = new Map<string, string>();
  group.forEach((entry, index) => {
    const folded = normalizeText(entry);
    const earlier = seen.get(folded);
    if (earlier !== undefined) {
      throw invalidField(`${field}[${index}]`, `repeats ${JSON.stringify(earlier)}: search folds case`);
    }
    seen.set(folded, entry);
  });
  if (group.length < MIN_SYNONYM_GROUP_ENTRIES) {
    throw invalidField(
      field,
      `must have ${MIN_SYNONYM_GROUP_ENTRIES}..${MAX_SYNONYM_GROUP_ENTRIES} entries (got ${group.length}): a group lists words that mean the same`,
    );
  }
  return group;
}
