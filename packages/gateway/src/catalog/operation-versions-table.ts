import { canonicalJson } from '@mcpforge/server';
import { GatewayError } from '../errors/gateway-error.js';
import type { Database, Queryable } from '../store/database.js';
import { checkBindingSecrets } from './header-template.js';
import type { OperationDefinition } from './operation-definition.js';
import {
  archived,
  getOperation,
  OPERATION_COLUMNS,
  type OperationRow,
  operationNotFound,
} from './operations-table.js';
import { sectionsOf } from './sections-table.js';
import { upstreamHostsOf } from './upstream-hosts-table.js';
import { checkOperationReferences } from './workspace-references.js';

/** An `operation_versions` row as stored, with its operation's slug. */
export interface OperationVersionRow {
  id: string;
  operation_id: string;
  operation_slug: string;
  version: number;
  definition: OperationDefinition;
  published_at: Date;
}

/** One published version of an operation. Immutable: the database refuses to change it. */
export interface OperationVersion {
  id: string;
  operation: string;
  version: number;
  definition: OperationDefinition;
  publishedAt: Date;
}

export function toOperationVersion(row: OperationVersionRow): OperationVersion {
  return {
    id: row.id,
    operation: row.operation_slug,
    version: row.version,
    definition: row.definition,
    publishedAt: row.published_at,
  };
}

const VERSION_COLUMNS =
  'v.id, v.operation_id, o.slug AS operation_slug, v.version, v.definition, v.published_at';

/** What {@link publishOperation} did: `created` is false when the draft equalled the latest version. */
export interface PublishedOperation {
  version: OperationVersion;
  created: boolean;
}

async function versionOf(db: Queryable, operationId: string, version: number): Promise<OperationVersion> {
  const { rows } = await db.query<OperationVersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM operation_versions v JOIN operations o ON o.id = v.operation_id
     WHERE v.operation_id = $1 AND v.version = $2`,
    [operationId, version],
  );
  return toOperationVersion(rows[0]!);
}

/**
 * Publishes the operation's draft as its next version, after checking its sections and upstream
 * host against the workspace. Publishing a draft equal to the latest version returns that
 * version. Publishes of one operation are serialised by a row lock, so versions never collide.
 * @throws GatewayError `not_found`, `archived`, `reference_not_found`, `upstream_not_allowed`.
 */
export async function publishOperation(
  db: Database,
  workspaceSlug: string,
  slug: string,
): Promise<PublishedOperation> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<OperationRow>(
      `SELECT ${OPERATION_COLUMNS} FROM operations o JOIN workspaces w ON w.id = o.workspace_id
       WHERE w.slug = $1 AND o.slug = $2 FOR UPDATE OF o`,
      [workspaceSlug, slug],
    );
    const operation = rows[0];
    if (operation === undefined) throw await operationNotFound(tx, workspaceSlug, slug);
    if (operation.archived_at !== null) throw archived(workspaceSlug, slug);
    const sections = await sectionsOf(tx, operation.workspace_id);
    const hosts = await upstreamHostsOf(tx, operation.workspace_id);
    checkOperationReferences(operation.draft, sections, hosts, workspaceSlug);
    // A draft saved before only MCPFORGE_SECRET_* could be named is refused here, naming the field.
    checkBindingSecrets(operation.draft.binding, 'draft.binding');
    if (operation.latest_version > 0) {
      const latest = await versionOf(tx, operation.id, operation.latest_version);
      if (canonicalJson(latest.definition) === canonicalJson(operation.draft))
        return { version: latest, created: false };
    }
    const next = await tx.query<{ latest_version: number }>(
      `UPDATE operations SET latest_version = latest_version + 1
       WHERE id = $1 AND archived_at IS NULL RETURNING latest_version`,
      [operation.id],
    );
    const version = next.rows[0]!.latest_version;
    await tx.query(
      'INSERT INTO operation_versions (operation_id, version, definition) VALUES ($1, $2, $3::jsonb)',
      [operation.id, version, JSON.stringify(operation.draft)],
    );
    return { version: await versionOf(tx, operation.id, version), created: true };
  });
}

/** Every published version of an operation, oldest first. @throws GatewayError `not_found`. */
export async function listOperationVersions(
  db: Queryable,
  workspaceSlug: string,
  slug: string,
): Promise<OperationVersion[]> {
  const operation = await getOperation(db, workspaceSlug, slug);
  const { rows } = await db.query<OperationVersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM operation_versions v JOIN operations o ON o.id = v.operation_id
     WHERE v.operation_id = $1 ORDER BY v.version`,
    [operation.id],
  );
  return rows.map(toOperationVersion);
}

/** One published version. @throws GatewayError `not_found`. */
export async function getOperationVersion(
  db: Queryable,
  workspaceSlug: string,
  slug: string,
  version: number,
): Promise<OperationVersion> {
  const operation = await getOperation(db, workspaceSlug, slug);
  if (!Number.isInteger(version) || version < 1 || version > operation.latestVersion) {
    throw new GatewayError('not_found', `operation '${slug}' has no version ${version}`);
  }
  return versionOf(db, operation.id, version);
}
