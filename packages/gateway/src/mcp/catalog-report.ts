import type { PublishedCatalog } from '../catalog/published-catalog.js';

/**
 * What each new catalog revision costs a model's context, logged when a process starts serving
 * it (seed 003): the size of the actual `tools/list` definitions, an estimate of their tokens
 * and the catalog's quality warnings, so revisions can be compared.
 * @module
 */

/**
 * Tools beyond which a catalog is reported as too large for direct delivery: several MCP
 * clients cap or degrade past about 40 tools, and `search` delivery exists for larger ones.
 */
export const RECOMMENDED_MAX_TOOLS = 40;
/** UTF-8 bytes per estimated token: a stable, model-independent estimate (seed 003). */
export const BYTES_PER_TOKEN = 3;
/** A description shorter than this gives a model too little to choose the tool by. */
const MIN_DESCRIPTION_LENGTH = 20;

/** The structured report of one catalog revision. */
export interface CatalogReport {
  workspace: string;
  agent: string;
  agentVersion: number;
  catalogRevision: string;
  toolCount: number;
  /** Compact JSON of the tool definitions as `tools/list` publishes them. */
  catalogBytes: number;
  /** `ceil(catalogBytes / 3)`. */
  estimatedTokens: number;
  largestToolBytes: number;
  largestTool: string | null;
  recommendedMaxTools: number;
  exceedsRecommendation: boolean;
  qualityWarnings: number;
}

function toolWarnings(tool: PublishedCatalog['tools'][number]): number {
  const { definition } = tool;
  let warnings = 0;
  if (definition.description.trim().length < MIN_DESCRIPTION_LENGTH) warnings++;
  const properties = (definition.inputSchema['properties'] ?? {}) as Record<
    string,
    { description?: unknown }
  >;
  for (const property of Object.values(properties)) {
    if (typeof property !== 'object' || property === null || typeof property.description !== 'string')
      warnings++;
  }
  return warnings;
}

/** The report of `catalog`. */
export function catalogReport(catalog: PublishedCatalog): CatalogReport {
  let catalogBytes = 2; // the brackets of the list
  let largestToolBytes = 0;
  let largestTool: string | null = null;
  let qualityWarnings = 0;
  catalog.tools.forEach((tool, index) => {
    const { definition } = tool;
    const published = {
      name: definition.name,
      title: definition.title,
      description: definition.description,
      inputSchema: definition.inputSchema,
      outputSchema: definition.outputSchema,
      annotations: definition.annotations,
    };
    const bytes = Buffer.byteLength(JSON.stringify(published), 'utf8');
    catalogBytes += bytes + (index > 0 ? 1 : 0);
    if (bytes > largestToolBytes) {
      largestToolBytes = bytes;
      largestTool = definition.name;
    }
    qualityWarnings += toolWarnings(tool);
  });
  return {
    workspace: catalog.workspace,
    agent: catalog.agent,
    agentVersion: catalog.agentVersion,
    catalogRevision: catalog.revision,
    toolCount: catalog.tools.length,
    catalogBytes,
    estimatedTokens: Math.ceil(catalogBytes / BYTES_PER_TOKEN),
    largestToolBytes,
    largestTool,
    recommendedMaxTools: RECOMMENDED_MAX_TOOLS,
    exceedsRecommendation: catalog.tools.length > RECOMMENDED_MAX_TOOLS,
    qualityWarnings,
  };
}
