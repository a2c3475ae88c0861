import { GatewayError } from '../errors/gateway-error.js';
import type { Queryable } from '../store/database.js';
import { type AgentDefinition, readAgentDefinition, storedAgentDefinition } from './agent-definition.js';
import { announceCatalogChange } from './catalog-events.js';
import {
  archiveDrafted,
  type Drafted,
  type DraftedRow,
  type DraftedTable,
  draftConflict,
  draftedColumns,
  insertDrafted,
  listDrafted,
  selectDrafted,
  toDrafted,
  updateDraftedDraft,
} from './drafted-table.js';
import { readSlug } from './slug.js';
import { getWorkspace } from './workspaces-table.js';

/** An `agents` row as stored, with its workspace's slug. */
export type AgentRow = DraftedRow<AgentDefinition>;

/**
 * An agent: one MCP endpoint (`/mcp/v1/{workspace}/{agent}`) with an editable draft and
 * immutable published versions, each a catalog snapshot. `latestVersion` is 0 until published.
 */
export type Agent = Drafted<AgentDefinition>;

/** An agent from its row; a draft stored before `searchSynonyms` existed reads as none. */
export function toAgent(row: AgentRow): Agent {
  const agent = toDrafted(row);
  return { ...agent, draft: storedAgentDefinition(agent.draft) };
}

const AGENTS: DraftedTable = {
  table: 'agents',
  alias: 'a',
  slugConstraint: 'agents_slug_key',
  noun: 'agent',
};

/** Columns of an `AgentRow` from `agents a JOIN workspaces w`. */
export const AGENT_COLUMNS = draftedColumns('a');

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
  return toAgent(await insertDrafted(db, AGENTS, { id: workspace.id, slug: workspaceSlug }, slug, draft));
}

/** The agent `slug`. @throws GatewayError `not_found`. */
export async function getAgent(db: Queryable, workspaceSlug: string, slug: string): Promise<Agent> {
  const row = await selectDrafted<AgentDefinition>(db, AGENTS, workspaceSlug, slug);
  if (row === undefined) throw await agentNotFound(db, workspaceSlug, slug);
  return toAgent(row);
}

/** The agents of a workspace by slug, archived ones only when asked. */
export async function listAgents(
  db: Queryable,
  workspaceSlug: string,
  options: { includeArchived?: boolean | undefined } = {},
): Promise<Agent[]> {
  const workspace = await getWorkspace(db, workspaceSlug);
  const rows = await listDrafted<AgentDefinition>(db, AGENTS, workspace.id, options.includeArchived === true);
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
  const expected = options.expectedDraftRevision;
  const row = await updateDraftedDraft(db, AGENTS, workspaceSlug, slug, draft, expected);
  if (row !== undefined) return toAgent(row);
  // No row: find out which condition failed, to say so.
  const current = await getAgent(db, workspaceSlug, slug);
  if (current.archivedAt !== null) throw agentArchived(workspaceSlug, slug);
  throw draftConflict(AGENTS, slug, current.draftRevision, expected);
}

/** Archives the agent: its endpoint serves no catalog from now on. Idempotent. @throws GatewayError `not_found`. */
export async function archiveAgent(db: Queryable, workspaceSlug: string, slug: string): Promise<Agent> {
  const row = await archiveDrafted<AgentDefinition>(db, AGENTS, workspaceSlug, slug);
  if (row === undefined) return getAgent(db, workspaceSlug, slug);
  await announceCatalogChange(db, workspaceSlug, slug);
  return toAgent(row);
}
