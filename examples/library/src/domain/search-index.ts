import type { LibraryDocument } from './document.js';
import { makeSnippet } from './snippet.js';
import { distinctTerms, tokenize } from './tokenize.js';

/** One ranked search result. The snippet is document text: data, never instructions. */
export interface SearchHit {
  readonly id: string;
  readonly title: string;
  readonly author: string;
  readonly snippet: string;
  /** BM25 score rounded to four decimals. */
  readonly score: number;
}

/** BM25 parameters; the usual defaults. */
const K1 = 1.2;
const B = 0.75;

/** Query words past this many are ignored: bounds the work of one search. */
export const MAX_QUERY_TERMS = 32;

interface IndexedDocument {
  readonly document: LibraryDocument;
  readonly termCounts: ReadonlyMap<string, number>;
  readonly length: number;
}

/**
 * A lexical BM25 index over title, author and text, built once. Ranking is
 * deterministic: higher score first, then id in code-point order.
 */
export class SearchIndex {
  readonly #documents: readonly IndexedDocument[];
  readonly #documentFrequency = new Map<string, number>();
  readonly #averageLength: number;

  /** Indexes exactly the given documents; filter by access before building. */
  constructor(documents: Iterable<LibraryDocument>) {
    const indexed: IndexedDocument[] = [];
    for (const document of documents) {
      const terms = tokenize(`${document.title} ${document.author} ${document.text}`).map(
        (token) => token.term,
      );
      const termCounts = new Map<string, number>();
      for (const term of terms) termCounts.set(term, (termCounts.get(term) ?? 0) + 1);
      for (const term of termCounts.keys()) {
        this.#documentFrequency.set(term, (this.#documentFrequency.get(term) ?? 0) + 1);
      }
      indexed.push({ document, termCounts, length: terms.length });
    }
    this.#documents = indexed;
    const totalLength = indexed.reduce((sum, entry) => sum + entry.length, 0);
    this.#averageLength = indexed.length === 0 ? 0 : totalLength / indexed.length;
  }

  /** How many documents are indexed. */
  get size(): number {
    return this.#documents.length;
  }

  /**
   * The best `limit` documents for `query`. A query without words (only spaces or
   * punctuation) finds nothing; documents sharing no word with it never appear.
   */
  search(query: string, limit: number): SearchHit[] {
    const terms = distinctTerms(query).slice(0, MAX_QUERY_TERMS);
    if (terms.length === 0 || limit <= 0) return [];
    const termSet = new Set(terms);
    const scored: { entry: IndexedDocument; score: number }[] = [];
    for (const entry of this.#documents) {
      let score = 0;
      for (const term of terms) {
        const count = entry.termCounts.get(term);
        if (count === undefined) continue;
        const norm = K1 * (1 - B + (B * entry.length) / this.#averageLength);
        score += (this.#idf(term) * (count * (K1 + 1))) / (count + norm);
      }
      if (score > 0) scored.push({ entry, score: Math.round(score * 10_000) / 10_000 });
    }
    scored.sort(
      (left, right) =>
        right.score - left.score || compareIds(left.entry.document.id, right.entry.document.id),
    );
    return scored.slice(0, limit).map(({ entry, score }) => ({
      id: entry.document.id,
      title: entry.document.title,
      author: entry.document.author,
      snippet: makeSnippet(entry.document.text, termSet),
      score,
    }));
  }

  #idf(term: string): number {
    const frequency = this.#documentFrequency.get(term) ?? 0;
    return Math.log(1 + (this.#documents.length - frequency + 0.5) / (frequency + 0.5));
  }
}

/** Code-point order, independent of locale. */
function compareIds(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
