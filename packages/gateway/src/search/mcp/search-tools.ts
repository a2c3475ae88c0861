import { type CallToolResult, structured } from '@mcpforge/server';
import type { Reranker } from '../rerank/reranker.js';
import type { CatalogSearch } from './catalog-search.js';

/** The arguments of `search_tools`, already checked against its input schema by the toolkit. */
export interface SearchToolsArguments {
  query: string;
  sections?: string[] | undefined;
  limit?: number | undefined;
}

/** What a search needs besides the index. */
export interface SearchToolsContext {
  /** The agent version's `defaultSearchLimit`. */
  defaultLimit: number;
  reranker?: Reranker | undefined;
  signal: AbortSignal;
  onRerankFailure?: ((error: unknown) => void) | undefined;
}

/**
 * The `search_tools` result: the matching tools' full `tools/list` entries, best first, and the
 * revision they belong to, as structured content (and the same JSON as text).
 */
export async function searchToolsResult(
  search: CatalogSearch,
  args: SearchToolsArguments,
  context: SearchToolsContext,
): Promise<CallToolResult> {
  const tools = await search.search(args.query, {
    sections: args.sections,
    limit: args.limit ?? context.defaultLimit,
    reranker: context.reranker,
    signal: context.signal,
    onRerankFailure: context.onRerankFailure,
  });
  return structured({ tools, catalog_revision: search.revision });
}
