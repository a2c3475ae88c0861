import { GatewayError } from '../errors/gateway-error.js';
import type { Queryable } from '../store/database.js';
import { isUniqueViolation } from '../store/sql-state.js';

/**
 * The SQL that `agents` and `operations` share: both are a slug in a workspace with one
 * editable draft, a draft revision, a latest published version and an archive time. Each
 * table module keeps its own types, validation and messages, and runs these statements with
 * its {@link DraftedTable}. Every change is one conditional `UPDATE … RETURNING`; no row back
 * means a condition failed, and the caller reads the row again to say which.
 * @module
 */

/** Which table, by the names its SQL uses. */
export interface DraftedTable {
  /** `agents` or `operations`. */
  readonly table: string;
  /** The table's alias in every statement (`a`, `o`). */
  readonly alias: string;
  /** The unique constraint on (workspace, slug), for `already_exists`. */
  readonly slugConstraint: string;
  /** How messages name a row (`agent`, `operation`). */
  readonly noun: string;
}

/** A row of either table as stored, with its workspace's slug. */
export interface DraftedRow<D> {
  id: string;
  workspace_id: string;
  workspace_slug: string;
  slug: string;
  draft: D;
  draft_revision: number;
  latest_version: number;
  created_at: Date;
  updated_at: Date;
  archived_at: Date | null;
}

/** A {@link DraftedRow} as the API shows it. */
export interface Drafted<D> {
  id: string;
  workspace: string;
  slug: string;
  draft: D;
  /** Grows with each draft edit; pass it back as `expectedDraftRevision` to refuse lost updates. */
  draftRevision: number;
  /** 0 until the first publish. */
  latestVersion: number;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
}

export function toDrafted<D>(row: DraftedRow<D>): Drafted<D> {
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

/** Columns of a {@link DraftedRow} from `<table> <alias> JOIN workspaces w`. */
export function draftedColumns(alias: string): string {
  const a = alias;
  return (
    `${a}.id, ${a}.workspace_id, w.slug AS workspace_slug, ${a}.slug, ${a}.draft, ${a}.draft_revision, ` +
    `${a}.latest_version, ${a}.created_at, ${a}.updated_at, ${a}.archived_at`
  );
}

/** `WITH x AS (<change> RETURNING …)` joined back to its workspace, so the row carries the slug. */
function returningRow(spec: DraftedTable, change: string): string {
  const { alias } = spec;
  return `WITH ${alias} AS (${change})
     SELECT ${draftedColumns(alias)} FROM ${alias} JOIN workspaces w ON w.id = ${alias}.workspace_id`;
}

/** Inserts a row with its first draft. @throws GatewayError `already_exists` for a taken slug. */
export async function insertDrafted<D>(
  db: Queryable,
  spec: DraftedTable,
  workspace: { id: string; slug: string },
  slug: string,
  draft: D,
): Promise<DraftedRow<D>> {
  try {
    const { rows } = await db.query<DraftedRow<D>>(
      returningRow(
        spec,
        `INSERT INTO ${spec.table} (workspace_id, slug, draft) VALUES ($1, $2, $3::jsonb) RETURNING *`,
      ),
      [workspace.id, slug, JSON.stringify(draft)],
    );
    return rows[0]!;
  } catch (error) {
    if (isUniqueViolation(error, spec.slugConstraint)) {
      throw new GatewayError(
        'already_exists',
        `${spec.noun} '${slug}' already exists in workspace '${workspace.slug}'`,
        { field: 'slug' },
      );
    }
    throw error;
  }
}

/** The row `slug` of the workspace `workspaceSlug`, or undefined. */
export async function selectDrafted<D>(
  db: Queryable,
  spec: DraftedTable,
  workspaceSlug: string,
  slug: string,
): Promise<DraftedRow<D> | undefined> {
  const { alias } = spec;
  const { rows } = await db.query<DraftedRow<D>>(
    `SELECT ${draftedColumns(alias)} FROM ${spec.table} ${alias} JOIN workspaces w ON w.id = ${alias}.workspace_id
     WHERE w.slug = $1 AND ${alias}.slug = $2`,
    [workspaceSlug, slug],
  );
  return rows[0];
}

/** The rows of a workspace by slug, archived ones only when asked. */
export async function listDrafted<D>(
  db: Queryable,
  spec: DraftedTable,
  workspaceId: string,
  includeArchived: boolean,
): Promise<DraftedRow<D>[]> {
  const { alias } = spec;
  const { rows } = await db.query<DraftedRow<D>>(
    `SELECT ${draftedColumns(alias)} FROM ${spec.table} ${alias} JOIN workspaces w ON w.id = ${alias}.workspace_id
     WHERE ${alias}.workspace_id = $1 AND ($2 OR ${alias}.archived_at IS NULL) ORDER BY ${alias}.slug`,
    [workspaceId, includeArchived],
  );
  return rows;
}

/**
 * Replaces the draft of a row that is not archived and, with `expectedRevision`, still at that
 * revision. Undefined when no row matched (missing, archived or moved on).
 */
export async function updateDraftedDraft<D>(
  db: Queryable,
  spec: DraftedTable,
  workspaceSlug: string,
  slug: string,
  draft: D,
  expectedRevision: number | undefined,
): Promise<DraftedRow<D> | undefined> {
  const { alias: a } = spec;
  const { rows } = await db.query<DraftedRow<D>>(
    returningRow(
      spec,
      `UPDATE ${spec.table} ${a} SET draft = $3::jsonb, draft_revision = ${a}.draft_revision + 1, updated_at = now()
       FROM workspaces w
       WHERE w.id = ${a}.workspace_id AND w.slug = $1 AND ${a}.slug = $2 AND ${a}.archived_at IS NULL
         AND ($4::integer IS NULL OR ${a}.draft_revision = $4::integer)
       RETURNING ${a}.*`,
    ),
    [workspaceSlug, slug, JSON.stringify(draft), expectedRevision ?? null],
  );
  return rows[0];
}

/** Archives a row that is not archived yet; undefined when none matched (missing or archived already). */
export async function archiveDrafted<D>(
  db: Queryable,
  spec: DraftedTable,
  workspaceSlug: string,
  slug: string,
): Promise<DraftedRow<D> | undefined> {
  const { alias: a } = spec;
  const { rows } = await db.query<DraftedRow<D>>(
    returningRow(
      spec,
      `UPDATE ${spec.table} ${a} SET archived_at = now(), updated_at = now()
       FROM workspaces w
       WHERE w.id = ${a}.workspace_id AND w.slug = $1 AND ${a}.slug = $2 AND ${a}.archived_at IS NULL
       RETURNING ${a}.*`,
    ),
    [workspaceSlug, slug],
  );
  return rows[0];
}

/** The error for an edit whose `expectedDraftRevision` is not the draft's revision. */
export function draftConflict(
  spec: DraftedTable,
  slug: string,
  current: number,
  expected: number | undefined,
): GatewayError {
  return new GatewayError(
    'draft_conflict',
    `the draft of ${spec.noun} '${slug}' is at revision ${current}, not ${expected}: read it again and reapply the change`,
    { field: 'expectedDraftRevision' },
  );
}
