import { GatewayError } from '../errors/gateway-error.js';
import type { Database, Queryable, Transaction } from '../store/database.js';
import { type AgentDefinition, storedAgentDefinition } from './agent-definition.js';
import { AGENT_COLUMNS, type AgentRow, agentArchived, agentNotFound } from './agents-table.js';
import { CATALOG_CHANGED_CHANNEL, catalogChangedPayload } from './catalog-events.js';
import { type CatalogMetrics, measureCatalog, orderedMetrics } from './catalog-metrics.js';
import { type CatalogContent, type CatalogTool, catalogRevision } from './catalog-snapshot.js';
import type { OperationDefinition } from './operation-definition.js';
import { loadAgentVersion, type PublishedCatalog } from './published-catalog.js';
import { sectionsOf } from './sections-table.js';

/** An operation left out of a publish, and why. */
export interface ExcludedOperation {
  operation: string;
  reason: 'archived';
}

/** What {@link publishAgent} did: `created` is false when the catalog equalled the latest version's. */
export interface PublishedAgent {
  catalog: PublishedCatalog;
  created: boolean;
  excluded: ExcludedOperation[];
}

interface PinnableRow {
  slug: string;
  archived: boolean;
  latest_version: number;
  version_id: string | null;
  definition: OperationDefinition | null;
}

interface Pinned {
  tools: CatalogTool[];
  versionIds: string[];
  excluded: ExcludedOperation[];
}

/** The published versions of the draft's operations now, in the draft's order; archived ones left out. */
async function pinOperations(tx: Transaction, workspaceId: string, draft: AgentDefinition): Promise<Pinned> {
  const { rows } = await tx.query<PinnableRow>(
    `SELECT o.slug, o.archived_at IS NOT NULL AS archived, o.latest_version, v.id AS version_id, v.definition
     FROM operations o LEFT JOIN operation_versions v ON v.operation_id = o.id AND v.version = o.latest_version
     WHERE o.workspace_id = $1 AND o.slug = ANY($2::text[])`,
    [workspaceId, draft.operations],
  );
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  const pinned: Pinned = { tools: [], versionIds: [], excluded: [] };
  const toolNames = new Map<string, string>();
  draft.operations.forEach((slug, index) => {
    const field = `draft.operations[${index}]`;
    const row = bySlug.get(slug);
    if (row === undefined) {
      throw new GatewayError('reference_not_found', `operation '${slug}' does not exist in this workspace`, {
        field,
      });
    }
    if (row.archived) {
      pinned.excluded.push({ operation: slug, reason: 'archived' });
      return;
    }
    if (row.version_id === null || row.definition === null) {
      throw new GatewayError(
        'operation_not_published',
        `operation '${slug}' has no published version yet: publish it first`,
        {
          field,
        },
      );
    }
    const other = toolNames.get(row.definition.name);
    if (other !== undefined) {
      throw new GatewayError(
        'tool_name_conflict',
        `operations '${other}' and '${slug}' both publish the tool '${row.definition.name}'`,
        { field },
      );
    }
    toolNames.set(row.definition.name, slug);
    pinned.tools.push({ operation: slug, operationVersion: row.latest_version, definition: row.definition });
    pinned.versionIds.push(row.version_id);
  });
  return pinned;
}

async function buildContent(
  tx: Transaction,
  agent: AgentRow,
): Promise<{ content: CatalogContent; pinned: Pinned }> {
  const pinned = await pinOperations(tx, agent.workspace_id, agent.draft);
  const sections = new Map(
    (await sectionsOf(tx, agent.workspace_id)).map((section) => [section.slug, section]),
  );
  agent.draft.sections.forEach((slug, index) => {
    if (!sections.has(slug)) {
      throw new GatewayError('reference_not_found', `section '${slug}' does not exist in this workspace`, {
        field: `draft.sections[${index}]`,
      });
    }
  });
  const named = new Set([
    ...agent.draft.sections,
    ...pinned.tools.flatMap((tool) => tool.definition.sections),
  ]);
  const content: CatalogContent = {
    workspace: agent.workspace_slug,
    agent: agent.slug,
    delivery: agent.draft.delivery,
    defaultSearchLimit: agent.draft.defaultSearchLimit,
    agentSections: agent.draft.sections,
    sections: [...named].sort().flatMap((slug) => {
      const section = sections.get(slug);
      return section === undefined ? [] : [{ slug, title: section.title, description: section.description }];
    }),
    tools: pinned.tools,
  };
  // Only when set: an agent without synonyms keeps the revision it had before they existed.
  const { searchSynonyms } = storedAgentDefinition(agent.draft);
  if (searchSynonyms.length > 0) content.searchSynonyms = searchSynonyms;
  return { content, pinned };
}

