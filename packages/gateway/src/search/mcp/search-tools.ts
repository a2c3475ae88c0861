import { type CallToolResult, structured } from '@mcpforge/server';
import { createToolError, toolErrorResult } from '../../errors/tool-error.js';
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
  /** The call's ids, for the structured error of a section the catalog does not have. */
  requestId: string;
  traceId: string;
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
  const unknown = (args.sections ?? []).filter((slug) => !search.sections.includes(slug));
  if (unknown.length > 0) return unknownSections(unknown, search.sections, context);
  const tools = await search.search(args.query, {
    sections: args.sections,
    limit: args.limit ?? context.defaultLimit,
    reranker: context.reranker,
    signal: context.signal,
    onRerankFailure: context.onRerankFailure,
  });
  return structured({ tools, catalog_revision: search.revision });
}

/** A search naming sections the catalog lacks finds nothing by design: say so, and which exist. */
function unknownSections(
  unknown: readonly string[],
  known: readonly string[],
  context: SearchToolsContext,
): CallToolResult {
  const error = createToolError('search_section_unknown', context);
  const list = (slugs: readonly string[]) => slugs.map((slug) => JSON.stringify(slug)).join(', ');
  error.message = `${error.message} Unknown: ${list(unknown)}. Known sections: ${known.length === 0 ? 'none' : list(known)}.`;
  return toolErrorResult(error);
}
