import { GatewayError } from '../errors/gateway-error.js';
import type { Queryable } from '../store/database.js';
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
import { type OperationDefinition, readOperationDefinition } from './operation-definition.js';
import { readSlug } from './slug.js';
import { getWorkspace } from './workspaces-table.js';

/** An `operations` row as stored, with its workspace's slug. */
export type OperationRow = DraftedRow<OperationDefinition>;

/**
 * An operation: one editable draft plus numbered, immutable published versions (see
 * `operation-versions-table.ts`). `latestVersion` is 0 until the first publish.
 */
export type Operation = Drafted<OperationDefinition>;

export const toOperation: (row: OperationRow) => Operation = toDrafted;

const OPERATIONS: DraftedTable = {
  table: 'operations',
  alias: 'o',
  slugConstraint: 'operations_slug_key',
  noun: 'operation',
};

/** Columns of an `OperationRow` from `operations o JOIN workspaces w`. */
export const OPERATION_COLUMNS = draftedColumns('o');

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
  return toOperation(
    await insertDrafted(db, OPERATIONS, { id: workspace.id, slug: workspaceSlug }, slug, draft),
  );
}

/** The operation `slug`. @throws GatewayError `not_found`. */
export async function getOperation(db: Queryable, workspaceSlug: string, slug: string): Promise<Operation> {
  const row = await selectDrafted<OperationDefinition>(db, OPERATIONS, workspaceSlug, slug);
  if (row === undefined) throw await operationNotFound(db, workspaceSlug, slug);
  return toOperation(row);
}

/** The operations of a workspace by slug, archived ones only when asked. */
export async function listOperations(
  db: Queryable,
  workspaceSlug: string,
  options: { includeArchived?: boolean | undefined } = {},
): Promise<Operation[]> {
  const workspace = await getWorkspace(db, workspaceSlug);
  const rows = await listDrafted<OperationDefinition>(
    db,
    OPERATIONS,
    workspace.id,
    options.includeArchived === true,
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
  const expected = options.expectedDraftRevision;
  const row = await updateDraftedDraft(db, OPERATIONS, workspaceSlug, slug, draft, expected);
  if (row !== undefined) return toOperation(row);
  // No row: find out which condition failed, to say so.
  const current = await getOperation(db, workspaceSlug, slug);
  if (current.archivedAt !== null) throw archived(workspaceSlug, slug);
  throw draftConflict(OPERATIONS, slug, current.draftRevision, expected);
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
  const row = await archiveDrafted<OperationDefinition>(db, OPERATIONS, workspaceSlug, slug);
  return row === undefined ? getOperation(db, workspaceSlug, slug) : toOperation(row);
}
