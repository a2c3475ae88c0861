import type { CatalogWarning } from './catalog-warning.js';

/**
 * Tools beyond which a direct-mode catalog is reported as too large: several MCP clients cap
 * or degrade past about 40 tools, and tool selection worsens past 30-50; `search` delivery
 * exists for larger catalogs.
 */
export const RECOMMENDED_MAX_TOOLS = 40;

/** `catalog_over_recommended_limit` when a direct-mode catalog lists more tools than recommended. */
export function catalogSizeWarnings(delivery: 'direct' | 'search', toolCount: number): CatalogWarning[] {
  if (delivery !== 'direct' || toolCount <= RECOMMENDED_MAX_TOOLS) return [];
  return [
    {
      code: 'catalog_over_recommended_limit',
      message: `tools/list lists ${toolCount} tools (over the recommended ${RECOMMENDED_MAX_TOOLS}): publish the agent with delivery 'search', so tools/list lists only search_tools and call_tool`,
    },
  ];
}
