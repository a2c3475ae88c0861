/**
 * A second opinion on the order of search hits, for queries BM25 cannot rank well (a query in
 * one language over a catalog in another). Optional and off by default: `search_tools` works
 * without one, and a failing re-ranker never fails a search.
 * @module
 */

/** A hit offered to the re-ranker: the tool's name and the text it was found by. */
export interface RerankCandidate {
  name: string;
  /** Name, title, description and section descriptions, as one text. */
  text: string;
  /** The BM25 score (0 for a candidate added without a match). */
  score: number;
}

export interface Reranker {
  /**
   * The candidates' names, best first (a permutation of a subset of them). May reject: the
   * caller keeps the BM25 order then and reports the error to the operator log.
   */
  rerank(query: string, candidates: readonly RerankCandidate[], signal: AbortSignal): Promise<string[]>;
}
