import type { ListedTool } from './list-tools.js';
import type { CheckSession } from './session.js';

/**
 * A server in search mode, as the mcpforge gateway serves a search-mode agent (seed 003):
 * `tools/list` shows only `search_tools` and `call_tool`, and `call_tool` runs a found tool only
 * with the `catalog_revision` of the search that found it. Probing `call_tool` with invented
 * arguments is refused by design (`agent_catalog_result_stale`), so the check searches first and
 * probes the tools it found through `call_tool`, with the revision it got (issue 22, point 3).
 * @module
 */

export const SEARCH_TOOLS = 'search_tools';
export const CALL_TOOL = 'call_tool';

/** Queries tried in turn until one finds tools: the verbs most tool names start with. */
export const SEARCH_QUERIES = ['list', 'get', 'search', 'create', 'find', 'read'] as const;

/** Tools found per query: enough to find one that declares the probe contract. */
const SEARCH_LIMIT = 10;

type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasProperty(schema: unknown, name: string): boolean {
  return isObject(schema) && isObject(schema['properties']) && name in schema['properties'];
}

/** Whether the listed tools are a search-mode pair: `search_tools` answering a `catalog_revision` and `call_tool` taking one. */
export function isSearchMode(tools: readonly ListedTool[]): boolean {
  const search = tools.find((tool) => tool.name === SEARCH_TOOLS);
  const call = tools.find((tool) => tool.name === CALL_TOOL);
  return (
    search !== undefined &&
    call !== undefined &&
    hasProperty(call.inputSchema, 'catalog_revision') &&
    hasProperty(search.inputSchema, 'query')
  );
}

/** What a search found. */
export interface SearchFound {
  query: string;
  revision: string;
  tools: Array<ListedTool & { name: string }>;
}

/** Why no search found anything, for the report. */
export interface SearchMissed {
  reason: string;
}

function found(
  result: unknown,
): { revision: string; tools: Array<ListedTool & { name: string }> } | undefined {
  const content = isObject(result) ? result['structuredContent'] : undefined;
  if (!isObject(content) || typeof content['catalog_revision'] !== 'string') return undefined;
  const tools = Array.isArray(content['tools'])
    ? content['tools'].filter(
        (tool): tool is ListedTool & { name: string } => isObject(tool) && typeof tool['name'] === 'string',
      )
    : [];
  return { revision: content['catalog_revision'], tools };
}

/**
 * Searches with {@link SEARCH_QUERIES} in turn, gathering what they find; stops early once a
 * found tool declares the probe contract (`declares`). The found tools with the revision of the
 * last search that found any, or why there were none.
 */
export async function searchForTools(
  session: CheckSession,
  declares: (tools: Array<ListedTool & { name: string }>) => unknown[],
): Promise<SearchFound | SearchMissed> {
  let gathered: SearchFound | undefined;
  for (const query of SEARCH_QUERIES) {
    const outcome = await session.request(
      'tools/call',
      { name: SEARCH_TOOLS, arguments: { query, limit: SEARCH_LIMIT } },
      { name: SEARCH_TOOLS },
    );
    if (outcome.kind !== 'result') {
      return {
        reason: `search_tools { "query": "${query}" } got ${outcome.kind === 'error' ? `${outcome.code} ${outcome.message}` : outcome.kind}`,
      };
    }
    const answer = found(outcome.result);
    if (answer === undefined) {
      return { reason: 'search_tools answered without structuredContent { tools, catalog_revision }' };
    }
    if (answer.tools.length === 0) continue;
    const known = new Set(gathered?.tools.map((tool) => tool.name));
    gathered = {
      query: gathered === undefined ? query : `${gathered.query}, ${query}`,
      revision: answer.revision,
      tools: [...(gathered?.tools ?? []), ...answer.tools.filter((tool) => !known.has(tool.name))],
    };
    if (declares(answer.tools).length > 0) return { ...gathered, tools: answer.tools, query };
  }
  return gathered ?? { reason: `search_tools found no tool for any of ${SEARCH_QUERIES.join(', ')}` };
}
