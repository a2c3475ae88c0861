/**
 * Query expansion from word groups: the built-in everyday groups (everyday-words.ts) and an
 * agent's own synonyms. It finds the phrases of a query that a group knows, and the index terms
 * they expand to. Phrases are compared stem by stem with stop words kept, so "turned off",
 * "turning off" and "turn off" are the same phrase, and "my", a stop word the index never sees,
 * still points to "authenticated".
 * @module
 */
import { phraseStemOf, termOf } from './analyze.js';
import { CROSS_LANGUAGE_WORD_GROUPS } from './cross-language-words.js';
import { EVERYDAY_WORD_GROUPS } from './everyday-words.js';
import { normalizeText } from './normalize.js';
import { tokenize } from './tokenize.js';

/** The longest phrase of the groups, in words: a query is scanned for phrases up to this long. */
export const MAX_PHRASE_WORDS = 4;
/**
 * Words allowed between two words of a phrase: an English phrasal verb takes its object in the
 * middle ("throw the old repository away", "turn the workflow off").
 */
const MAX_GAP = 3;

/**
 * One phrase found in a query. `anchor` is the index term of the phrase's first word that is not
 * a stop word (its group in the search gets `terms` as members), or null for a phrase of stop
 * words only, which gets a group of its own.
 */
export interface PhraseExpansion {
  anchor: string | null;
  terms: readonly string[];
  /** What one of `terms` counts against the query's own word. */
  weight: number;
  /**
   * A phrase of two or more words ("logged in", "turn off") stands for its group as a whole: these
   * are the index terms of its own words, which then count only at `weight`, while `terms` count
   * in full. Absent for a one-word phrase, whose word keeps its own meaning too.
   */
  ownTerms?: readonly string[];
}

/** Groups of words and phrases that mean the same, and the weight of an expansion through them. */
export interface WordGroups {
  groups: readonly (readonly string[])[];
  weight: number;
}

interface Phrase extends PhraseExpansion {
  stems: readonly string[];
}

export class QueryExpansion {
  /** First stem of a phrase → the phrases that start with it, longest first. */
  readonly #byFirstStem: ReadonlyMap<string, readonly Phrase[]>;

  private constructor(byFirstStem: ReadonlyMap<string, readonly Phrase[]>) {
    this.#byFirstStem = byFirstStem;
  }

  static compile(sources: readonly WordGroups[]): QueryExpansion {
    const byFirstStem = new Map<string, Phrase[]>();
    for (const { groups, weight } of sources) {
      if (weight > 0) for (const group of groups) addGroup(byFirstStem, group, weight);
    }
    for (const list of byFirstStem.values()) list.sort((a, b) => b.stems.length - a.stems.length);
    return new QueryExpansion(byFirstStem);
  }

  /** Whether `query` has a phrase the groups know. */
  knows(query: string): boolean {
    return this.expand(query).length > 0;
  }

  /** The phrases of `query` the groups know, in query order; a phrase found twice counts once. */
  expand(query: string): PhraseExpansion[] {
    const stems = tokenize(query).map(phraseStemOf);
    const found: PhraseExpansion[] = [];
    const seen = new Set<Phrase>();
    for (let start = 0; start < stems.length; start++) {
      for (const phrase of this.#byFirstStem.get(stems[start] as string) ?? []) {
        if (seen.has(phrase) || !matchesFrom(stems, start, phrase.stems)) continue;
        seen.add(phrase);
        const { anchor, terms, weight, ownTerms } = phrase;
        found.push(ownTerms === undefined ? { anchor, terms, weight } : { anchor, terms, weight, ownTerms });
      }
    }
    return found;
  }
}

/**
 * The words of a group's entry, case folded first: "GitHub Actions" is the two words a person
 * types, `github actions`, not the identifier parts (`git`, `hub`) tokenize gives a mixed-case
 * word. A query keeps its own tokenize, whose whole-word forms still meet these.
 */
export function phraseWords(entry: string): string[] {
  return tokenize(normalizeText(entry));
}

/** Indexes one group's phrases by their first stem; each expands to the group's other words. */
function addGroup(byFirstStem: Map<string, Phrase[]>, group: readonly string[], weight: number): void {
  // What a group expands to: its one-word members that are index terms.
  const targets = new Set<string>();
  for (const member of group) {
    const words = phraseWords(member);
    const term = words.length === 1 ? termOf(words[0] as string) : null;
    if (term !== null && term !== '') targets.add(term);
  }
  for (const member of group) {
    const words = phraseWords(member);
    if (words.length === 0 || words.length > MAX_PHRASE_WORDS) continue;
    const own = words.map(termOf).filter((term): term is string => term !== null && term !== '');
    const anchor = own[0] ?? null;
    const terms = [...targets].filter((term) => term !== anchor);
    if (terms.length === 0) continue;
    const stems = words.map(phraseStemOf);
    const list = byFirstStem.get(stems[0] as string) ?? [];
    list.push(
      words.length > 1 ? { stems, anchor, terms, weight, ownTerms: own } : { stems, anchor, terms, weight },
    );
    byFirstStem.set(stems[0] as string, list);
  }
}

/** Whether the phrase's words follow `start` in order, each at most MAX_GAP words after the last. */
function matchesFrom(stems: readonly string[], start: number, phrase: readonly string[]): boolean {
  let at = start;
  for (let i = 1; i < phrase.length; i++) {
    let next = -1;
    for (let j = at + 1; j <= at + 1 + MAX_GAP && j < stems.length; j++) {
      if (stems[j] === phrase[i]) {
        next = j;
        break;
      }
    }
    if (next === -1) return false;
    at = next;
  }
  return true;
}

/**
 * The built-in everyday groups at `everydayWeight`, the English-Russian groups at
 * `translationWeight`, and an agent's synonyms at `synonymWeight`.
 */
export function queryExpansion(
  everydayWeight: number,
  synonyms: readonly (readonly string[])[],
  synonymWeight: number,
  translationWeight = 0,
): QueryExpansion {
  return QueryExpansion.compile([
    { groups: EVERYDAY_WORD_GROUPS, weight: everydayWeight },
    { groups: CROSS_LANGUAGE_WORD_GROUPS, weight: translationWeight },
    { groups: synonyms, weight: synonymWeight },
  ]);
}