/**
 * Publishes the agent: its catalog becomes its draft's settings and sections plus the latest
 * *published* version of each of its operations at this moment (drafts never reach a catalog;
 * archived operations are left out and reported). When the result equals the latest published
 * catalog, that version is returned. Every gateway process is told on `CATALOG_CHANGED_CHANNEL`.
 * @throws GatewayError `not_found`, `archived`, `reference_not_found`, `operation_not_published`,
 *   `tool_name_conflict`.
 */
export async function publishAgent(
  db: Database,
  workspaceSlug: string,
  slug: string,
): Promise<PublishedAgent> {
  const { version, created, excluded } = await db.transaction(async (tx) => {
    const { rows } = await tx.query<AgentRow>(
      `SELECT ${AGENT_COLUMNS} FROM agents a JOIN workspaces w ON w.id = a.workspace_id
       WHERE w.slug = $1 AND a.slug = $2 FOR UPDATE OF a`,
      [workspaceSlug, slug],
    );
    const agent = rows[0];
    if (agent === undefined) throw await agentNotFound(tx, workspaceSlug, slug);
    if (agent.archived_at !== null) throw agentArchived(workspaceSlug, slug);
    const { content, pinned } = await buildContent(tx, agent);
    const revision = catalogRevision(content);
    if (agent.latest_version > 0) {
      const latest = await tx.query<{ catalog_revision: string }>(
        'SELECT catalog_revision FROM agent_versions WHERE agent_id = $1 AND version = $2',
        [agent.id, agent.latest_version],
      );
      if (latest.rows[0]?.catalog_revision === revision) {
        return { version: agent.latest_version, created: false, excluded: pinned.excluded };
      }
    }
    const next = await tx.query<{ latest_version: number }>(
      `UPDATE agents SET latest_version = latest_version + 1
       WHERE id = $1 AND archived_at IS NULL RETURNING latest_version`,
      [agent.id],
    );
    const number = next.rows[0]!.latest_version;
    // Measured once here: the metrics and warnings are part of the immutable version.
    const { metrics, warnings } = measureCatalog(content);
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO agent_versions (agent_id, version, catalog, catalog_revision, catalog_metrics, catalog_warnings)
       VALUES ($1, $2, $3::jsonb, $4, $5::jsonb, $6::jsonb) RETURNING id`,
      [
        agent.id,
        number,
        JSON.stringify(content),
        revision,
        JSON.stringify(metrics),
        JSON.stringify(warnings),
      ],
    );
    await tx.query(
      `INSERT INTO agent_version_tools (agent_version_id, position, operation_version_id)
       SELECT $1, t.position, t.id FROM unnest($2::uuid[]) WITH ORDINALITY AS t(id, position)`,
      [inserted.rows[0]!.id, pinned.versionIds],
    );
    await tx.notify(CATALOG_CHANGED_CHANNEL, catalogChangedPayload(workspaceSlug, slug));
    return { version: number, created: true, excluded: pinned.excluded };
  });
  return { catalog: await loadAgentVersion(db, workspaceSlug, slug, version), created, excluded };
}

/** A published version of an agent, without its tool definitions. */
export interface AgentVersionSummary {
  version: number;
  revision: string;
  publishedAt: Date;
  tools: { operation: string; operationVersion: number; name: string }[];
  /** What its catalog costs a model's context, measured at publish. */
  metrics: CatalogMetrics;
}

/** Every published version of an agent, oldest first. @throws GatewayError `not_found`. */
export async function listAgentVersions(
  db: Queryable,
  workspaceSlug: string,
  slug: string,
): Promise<AgentVersionSummary[]> {
  const { rows } = await db.query<{
    version: number;
    catalog_revision: string;
    published_at: Date;
    catalog: CatalogContent;
    catalog_metrics: CatalogMetrics | null;
  }>(
    `SELECT av.version, av.catalog_revision, av.published_at, av.catalog, av.catalog_metrics
     FROM agent_versions av JOIN agents a ON a.id = av.agent_id JOIN workspaces w ON w.id = a.workspace_id
     WHERE w.slug = $1 AND a.slug = $2 ORDER BY av.version`,
    [workspaceSlug, slug],
  );
  if (rows.length === 0) {
    // Either unknown (not_found) or never published (an empty list).
    const known = await db.query(
      'SELECT 1 FROM agents a JOIN workspaces w ON w.id = a.workspace_id WHERE w.slug = $1 AND a.slug = $2',
      [workspaceSlug, slug],
    );
    if (known.rows.length === 0) throw await agentNotFound(db, workspaceSlug, slug);
  }
  return rows.map((row) => ({
    version: row.version,
    revision: row.catalog_revision,
    publishedAt: row.published_at,
    tools: row.catalog.tools.map((tool) => ({
      operation: tool.operation,
      operationVersion: tool.operationVersion,
      name: tool.definition.name,
    })),
    // Versions published before migration 0007 were not measured then: measured now, alike.
    metrics: orderedMetrics(row.catalog_metrics ?? measureCatalog(row.catalog).metrics),
  }));
}
