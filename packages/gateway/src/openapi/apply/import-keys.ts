import type { OperationDefinition } from '../../catalog/operation-definition.js';
import type { Queryable } from '../../store/database.js';

/**
 * The `operations.import_key` column (migration 0008): which API operation (`GET /pets/{id}`)
 * an imported operation came from. Owned here because only the import reads or writes it; the
 * operations table module knows nothing of imports.
 * @module
 */

/** An operation of the workspace as the import sees it. */
export interface ExistingOperation {
  id: string;
  slug: string;
  importKey: string | null;
  draft: OperationDefinition;
  archived: boolean;
}

interface ExistingRow {
  id: string;
  slug: string;
  import_key: string | null;
  draft: OperationDefinition;
  archived: boolean;
}

/** Every operation of the workspace, archived ones included (a slug stays taken when archived). */
export async function existingOperations(db: Queryable, workspaceId: string): Promise<ExistingOperation[]> {
  const { rows } = await db.query<ExistingRow>(
    `SELECT id, slug, import_key, draft, archived_at IS NOT NULL AS archived
     FROM operations WHERE workspace_id = $1 ORDER BY slug`,
    [workspaceId],
  );
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    importKey: row.import_key,
    draft: row.draft,
    archived: row.archived,
  }));
}

/** Records which API operation each operation is the import of, in one statement. */
export async function setImportKeys(
  db: Queryable,
  keys: readonly { operationId: string; key: string }[],
): Promise<void> {
  if (keys.length === 0) return;
  await db.query(
    `UPDATE operations o SET import_key = k.key
     FROM unnest($1::uuid[], $2::text[]) AS k(id, key) WHERE o.id = k.id`,
    [keys.map((k) => k.operationId), keys.map((k) => k.key)],
  );
}

/**
 * Holds the workspace's row until the import commits, so two imports into one workspace run
 * one after the other (on PostgreSQL) instead of racing for the same slugs.
 */
export async function lockWorkspaceForImport(db: Queryable, workspaceId: string): Promise<void> {
  await db.query('SELECT id FROM workspaces WHERE id = $1 FOR UPDATE', [workspaceId]);
}
