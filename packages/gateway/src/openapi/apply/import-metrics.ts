import { type CatalogMetrics, measureCatalog } from '../../catalog/catalog-metrics.js';
import type { OperationDefinition } from '../../catalog/operation-definition.js';
import type { PublishedCatalog } from '../../catalog/published-catalog.js';
import { catalogReport } from '../../mcp/catalog-report.js';

/**
 * What the imported tools cost a model's context, by the gateway's own measure of a catalog
 * (`catalog/catalog-metrics.ts`, seed 003): the compact JSON of the `tools/list` entries,
 * ceil(bytes / 3) estimated tokens, the largest tool, the quality warnings' count.
 * @module
 */

/**
 * The catalog metrics of an import's result. `scope` says what was measured: `agent`, the
 * agent's published catalog; `operations`, the imported drafts as one direct catalog would
 * list them (nothing is published yet).
 */
export type ImportMetrics = CatalogMetrics & { scope: 'agent' | 'operations' };

/** The metrics of an agent's published catalog, as measured when it was published. */
export function agentMetrics(catalog: PublishedCatalog): ImportMetrics {
  const {
    workspace: _w,
    agent: _a,
    agentVersion: _v,
    catalogRevision: _r,
    ...metrics
  } = catalogReport(catalog);
  return { scope: 'agent', ...metrics };
}

/** The metrics of the imported definitions as one direct catalog, before any agent lists them. */
export function operationsMetrics(workspace: string, definitions: OperationDefinition[]): ImportMetrics {
  const { metrics } = measureCatalog({
    workspace,
    agent: '',
    delivery: 'direct',
    defaultSearchLimit: 1,
    agentSections: [],
    sections: [],
    tools: definitions.map((definition) => ({ operation: definition.name, operationVersion: 0, definition })),
  });
  return { scope: 'operations', ...metrics };
}
