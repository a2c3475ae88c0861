/**
 * What the search index reads and answers.
 * @module
 */

/** A catalog section a tool belongs to; its text helps find the tool. */
export interface SearchSection {
  slug: string;
  title?: string | undefined;
  description?: string | undefined;
}

/** One tool as the index sees it. `name` is unique within an index. */
export interface SearchDocument {
  name: string;
  title?: string | undefined;
  description: string;
  sections: readonly SearchSection[];
  /**
   * The tool's input schema: its property names, descriptions and enum values are indexed as
   * the `parameters` field. Optional; read with bounds (depth 3, 200 properties).
   */
  inputSchema?: unknown;
}

export interface SearchOptions {
  /** Only tools in one of these sections (by slug) are ranked; absent or empty: every tool. */
  sections?: readonly string[] | undefined;
  /** Most hits returned, a positive integer. */
  limit: number;
}

export interface SearchHit {
  name: string;
  score: number;
}

/** The fields a document is split into; each has a weight and a length normalisation. */
export type SearchField = 'name' | 'title' | 'description' | 'sections' | 'parameters';

export interface FieldTuning {
  /** How much one occurrence in this field counts against one in the description. */
  weight: number;
  /** BM25's length normalisation for this field, 0 (none) to 1 (full). */
  b: number;
}

/** BM25F parameters. The defaults are in `DEFAULT_TUNING`. */
export interface SearchTuning {
  k1: number;
  fields: Readonly<Record<SearchField, FieldTuning>>;
  /** Weight of a related term (abbreviation or prefix) against the query's own term. */
  relatedWeight: number;
  /**
   * A description word that mostly comes with a word of the same tools' names or titles points
   * to it: in `minTools` tools or more, and in at least `minShare` of the tools whose
   * description has it; that name word then counts at `weight` against the query's own word.
   */
  cooccurrence: { weight: number; minTools: number; minShare: number };
  /**
   * Weight of a term an everyday phrase of the query expands to (everyday-words.ts: "throw
   * away" → delete, "my" → authenticated) against the query's own term; 0 turns them off.
   */
  everydayWeight: number;
  /** Weight of a term an agent's own synonym group expands a query word to; 0 turns them off. */
  synonymWeight: number;
  /**
   * Weight of a word's translation (English-Russian groups, cross-language-words.ts) against the
   * query's own word: 0 turns cross-language search off.
   */
  translationWeight: number;
}

/** What an index is built with besides its documents. */
export interface SearchIndexOptions {
  /**
   * The agent's groups of words or short phrases (up to four words) that mean the same in its
   * catalog, e.g. `["repository", "repo", "project"]`: a query with one also finds the others.
   */
  synonyms?: readonly (readonly string[])[] | undefined;
}
