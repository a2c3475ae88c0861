/**
 * Related terms taken from the catalog itself, never from a hand-written list. A tool's name
 * often abbreviates a word its own description spells out (`repos` / "repository", `org` /
 * "organization"); when the same abbreviation pairs with the same word in several tools, a query
 * with either form also matches the other.
 * @module
 */
import { runToEnd, SMALL_UNITS, type Steps } from './sliced-work.js';

/** A pair must appear in this many tools before it is trusted. */
const MIN_PAIR_TOOLS = 2;
/** Shorter name terms (`id`, `v`) prefix too many words to mean anything. */
const MIN_ABBREVIATION_LENGTH = 3;

export interface TermFields {
  nameTerms: ReadonlySet<string>;
  textTerms: ReadonlySet<string>;
}

/** term → the terms related to it, both directions. */
export function abbreviationPairs(documents: readonly TermFields[]): Map<string, string[]> {
  return runToEnd(abbreviationPairSteps(documents));
}

/** {@link abbreviationPairs} as steps, one document (or {@link SMALL_UNITS} pairs) a step. */
export function* abbreviationPairSteps(documents: readonly TermFields[]): Steps<Map<string, string[]>> {
  const counts = new Map<string, number>();
  for (const { nameTerms, textTerms } of documents) {
    for (const short of nameTerms) {
      if (short.length < MIN_ABBREVIATION_LENGTH) continue;
      for (const long of textTerms) {
        if (long.length > short.length && long.startsWith(short) && !nameTerms.has(long)) {
          const key = `${short}\u0000${long}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      }
    }
    yield;
  }
  const related = new Map<string, string[]>();
  const add = (from: string, to: string) => {
    const list = related.get(from);
    if (list === undefined) related.set(from, [to]);
    else if (!list.includes(to)) list.push(to);
  };
  let units = 0;
  for (const [key, count] of counts) {
    if (++units % SMALL_UNITS === 0) yield;
    if (count < MIN_PAIR_TOOLS) continue;
    const [short, long] = key.split('\u0000') as [string, string];
    add(short, long);
    add(long, short);
  }
  return related;
}

export interface CooccurrenceLimits {
  /** Tools that must have the pair before it is trusted. */
  minTools: number;
  /** Share of the tools with the text term whose name or title also has the name term. */
  minShare: number;
}

/**
 * text term → name terms it mostly comes with: a word that a catalog's descriptions use for what
 * its tools' names and titles call otherwise ("single" in "Gets a single pull request" of
 * `pulls/get`). Counted per tool; a description word that is also in the tool's own name or
 * title is not a pair. Only the text → name direction: a name word is what the tools are
 * called, so a query that uses it needs no help.
 */
export function cooccurrencePairs(
  documents: readonly TermFields[],
  limits: CooccurrenceLimits,
): Map<string, string[]> {
  return runToEnd(cooccurrencePairSteps(documents, limits));
}

/** {@link cooccurrencePairs} as steps, one document (or one text term) a step. */
export function* cooccurrencePairSteps(
  documents: readonly TermFields[],
  limits: CooccurrenceLimits,
): Steps<Map<string, string[]>> {
  const pairs = new Map<string, Map<string, number>>();
  const textTools = new Map<string, number>();
  for (const { nameTerms, textTerms } of documents) {
    for (const text of textTerms) {
      if (nameTerms.has(text)) continue;
      textTools.set(text, (textTools.get(text) ?? 0) + 1);
      let counts = pairs.get(text);
      if (counts === undefined) {
        counts = new Map();
        pairs.set(text, counts);
      }
      for (const name of nameTerms) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    yield;
  }
  const related = new Map<string, string[]>();
  for (const [text, counts] of pairs) {
    yield;
    const tools = textTools.get(text) ?? 0;
    const names: string[] = [];
    for (const [name, count] of counts) {
      if (count >= limits.minTools && count / tools >= limits.minShare) names.push(name);
    }
    if (names.length > 0) related.set(text, names.sort());
  }
  return related;
}
