import { GatewayError } from '../errors/gateway-error.js';
import type { Queryable } from '../store/database.js';
import { isUniqueViolation } from '../store/sql-state.js';
import { type OperationDefinition, readOperationDefinition } from './operation-definition.js';
import { readSlug } from './slug.js';
import { getWorkspace } from './workspaces-table.js';

/** An `operations` row as stored, with its workspace's slug. */
export interface OperationRow {
  id: string;
  workspace_id: string;
  workspace_slug: string;
  slug: string;
  draft: OperationDefinition;
  draft_revision: number;
  latest_version: number;
  created_at: Date;
  updated_at: Date;
  archived_at: Date | null;
}

/**
 * An operation: one editable draft plus numbered, immutable published versions (see
 * `operation-versions-table.ts`). `latestVersion` is 0 until the first publish.
 */
export interface Operation {
  id: string;
  workspace: string;
  slug: string;
  draft: OperationDefinition;
  /** Grows with each draft edit; pass it back as `expectedDraftRevision` to refuse lost updates. */
  draftRevision: number;
  latestVersion: number;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
}

export function toOperation(row: OperationRow): Operation {
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

/** Columns of an `OperationRow` from `operations o JOIN workspaces w`. */
export const OPERATION_COLUMNS =
  'o.id, o.workspace_id, w.slug AS workspace_slug, o.slug, o.draft, o.draft_revision, o.latest_version, ' +
  'o.created_at, o.updated_at, o.archived_at';

/** The error for an operation slug that names no operation (after checking the workspace exists). */
export async function operationNotFound(
  db: Queryable,
  workspaceSlug: string,
  slug: string,
): Promise<GatewayError> {
  await getWorkspace(db, workspaceSlug);
  return new GatewayError('not_found', `operation '${slug}' not found in workspace '${workspaceSlug}'`);
}

/** Creates an operation with its first draft. @throws GatewayError `invalid_field`, `not_found`, `already_exists`. */
export async function createOperation(
  db: Queryable,
  workspaceSlug: string,
  input: { slug: string; draft: unknown },
): Promise<Operation> {
  const slug = readSlug(input.slug, 'slug');
  const draft = readOperationDefinition(input.draft, 'draft');
  const workspace = await getWorkspace(db, workspaceSlug);
  try {
    const { rows } = await db.query<OperationRow>(
      `WITH o AS (INSERT INTO operations (workspace_id, slug, draft) VALUES ($1, $2, $3::jsonb) RETURNING *)
       SELECT ${OPERATION_COLUMNS} FROM o JOIN workspaces w ON w.id = o.workspace_id`,
      [workspace.id, slug, JSON.stringify(draft)],
    );
    return toOperation(rows[0]!);
  } catch (error) {
    if (isUniqueViolation(error, 'operations_slug_key')) {
      throw new GatewayError(
        'already_exists',
        `operation '${slug}' already exists in workspace '${workspaceSlug}'`,
        {
          field: 'slug',
        },
      );
    }
    throw error;
  }
}

/** The operation `slug`. @throws GatewayError `not_found`. */
export async function getOperation(db: Queryable, workspaceSlug: string, slug: string): Promise<Operation> {
  const { rows } = await db.query<OperationRow>(
    `SELECT ${OPERATION_COLUMNS} FROM operations o JOIN workspaces w ON w.id = o.workspace_id
     WHERE w.slug = $1 AND o.slug = $2`,
    [workspaceSlug, slug],
  );
  if (rows[0] === undefined) throw await operationNotFound(db, workspaceSlug, slug);
  return toOperation(rows[0]);
}

/** The operations of a workspace by slug, archived ones only when asked. */
export async function listOperations(
  db: Queryable,
  workspaceSlug: string,
  options: { includeArchived?: boolean | undefined } = {},
): Promise<Operation[]> {
  const workspace = await getWorkspace(db, workspaceSlug);
  const { rows } = await db.query<OperationRow>(
    `SELECT ${OPERATION_COLUMNS} FROM operations o JOIN workspaces w ON w.id = o.workspace_id
     WHERE o.workspace_id = $1 AND ($2 OR o.archived_at IS NULL) ORDER BY o.slug`,
    [workspace.id, options.includeArchived === true],
  );
  return rows.map(toOperation);
}

/**
 * Replaces the draft. Published versions and the catalogs pinning them do not change.
 * With `expectedDraftRevision`, refuses the edit when someone else edited the draft since.
 * @throws GatewayError `invalid_field`, `not_found`, `archived`, `draft_conflict`.
 */
export async function updateOperationDraft(
  db: Queryable,
  workspaceSlug: string,
  slug: string,
  draftInput: unknown,
  options: { expectedDraftRevision?: number | undefined } = {},
): Promise<Operation> {
  const draft = readOperationDefinition(draftInput, 'draft');
  const { rows } = await db.query<OperationRow>(
    `WITH o AS (
       UPDATE operations o SET draft = $3::jsonb, draft_revision = o.draft_revision + 1, updated_at = now()
       FROM workspaces w
       WHERE w.id = o.workspace_id AND w.slug = $1 AND o.slug = $2 AND o.archived_at IS NULL
         AND ($4::integer IS NULL OR o.draft_revision = $4::integer)
       RETURNING o.*)
     SELECT ${OPERATION_COLUMNS} FROM o JOIN workspaces w ON w.id = o.workspace_id`,
    [workspaceSlug, slug, JSON.stringify(draft), options.expectedDraftRevision ?? null],
  );
  if (rows[0] !== undefined) return toOperation(rows[0]);
  // No row: find out which condition failed, to say so.
  const current = await getOperation(db, workspaceSlug, slug);
  if (current.archivedAt !== null) throw archived(workspaceSlug, slug);
  throw new GatewayError(
    'draft_conflict',
    `the draft of operation '${slug}' is at revision ${current.draftRevision}, not ${options.expectedDraftRevision}: read it again and reapply the change`,
    { field: 'expectedDraftRevision' },
  );
}

/** The error for a change to an archived operation. */
export function archived(workspaceSlug: string, slug: string): GatewayError {
  return new GatewayError('archived', `operation '${slug}' of workspace '${workspaceSlug}' is archived`);
}

/**
 * Archives the operation: agents published from now on leave it out; catalogs already
 * published keep their pinned version until their agent is published again. Idempotent.
 * @throws GatewayError `not_found`.
 */
export async function archiveOperation(
  db: Queryable,
  workspaceSlug: string,
  slug: string,
): Promise<Operation> {
  const { rows } = await db.query<OperationRow>(
    `WITH o AS (
       UPDATE operations o SET archived_at = now(), updated_at = now()
       FROM workspaces w
       WHERE w.id = o.workspace_id AND w.slug = $1 AND o.slug = $2 AND o.archived_at IS NULL
       RETURNING o.*)
     SELECT ${OPERATION_COLUMNS} FROM o JOIN workspaces w ON w.id = o.workspace_id`,
    [workspaceSlug, slug],
  );
  return rows[0] === undefined ? getOperation(db, workspaceSlug, slug) : toOperation(rows[0]);
}
