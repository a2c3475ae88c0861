/**
 * BM25F search over a catalog's tools. Everything a query needs is computed at build: each
 * term's postings carry its finished score contribution (idf and field-weighted, length-
 * normalised frequency), so a search is a few Map lookups, additions into a score array and a
 * bounded top-k.
 *
 * A search, step by step:
 *   1. analyze the query (normalise, split, drop stop words, stem per language);
 *   2. group each query term with its related terms (catalog abbreviations; name words its
 *      descriptions pair it with; vocabulary words it prefixes when the term itself is unknown;
 *      the words its phrase means in the everyday groups or the agent's synonyms, "throw away"
 *      → delete, "my" → authenticated);
 *   3. per group, take each tool's best member score, and add the groups up;
 *   4. keep only tools in the requested sections, then take the top `limit`.
 * @module
 */
import { analyze } from './analyze.js';
import { distinctiveText, sharedSentenceSteps, withoutLinks } from './boilerplate.js';
import { nameText } from './name-text.js';
import { type PhraseExpansion, type QueryExpansion, queryExpansion } from './query-expansion.js';
import { abbreviationPairSteps, cooccurrencePairSteps, type TermFields } from './related-terms.js';
import { type SchemaText, schemaText } from './schema-text.js';
import { SearchIndexError } from './search-index-error.js';
import { runInSlices, runToEnd, SMALL_UNITS, type Steps } from './sliced-work.js';
import { topHits } from './top-hits.js';
import { DEFAULT_TUNING, IDIOM_MEANING_WEIGHT } from './tuning.js';
import type {
  SearchDocument,
  SearchField,
  SearchHit,
  SearchIndexOptions,
  SearchOptions,
  SearchTuning,
} from './types.js';

const FIELDS: readonly SearchField[] = ['name', 'title', 'description', 'sections', 'parameters'];
/** Shortest unknown query term that is looked up as a prefix of the vocabulary. */
const MIN_PREFIX_LENGTH = 3;
/** Most vocabulary terms one unknown query term expands to. */
const MAX_PREFIX_EXPANSIONS = 8;

interface Postings {
  docs: Int32Array;
  scores: Float64Array;
}

interface RelatedTerm {
  term: string;
  weight: number;
}

export class ToolSearchIndex {
  readonly size: number;
  readonly #names: readonly string[];
  readonly #sectionDocs: ReadonlyMap<string, Int32Array>;
  readonly #postings: ReadonlyMap<string, Postings>;
  readonly #vocabulary: readonly string[];
  readonly #related: ReadonlyMap<string, readonly string[]>;
  readonly #relatedWeight: number;
  readonly #cooccurring: ReadonlyMap<string, readonly string[]>;
  readonly #cooccurrenceWeight: number;
  readonly #expansion: QueryExpansion;
  // Scratch space reused by every search: a search runs synchronously, so one set suffices.
  readonly #total: Float64Array;
  readonly #group: Float64Array;
  readonly #allowed: Uint8Array;
  readonly #touched: Int32Array;
  readonly #candidates: Int32Array;

  private constructor(
    names: readonly string[],
    sectionDocs: ReadonlyMap<string, Int32Array>,
    postings: ReadonlyMap<string, Postings>,
    vocabulary: readonly string[],
    related: ReadonlyMap<string, readonly string[]>,
    cooccurring: ReadonlyMap<string, readonly string[]>,
    tuning: SearchTuning,
    expansion: QueryExpansion,
  ) {
    this.size = names.length;
    this.#names = names;
    this.#sectionDocs = sectionDocs;
    this.#postings = postings;
    this.#vocabulary = vocabulary;
    this.#related = related;
    this.#relatedWeight = tuning.relatedWeight;
    this.#cooccurring = cooccurring;
    this.#cooccurrenceWeight = tuning.cooccurrence.weight;
    this.#expansion = expansion;
    this.#total = new Float64Array(names.length);
    this.#group = new Float64Array(names.length);
    this.#allowed = new Uint8Array(names.length);
    this.#touched = new Int32Array(names.length);
    this.#candidates = new Int32Array(names.length);
  }

