/**
 * The tool search index of search mode: BM25F over a catalog's tools, English and Russian.
 * @module
 */

export { analyze } from './analyze.js';
export { normalizeText } from './normalize.js';
export { MAX_PHRASE_WORDS, phraseWords } from './query-expansion.js';
export { type SchemaText, schemaText } from './schema-text.js';
export { SearchIndexError, type SearchIndexErrorCode } from './search-index-error.js';
export { languageOf, type WordLanguage } from './stem.js';
export { tokenize } from './tokenize.js';
export { ToolSearchIndex } from './tool-search-index.js';
export { DEFAULT_TUNING } from './tuning.js';
export type {
  FieldTuning,
  SearchDocument,
  SearchField,
  SearchHit,
  SearchIndexOptions,
  SearchOptions,
  SearchSection,
  SearchTuning,
} from './types.js';
