import { BYTES_PER_TOKEN, type CatalogMetrics, orderedMetrics } from '../catalog/catalog-metrics.js';
import type { PublishedCatalog } from '../catalog/published-catalog.js';
import { RECOMMENDED_MAX_TOOLS } from '../catalog/quality/catalog-size.js';

/**
 * What each new catalog revision costs a model's context, logged when a process starts serving
 * it (seed 003): the metrics measured at publish on the actual `tools/list` entries (sizes,
 * token estimates, the largest tool, the recommendation, the quality warnings' count), with the
 * agent and revision they belong to, so revisions can be compared in the logs.
 * @module
 */

export { BYTES_PER_TOKEN, RECOMMENDED_MAX_TOOLS };

/** The structured report of one catalog revision: one log line's fields. */
export interface CatalogReport extends CatalogMetrics {
  workspace: string;
  agent: string;
  agentVersion: number;
  catalogRevision: string;
}

/** The report of `catalog`. */
export function catalogReport(catalog: PublishedCatalog): CatalogReport {
  return {
    workspace: catalog.workspace,
    agent: catalog.agent,
    agentVersion: catalog.agentVersion,
    catalogRevision: catalog.revision,
    ...orderedMetrics(catalog.metrics),
  };
}