  /**
   * Indexes `documents`; names must be unique (`search_duplicate_tool_name` otherwise).
   * `options.synonyms` are the agent's own groups of words that mean the same.
   */
  static build(
    documents: readonly SearchDocument[],
    tuning: SearchTuning = DEFAULT_TUNING,
    options: SearchIndexOptions = {},
  ): ToolSearchIndex {
    return runToEnd(ToolSearchIndex.buildSteps(documents, tuning, options));
  }

  /**
   * {@link build} in slices of about `sliceMs` that give the event loop back in between: the same
   * index, without stalling a process's other requests while thousands of tools are indexed.
   */
  static buildInSlices(
    documents: readonly SearchDocument[],
    tuning: SearchTuning = DEFAULT_TUNING,
    options: SearchIndexOptions = {},
    sliceMs?: number,
  ): Promise<ToolSearchIndex> {
    return runInSlices(ToolSearchIndex.buildSteps(documents, tuning, options), sliceMs);
  }

  /** {@link build} as steps, for a caller that composes it into longer sliced work. */
  static *buildSteps(
    documents: readonly SearchDocument[],
    tuning: SearchTuning,
    options: SearchIndexOptions,
  ): Steps<ToolSearchIndex> {
    const sorted = [...documents].sort((a, b) => compareNames(a.name, b.name));
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]?.name === sorted[i - 1]?.name) {
        throw new SearchIndexError(
          'search_duplicate_tool_name',
          `tool name ${JSON.stringify(sorted[i]?.name)} appears twice: give each tool its own name`,
        );
      }
    }
    yield;
    const shared = yield* sharedSentenceSteps(sorted.map((document) => document.description));
    const schemas: SchemaText[] = [];
    for (const document of sorted) {
      schemas.push(schemaText(document.inputSchema));
      yield;
    }
    // A parameter description many tools repeat ("The account owner of the repository.") is boilerplate too.
    const sharedParameters = yield* sharedSentenceSteps(
      schemas.map((schema) => schema.descriptions.join('\n')),
    );
    const fieldTerms: FieldTerms[] = [];
    for (let i = 0; i < sorted.length; i++) {
      fieldTerms.push(
        documentFields(sorted[i] as SearchDocument, shared, schemas[i] as SchemaText, sharedParameters),
      );
      yield;
    }
    const related = yield* abbreviationPairSteps(fieldTerms.map(termFields));
    // Weight 0 turns the pairs off: a member that scores 0 would count a tool twice in the top-k.
    const cooccurring =
      tuning.cooccurrence.weight > 0
        ? yield* cooccurrencePairSteps(fieldTerms.map(nameAndDescription), tuning.cooccurrence)
        : new Map<string, string[]>();
    const postings = yield* postingSteps(fieldTerms, tuning);
    yield;
    const vocabulary = [...postings.keys()].sort();
    yield;
    return new ToolSearchIndex(
      sorted.map((document) => document.name),
      sectionMembers(sorted),
      postings,
      vocabulary,
      related,
      cooccurring,
      tuning,
      queryExpansion(
        tuning.everydayWeight,
        options.synonyms ?? [],
        tuning.synonymWeight,
        tuning.translationWeight,
      ),
    );
  }

  /**
   * Whether `query` has anything to search with: a word that is not a stop word, or a phrase of
   * the word groups ("who am i"). A query without: no tools, and nothing to re-rank.
   */
  hasQueryTerms(query: string): boolean {
    return analyze(query).length > 0 || this.#expansion.knows(query);
  }

  /** The best tools for `query`, at most `options.limit`; no words in the query: no tools. */
  search(query: string, options: SearchOptions): SearchHit[] {
    const { limit } = options;
    if (!Number.isInteger(limit) || limit < 1) {
      throw new SearchIndexError(
        'search_invalid_limit',
        `limit must be a positive integer, got ${String(limit)}`,
      );
    }
    const phrases = this.#expansion.expand(query);
    const groups = this.#queryGroups(analyze(query), phrases);
    if (groups.length === 0) return [];
    const filter = this.#sectionFilter(options.sections);
    const total = this.#total;
    const group = this.#group;
    const touched = this.#touched;
    const candidates = this.#candidates;
    let candidateCount = 0;
    for (const { members, weight } of groups) {
      let touchedCount = 0;
      for (const member of members) {
        const postings = this.#postings.get(member.term);
        if (postings === undefined) continue;
        const { docs, scores } = postings;
        for (let i = 0; i < docs.length; i++) {
          const doc = docs[i] as number;
          if (filter !== undefined && filter[doc] === 0) continue;
          const score = (scores[i] as number) * member.weight;
          const current = group[doc] as number;
          if (current === 0) touched[touchedCount++] = doc;
          if (score > current) group[doc] = score;
        }
      }
      for (let i = 0; i < touchedCount; i++) {
        const doc = touched[i] as number;
        if (total[doc] === 0) candidates[candidateCount++] = doc;
        total[doc] = (total[doc] as number) + (group[doc] as number) * weight;
        group[doc] = 0;
      }
    }
    const best = topHits(total, candidates.subarray(0, candidateCount), limit);
    const hits = best.map((doc) => ({ name: this.#names[doc] as string, score: total[doc] as number }));
    for (let i = 0; i < candidateCount; i++) total[candidates[i] as number] = 0;
    if (filter !== undefined) filter.fill(0);
    return hits;
  }

  /**
   * One group per distinct query term; a repeated term weighs more. An everyday phrase adds its
   * terms to the group of its first word, or forms a group of its own when all its words are
   * stop words ("my").
   */
  #queryGroups(
    terms: readonly string[],
    phrases: readonly PhraseExpansion[],
  ): { members: RelatedTerm[]; weight: number }[] {
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    // The words of a phrase that stands for its group ("logged in" is not about logs) count only
    // at the phrase's weight; what the phrase means counts in full.
    const ownWeights = new Map<string, number>();
    for (const phrase of phrases) {
      for (const own of phrase.ownTerms ?? []) {
        ownWeights.set(own, Math.min(ownWeights.get(own) ?? 1, phrase.weight));
      }
    }
    const groups: { members: RelatedTerm[]; weight: number }[] = [];
    for (const [term, weight] of counts) {
      const members: RelatedTerm[] = [];
      const own = ownWeights.get(term) ?? 1;
      if (this.#postings.has(term)) {
        members.push({ term, weight: own });
        for (const other of this.#related.get(term) ?? []) {
          members.push({ term: other, weight: this.#relatedWeight * own });
        }
        for (const other of this.#cooccurring.get(term) ?? []) {
          addMember(members, other, this.#cooccurrenceWeight * own);
        }
      } else {
        for (const other of this.#prefixed(term)) {
          members.push({ term: other, weight: this.#relatedWeight * own });
        }
      }
      for (const phrase of phrases) {
        if (phrase.anchor !== term) continue;
        for (const other of phrase.terms) addMember(members, other, meaningWeight(phrase));
      }
      if (members.length > 0) groups.push({ members, weight });
    }
    for (const phrase of phrases) {
      if (phrase.anchor !== null && counts.has(phrase.anchor)) continue;
      const members: RelatedTerm[] = [];
      for (const other of phrase.terms) addMember(members, other, meaningWeight(phrase));
      groups.push({ members, weight: 1 });
    }
    return groups;
  }

  /** Vocabulary terms that start with an unknown query term (`auth` → `authent`, `author`). */
  #prefixed(term: string): string[] {
    if (term.length < MIN_PREFIX_LENGTH) return [];
    const vocabulary = this.#vocabulary;
    let low = 0;
    let high = vocabulary.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((vocabulary[middle] as string) < term) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let i = low; i < vocabulary.length && found.length < MAX_PREFIX_EXPANSIONS; i++) {
      const candidate = vocabulary[i] as string;
      if (!candidate.startsWith(term)) break;
      found.push(candidate);
    }
    return found;
  }

  /** A mask of the tools in the requested sections, or undefined for no filter. */
  #sectionFilter(sections: readonly string[] | undefined): Uint8Array | undefined {
    if (sections === undefined || sections.length === 0) return undefined;
    const allowed = this.#allowed;
    for (const slug of sections) {
      for (const doc of this.#sectionDocs.get(slug) ?? []) allowed[doc] = 1;
    }
    return allowed;
  }
}

type FieldTerms = Record<SearchField, string[]>;

function documentFields(
  document: SearchDocument,
  shared: ReadonlySet<string>,
  schema: SchemaText,
  sharedParameters: ReadonlySet<string>,
): FieldTerms {
  const parameterText = [
    schema.names.join(' '),
    ...schema.descriptions.map((text) => distinctiveText(text, sharedParameters)),
  ].join('\n');
  const sectionText = document.sections
    .map((section) => [section.slug, section.title ?? '', section.description ?? ''].join(' '))
    .join(' ');
  return {
    name: analyze(nameText(document.name)),
    title: analyze(withoutLinks(document.title ?? '')),
    description: analyze(distinctiveText(document.description, shared)),
    sections: analyze(withoutLinks(sectionText)),
    parameters: analyze(parameterText),
  };
}

function termFields(fields: FieldTerms): TermFields {
  return {
    nameTerms: new Set(fields.name),
    textTerms: new Set([...fields.title, ...fields.description]),
  };
}

/** A tool's name and title words against its description's, for the co-occurrence pairs. */
function nameAndDescription(fields: FieldTerms): TermFields {
  return {
    nameTerms: new Set([...fields.name, ...fields.title]),
    textTerms: new Set(fields.description),
  };
}

function sectionMembers(sorted: readonly SearchDocument[]): Map<string, Int32Array> {
  const members = new Map<string, number[]>();
  sorted.forEach((document, doc) => {
    for (const { slug } of document.sections) {
      const list = members.get(slug);
      if (list === undefined) members.set(slug, [doc]);
      else if (list[list.length - 1] !== doc) list.push(doc);
    }
  });
  return new Map([...members].map(([slug, docs]) => [slug, Int32Array.from(docs)]));
}

/**
 * BM25F: per term and tool, the field-weighted, length-normalised frequency, then saturation. One
 * tool (or {@link SMALL_UNITS} terms) a step.
 */
function* postingSteps(
  fieldTerms: readonly FieldTerms[],
  tuning: SearchTuning,
): Steps<Map<string, Postings>> {
  const count = fieldTerms.length;
  const averageLength = {} as Record<SearchField, number>;
  for (const field of FIELDS) {
    const sum = fieldTerms.reduce((total, fields) => total + fields[field].length, 0);
    averageLength[field] = count === 0 ? 0 : sum / count;
  }
  const weighted = new Map<string, { docs: number[]; frequencies: number[] }>();
  for (let doc = 0; doc < count; doc++) {
    const fields = fieldTerms[doc] as FieldTerms;
    const frequency = new Map<string, number>();
    for (const field of FIELDS) {
      const { weight, b } = tuning.fields[field];
      const terms = fields[field];
      if (terms.length === 0 || weight === 0) continue;
      const average = averageLength[field] || 1;
      const norm = 1 - b + (b * terms.length) / average;
      for (const term of terms) frequency.set(term, (frequency.get(term) ?? 0) + weight / norm);
    }
    for (const [term, value] of frequency) {
      const entry = weighted.get(term);
      if (entry === undefined) weighted.set(term, { docs: [doc], frequencies: [value] });
      else {
        entry.docs.push(doc);
        entry.frequencies.push(value);
      }
    }
    yield;
  }
  const { k1 } = tuning;
  const postings = new Map<string, Postings>();
  let units = 0;
  for (const [term, { docs, frequencies }] of weighted) {
    if (++units % SMALL_UNITS === 0) yield;
    const idf = Math.log(1 + (count - docs.length + 0.5) / (docs.length + 0.5));
    const scores = Float64Array.from(frequencies, (tf) => (idf * tf * (k1 + 1)) / (k1 + tf));
    postings.set(term, { docs: Int32Array.from(docs), scores });
  }
  return postings;
}

/**
 * What a phrase's meaning counts: a phrase of several words stands for its group, so its meaning
 * counts at least IDIOM_MEANING_WEIGHT; a one-word phrase counts at its source's weight.
 */
function meaningWeight(phrase: PhraseExpansion): number {
  return phrase.ownTerms === undefined ? phrase.weight : Math.max(phrase.weight, IDIOM_MEANING_WEIGHT);
}

/** Adds `term` to a group unless it is a member already (its first weight stands). */
function addMember(members: RelatedTerm[], term: string, weight: number): void {
  if (!members.some((member) => member.term === term)) members.push({ term, weight });
}

/** Code-unit order, the same on every machine and locale. */
function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
