import { GatewayError } from '../errors/gateway-error.js';
import type { Queryable } from '../store/database.js';
import { isUniqueViolation } from '../store/sql-state.js';
import { type AgentDefinition, readAgentDefinition } from './agent-definition.js';
import { announceCatalogChange } from './catalog-events.js';
import { readSlug } from './slug.js';
import { getWorkspace } from './workspaces-table.js';

/** An `agents` row as stored, with its workspace's slug. */
export interface AgentRow {
  id: string;
  workspace_id: string;
  workspace_slug: string;
  slug: string;
  draft: AgentDefinition;
  draft_revision: number;
  latest_version: number;
  created_at: Date;
  updated_at: Date;
  archived_at: Date | null;
}

/**
 * An agent: one MCP endpoint (`/mcp/v1/{workspace}/{agent}`) with an editable draft and
 * immutable published versions, each a catalog snapshot. `latestVersion` is 0 until published.
 */
export interface Agent {
  id: string;
  workspace: string;
  slug: string;
  draft: AgentDefinition;
  draftRevision: number;
  latestVersion: number;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
}

export function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    workspace: row.workspace_slug,
    slug: row.slug,
    draft: row.draft,
    draftRevision: row.draft_revision,
    latestVersion: row.latest_version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    archivedAt: row.archived_at,
  };
}

/** Columns of an `AgentRow` from `agents a JOIN workspaces w`. */
export const AGENT_COLUMNS =
  'a.id, a.workspace_id, w.slug AS workspace_slug, a.slug, a.draft, a.draft_revision, a.latest_version, ' +
  'a.created_at, a.updated_at, a.archived_at';

/** The error for an agent slug that names no agent (after checking the workspace exists). */
export async function agentNotFound(
  db: Queryable,
  workspaceSlug: string,
  slug: string,
): Promise<GatewayError> {
  await getWorkspace(db, workspaceSlug);
  return new GatewayError('not_found', `agent '${slug}' not found in workspace '${workspaceSlug}'`);
}

/** The error for a change to an archived agent. */
export function agentArchived(workspaceSlug: string, slug: string): GatewayError {
  return new GatewayError('archived', `agent '${slug}' of workspace '${workspaceSlug}' is archived`);
}

/** Creates an agent; its draft defaults to direct delivery with no operations. */
export async function createAgent(
  db: Queryable,
  workspaceSlug: string,
  input: { slug: string; draft?: unknown },
): Promise<Agent> {
  const slug = readSlug(input.slug, 'slug');
  const draft = readAgentDefinition(input.draft ?? {}, 'draft');
  const workspace = await getWorkspace(db, workspaceSlug);
  try {
    const { rows } = await db.query<AgentRow>(
      `WITH a AS (INSERT INTO agents (workspace_id, slug, draft) VALUES ($1, $2, $3::jsonb) RETURNING *)
       SELECT ${AGENT_COLUMNS} FROM a JOIN workspaces w ON w.id = a.workspace_id`,
      [workspace.id, slug, JSON.stringify(draft)],
    );
    return toAgent(rows[0]!);
  } catch (error) {
    if (isUniqueViolation(error, 'agents_slug_key')) {
      throw new GatewayError(
        'already_exists',
        `agent '${slug}' already exists in workspace '${workspaceSlug}'`,
        {
          field: 'slug',
        },
      );
    }
    throw error;
  }
}

/** The agent `slug`. @throws GatewayError `not_found`. */
export async function getAgent(db: Queryable, workspaceSlug: string, slug: string): Promise<Agent> {
  const { rows } = await db.query<AgentRow>(
    `SELECT ${AGENT_COLUMNS} FROM agents a JOIN workspaces w ON w.id = a.workspace_id
     WHERE w.slug = $1 AND a.slug = $2`,
    [workspaceSlug, slug],
  );
  if (rows[0] === undefined) throw await agentNotFound(db, workspaceSlug, slug);
  return toAgent(rows[0]);
}

/** The agents of a workspace by slug, archived ones only when asked. */
export async function listAgents(
  db: Queryable,
  workspaceSlug: string,
  options: { includeArchived?: boolean | undefined } = {},
): Promise<Agent[]> {
  const workspace = await getWorkspace(db, workspaceSlug);
  const { rows } = await db.query<AgentRow>(
    `SELECT ${AGENT_COLUMNS} FROM agents a JOIN workspaces w ON w.id = a.workspace_id
     WHERE a.workspace_id = $1 AND ($2 OR a.archived_at IS NULL) ORDER BY a.slug`,
    [workspace.id, options.includeArchived === true],
  );
  return rows.map(toAgent);
}

/**
 * Replaces the agent's draft; its published catalog does not change until it is published.
 * @throws GatewayError `invalid_field`, `not_found`, `archived`, `draft_conflict`.
 */
export async function updateAgentDraft(
  db: Queryable,
  workspaceSlug: string,
  slug: string,
  draftInput: unknown,
  options: { expectedDraftRevision?: number | undefined } = {},
): Promise<Agent> {
  const draft = readAgentDefinition(draftInput, 'draft');
  const { rows } = await db.query<AgentRow>(
    `WITH a AS (
       UPDATE agents a SET draft = $3::jsonb, draft_revision = a.draft_revision + 1, updated_at = now()
       FROM workspaces w
       WHERE w.id = a.workspace_id AND w.slug = $1 AND a.slug = $2 AND a.archived_at IS NULL
         AND ($4::integer IS NULL OR a.draft_revision = $4::integer)
       RETURNING a.*)
     SELECT ${AGENT_COLUMNS} FROM a JOIN workspaces w ON w.id = a.workspace_id`,
    [workspaceSlug, slug, JSON.stringify(draft), options.expectedDraftRevision ?? null],
  );
  if (rows[0] !== undefined) return toAgent(rows[0]);
  const current = await getAgent(db, workspaceSlug, slug);
  if (current.archivedAt !== null) throw agentArchived(workspaceSlug, slug);
  throw new GatewayError(
    'draft_conflict',
    `the draft of agent '${slug}' is at revision ${current.draftRevision}, not ${options.expectedDraftRevision}: read it again and reapply the change`,
    { field: 'expectedDraftRevision' },
  );
}

/** Archives the agent: its endpoint serves no catalog from now on. Idempotent. @throws GatewayError `not_found`. */
export async function archiveAgent(db: Queryable, workspaceSlug: string, slug: string): Promise<Agent> {
  const { rows } = await db.query<AgentRow>(
    `WITH a AS (
       UPDATE agents a SET archived_at = now(), updated_at = now()
       FROM workspaces w
       WHERE w.id = a.workspace_id AND w.slug = $1 AND a.slug = $2 AND a.archived_at IS NULL
       RETURNING a.*)
     SELECT ${AGENT_COLUMNS} FROM a JOIN workspaces w ON w.id = a.workspace_id`,
    [workspaceSlug, slug],
  );
  if (rows[0] === undefined) return getAgent(db, workspaceSlug, slug);
  await announceCatalogChange(db, workspaceSlug, slug);
  return toAgent(rows[0]);
}
