import { GatewayError } from '../errors/gateway-error.js';
import type { Queryable } from '../store/database.js';
import { type CatalogMetrics, measureCatalog, orderedMetrics } from './catalog-metrics.js';
import type { CatalogContent, CatalogTool } from './catalog-snapshot.js';
import type { CatalogWarning } from './quality/catalog-warning.js';

/** A tool of a loaded catalog, with the id of its immutable operation version (for history). */
export interface PublishedTool extends CatalogTool {
  operationVersionId: string;
}

/** A published agent version as its endpoint serves it: immutable, with its revision. */
export interface PublishedCatalog extends Omit<CatalogContent, 'tools'> {
  agentId: string;
  agentVersionId: string;
  agentVersion: number;
  revision: string;
  publishedAt: Date;
  tools: PublishedTool[];
  /** What the catalog costs a model's context, measured at publish (seed 003). */
  metrics: CatalogMetrics;
  /** The catalog quality warnings found at publish (at most MAX_STORED_WARNINGS; the count is in `metrics`). */
  warnings: CatalogWarning[];
}

interface PublishedRow {
  agent_id: string;
  agent_version_id: string;
  version: number;
  catalog: CatalogContent;
  catalog_revision: string;
  published_at: Date;
  catalog_metrics: CatalogMetrics | null;
  catalog_warnings: CatalogWarning[] | null;
  operation_version_ids: string[];
}

const SELECT_PUBLISHED = `
  SELECT a.id AS agent_id, av.id AS agent_version_id, av.version, av.catalog, av.catalog_revision, av.published_at,
         av.catalog_metrics, av.catalog_warnings,
         ARRAY(SELECT t.operation_version_id::text FROM agent_version_tools t
               WHERE t.agent_version_id = av.id ORDER BY t.position) AS operation_version_ids
  FROM agents a
  JOIN workspaces w ON w.id = a.workspace_id
  JOIN agent_versions av ON av.agent_id = a.id`;

function toPublishedCatalog(row: PublishedRow): PublishedCatalog {
  const { tools, ...content } = row.catalog;
  // Versions published before migration 0007 were not measured then: measured now, alike.
  const measured =
    row.catalog_metrics !== null && row.catalog_warnings !== null
      ? { metrics: orderedMetrics(row.catalog_metrics), warnings: row.catalog_warnings }
      : measureCatalog(row.catalog);
  return {
    ...content,
    agentId: row.agent_id,
    agentVersionId: row.agent_version_id,
    agentVersion: row.version,
    revision: row.catalog_revision,
    publishedAt: row.published_at,
    tools: tools.map((tool, index) => ({ ...tool, operationVersionId: row.operation_version_ids[index]! })),
    metrics: measured.metrics,
    warnings: measured.warnings,
  };
}

/**
 * The catalog an agent's endpoint serves now: its latest published version. Archived agents,
 * agents never published and unknown names are all "not published" (the endpoint's 404).
 * @throws GatewayError `not_found`.
 */
export async function loadPublishedCatalog(
  db: Queryable,
  workspaceSlug: string,
  agentSlug: string,
): Promise<PublishedCatalog> {
  const { rows } = await db.query<PublishedRow>(
    `${SELECT_PUBLISHED} AND av.version = a.latest_version
     WHERE w.slug = $1 AND a.slug = $2 AND a.archived_at IS NULL`,
    [workspaceSlug, agentSlug],
  );
  if (rows[0] === undefined) {
    throw new GatewayError(
      'not_found',
      `agent '${agentSlug}' of workspace '${workspaceSlug}' is not published`,
    );
  }
  return toPublishedCatalog(rows[0]);
}

/**
 * The `catalog_revision` an agent's endpoint serves now, or undefined when it is not published:
 * one small row, so a periodic refresh re-reads a whole catalog only when it changed.
 */
export async function loadPublishedRevision(
  db: Queryable,
  workspaceSlug: string,
  agentSlug: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ catalog_revision: string }>(
    `SELECT av.catalog_revision FROM agents a
     JOIN workspaces w ON w.id = a.workspace_id
     JOIN agent_versions av ON av.agent_id = a.id AND av.version = a.latest_version
     WHERE w.slug = $1 AND a.slug = $2 AND a.archived_at IS NULL`,
    [workspaceSlug, agentSlug],
  );
  return rows[0]?.catalog_revision;
}

/** One published version of an agent, archived or not (for the admin API). @throws GatewayError `not_found`. */
export async function loadAgentVersion(
  db: Queryable,
  workspaceSlug: string,
  agentSlug: string,
  version: number,
): Promise<PublishedCatalog> {
  const { rows } = Number.isInteger(version)
    ? await db.query<PublishedRow>(
        `${SELECT_PUBLISHED} AND av.version = $3 WHERE w.slug = $1 AND a.slug = $2`,
        [workspaceSlug, agentSlug, version],
      )
    : { rows: [] };
  if (rows[0] === undefined) {
    throw new GatewayError(
      'not_found',
      `agent '${agentSlug}' of workspace '${workspaceSlug}' has no version ${version}`,
    );
  }
  return toPublishedCatalog(rows[0]);
}
