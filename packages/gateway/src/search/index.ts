/**
 * Search mode: the tool index, the `search_tools` / `call_tool` meta-tools and the optional
 * re-ranker (docs/gateway/search.md).
 * @module
 */

export {
  type SearchDocument,
  type SearchHit,
  SearchIndexError,
  type SearchOptions,
  type SearchSection,
  ToolSearchIndex,
} from './index/index.js';
export { CatalogSearch, type CatalogSearchOptions } from './mcp/catalog-search.js';
export {
  CALL_TOOL,
  callToolDefinition,
  MAX_QUERY_LENGTH,
  MAX_REVISION_LENGTH,
  SEARCH_TOOLS,
  searchToolsDefinition,
} from './mcp/meta-tools.js';
export {
  DEFAULT_RERANK_CACHE_TEXTS,
  DEFAULT_RERANK_TIMEOUT_MS,
  EmbeddingsReranker,
  type EmbeddingsRerankerOptions,
  RerankError,
  type RerankErrorCode,
} from './rerank/embeddings-reranker.js';
export type { RerankCandidate, Reranker } from './rerank/reranker.js';
