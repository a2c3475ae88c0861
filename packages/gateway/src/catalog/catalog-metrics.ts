import { MetaKey, type Tool, type ToolDefinition } from '@mcpforge/server';
import { callToolDefinition, searchToolsDefinition } from '../search/mcp/meta-tools.js';
import { listedToolOf } from '../search/mcp/tool-definition.js';
import type { CatalogContent } from './catalog-snapshot.js';
import { catalogWarnings } from './quality/catalog-quality.js';
import { RECOMMENDED_MAX_TOOLS } from './quality/catalog-size.js';
import type { CatalogWarning } from './quality/catalog-warning.js';

/**
 * What an agent version's catalog costs a model's context (seed 003), measured on the very
 * `tools/list` entries its endpoint serves: the compact JSON of the `tools` array, in UTF-8
 * bytes, and a token estimate of ceil(bytes / 3). Computed once at publish and kept with the
 * immutable version, so revisions can be compared.
 * @module
 */

/** UTF-8 bytes per estimated token: a stable, model-independent estimate (seed 003). */
export const BYTES_PER_TOKEN = 3;
/** Warnings kept with a version: the count is always whole, the list stops here. */
export const MAX_STORED_WARNINGS = 1000;

/** The measured cost of one agent version's catalog. */
export interface CatalogMetrics {
  delivery: 'direct' | 'search';
  /** Operations of the catalog. */
  toolCount: number;
  /** Compact JSON of the `tools` array direct mode's `tools/list` sends (every operation), UTF-8 bytes. */
  catalogBytes: number;
  /** `ceil(catalogBytes / 3)`. */
  estimatedTokens: number;
  /** The operation whose `tools/list` entry is largest (the first of equals); null when there is none. */
  largestTool: string | null;
  largestToolBytes: number;
  /** Tools `tools/list` serves now: `toolCount` in direct mode, 2 (search_tools, call_tool) in search mode. */
  toolsListCount: number;
  /** Compact JSON of the `tools` array `tools/list` sends now, UTF-8 bytes (= catalogBytes in direct mode). */
  toolsListBytes: number;
  /** `ceil(toolsListBytes / 3)`. */
  toolsListEstimatedTokens: number;
  /** Most tools a `tools/list` should list (RECOMMENDED_MAX_TOOLS). */
  recommendedMaxTools: number;
  /** Whether `tools/list` lists more than recommended now (never in search mode). */
  exceedsRecommendation: boolean;
  /** Number of catalog quality warnings (all of them, even past the stored list's bound). */
  qualityWarnings: number;
}

/** Metrics and the warnings behind `qualityWarnings`. */
export interface CatalogMeasure {
  metrics: CatalogMetrics;
  /** At most MAX_STORED_WARNINGS, in check order. */
  warnings: CatalogWarning[];
}

/**
 * `metrics` with its members in reading order (as {@link CatalogMetrics} lists them): jsonb
 * gives stored keys back reordered, and logs and the admin API read better in this order.
 */
export function orderedMetrics(metrics: CatalogMetrics): CatalogMetrics {
  return {
    delivery: metrics.delivery,
    toolCount: metrics.toolCount,
    catalogBytes: metrics.catalogBytes,
    estimatedTokens: metrics.estimatedTokens,
    largestTool: metrics.largestTool,
    largestToolBytes: metrics.largestToolBytes,
    toolsListCount: metrics.toolsListCount,
    toolsListBytes: metrics.toolsListBytes,
    toolsListEstimatedTokens: metrics.toolsListEstimatedTokens,
    recommendedMaxTools: metrics.recommendedMaxTools,
    exceedsRecommendation: metrics.exceedsRecommendation,
    qualityWarnings: metrics.qualityWarnings,
  };
}

function utf8Bytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

/** A toolkit definition as `tools/list` shows it: no undefined members; probe support in `_meta`. */
function listedDefinition(definition: ToolDefinition, probe: boolean): Tool {
  const listed: Tool = { name: definition.name, inputSchema: definition.inputSchema };
  if (definition.title !== undefined) listed.title = definition.title;
  if (definition.description !== undefined) listed.description = definition.description;
  if (definition.outputSchema !== undefined) listed.outputSchema = definition.outputSchema;
  if (definition.annotations !== undefined) listed.annotations = definition.annotations;
  if (probe) listed._meta = { [MetaKey.supportsPermissionPatterns]: true };
  return listed;
}

/** The `tools/list` entries of `content` in direct mode, in catalog order. */
export function directToolsList(content: CatalogContent): Tool[] {
  return content.tools.map((tool) => listedToolOf({ ...tool, operationVersionId: '' }));
}

/** The `tools/list` entries of a search-mode agent: the two meta tools (`call_tool` answers probes). */
export function searchToolsList(): Tool[] {
  return [listedDefinition(searchToolsDefinition, false), listedDefinition(callToolDefinition, true)];
}

/** Measures `content` and runs the quality checks over it. */
export function measureCatalog(content: CatalogContent): CatalogMeasure {
  const direct = directToolsList(content);
  let largestTool: string | null = null;
  let largestToolBytes = 0;
  let entries = 0;
  for (const tool of direct) {
    const bytes = utf8Bytes(tool);
    entries += bytes;
    if (bytes > largestToolBytes) {
      largestToolBytes = bytes;
      largestTool = tool.name;
    }
  }
  // `[` + entries joined by `,` + `]`: what JSON.stringify(direct) gives, without building it twice.
  const catalogBytes = 2 + entries + Math.max(0, direct.length - 1);
  const served = content.delivery === 'search' ? searchToolsList() : undefined;
  const toolsListBytes = served === undefined ? catalogBytes : utf8Bytes(served);
  const toolsListCount = served === undefined ? direct.length : served.length;
  const warnings = catalogWarnings(
    content.delivery,
    content.tools.map(({ definition }) => definition),
  );
  return {
    metrics: {
      delivery: content.delivery,
      toolCount: direct.length,
      catalogBytes,
      estimatedTokens: Math.ceil(catalogBytes / BYTES_PER_TOKEN),
      largestTool,
      largestToolBytes,
      toolsListCount,
      toolsListBytes,
      toolsListEstimatedTokens: Math.ceil(toolsListBytes / BYTES_PER_TOKEN),
      recommendedMaxTools: RECOMMENDED_MAX_TOOLS,
      exceedsRecommendation: toolsListCount > RECOMMENDED_MAX_TOOLS,
      qualityWarnings: warnings.length,
    },
    warnings: warnings.slice(0, MAX_STORED_WARNINGS),
  };
}
