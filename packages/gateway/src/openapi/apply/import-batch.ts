import { canonicalJson } from '@mcpforge/server';
import type { OperationDefinition } from '../../catalog/operation-definition.js';
import { sectionsOf } from '../../catalog/sections-table.js';
import { upstreamHostsOf } from '../../catalog/upstream-hosts-table.js';
import { checkOperationReferences } from '../../catalog/workspace-references.js';
import type { Workspace } from '../../catalog/workspaces-table.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { Queryable } from '../../store/database.js';

/**
 * The import's writes of many operations as a few statements instead of several per operation:
 * an API of a thousand operations was ten thousand statements, each a round trip into PGlite
 * (and through its file system on disk), which made an on-disk `--publish` import of GitHub's
 * API 15x slower than an in-memory one without publishing (issue 22, point 10). The drafts are
 * checked by the gateway before they get here (`readOperationDefinition`); the publish checks
 * are those of `publishOperation` (`catalog/operation-versions-table.ts`), made once per import.
 * Rows are sent as one JSON document per chunk, read by `jsonb_to_recordset`.
 * @module
 */

/** Rows per statement: large enough that statements are few, small enough to bound one parameter. */
export const BATCH_ROWS = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH_ROWS)
    out.push(items.slice(start, start + BATCH_ROWS));
  return out;
}

/** A new operation of the import: its slug, first draft (already checked) and import key. */
export interface NewImportedOperation {
  slug: string;
  draft: OperationDefinition;
  importKey: string;
}

/**
 * Inserts the new operations with their import keys, a chunk per statement.
 * @returns each new operation's id by slug.
 */
export async function insertImportedOperations(
  db: Queryable,
  workspaceId: string,
  operations: readonly NewImportedOperation[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const chunk of chunks(operations)) {
    const { rows } = await db.query<{ id: string; slug: string }>(
      `INSERT INTO operations (workspace_id, slug, draft, import_key)
       SELECT $1, r.slug, r.draft, r.import_key
       FROM jsonb_to_recordset($2::jsonb) AS r(slug text, draft jsonb, import_key text)
       RETURNING id, slug`,
      [
        workspaceId,
        JSON.stringify(chunk.map((o) => ({ slug: o.slug, draft: o.draft, import_key: o.importKey }))),
      ],
    );
    for (const row of rows) ids.set(row.slug, row.id);
  }
  return ids;
}

/** The one refusal for every operation whose host is off the allow-list. */
function notAllowed(workspace: string, refused: ReadonlyMap<string, number>): GatewayError {
  const named = [...refused].map(
    ([host, count]) => `'${host}' (${count} operation${count === 1 ? '' : 's'})`,
  );
  const them = refused.size === 1 ? 'it' : 'them';
  return new GatewayError(
    'upstream_not_allowed',
    `cannot publish: ${named.join(', ')} ${refused.size === 1 ? 'is' : 'are'} not on the upstream allow-list of workspace '${workspace}'; pass --allow-host (allowHost) to add ${them} with this import`,
    { field: 'draft.binding.baseUrl' },
  );
}

interface PublishRow {
  id: string;
  slug: string;
  draft: OperationDefinition;
  latest_version: number;
  latest: OperationDefinition | null;
}

/**
 * Publishes the drafts of the operations `slugs` as `publishOperation` would one by one: each
 * draft's sections and upstream host are checked against the workspace, a draft equal to its
 * latest version keeps that version, any other becomes the next version. The operations' rows
 * are locked as `publishOperation` locks them, so a concurrent publish waits.
 * @returns the published version of each operation by slug.
 * @throws GatewayError `reference_not_found`, `upstream_not_allowed` (naming every host off the
 *   allow-list once), before anything is written.
 */
export async function publishImportedOperations(
  db: Queryable,
  workspace: Workspace,
  slugs: readonly string[],
): Promise<Map<string, number>> {
  const { rows } = await db.query<PublishRow>(
    `SELECT o.id, o.slug, o.draft, o.latest_version, v.definition AS latest
     FROM operations o LEFT JOIN operation_versions v ON v.operation_id = o.id AND v.version = o.latest_version
     WHERE o.workspace_id = $1 AND o.slug = ANY($2::text[]) AND o.archived_at IS NULL
     ORDER BY o.slug FOR UPDATE OF o`,
    [workspace.id, slugs],
  );
  const sections = await sectionsOf(db, workspace.id);
  const hosts = await upstreamHostsOf(db, workspace.id);
  const versions = new Map<string, number>();
  const changed: PublishRow[] = [];
  // Every host off the allow-list is named once, with how many operations call it.
  const refused = new Map<string, number>();
  for (const row of rows) {
    try {
      checkOperationReferences(row.draft, sections, hosts, workspace.slug);
    } catch (error) {
      if (!(error instanceof GatewayError && error.code === 'upstream_not_allowed')) throw error;
      const host = new URL(row.draft.binding.baseUrl).host;
      refused.set(host, (refused.get(host) ?? 0) + 1);
      continue;
    }
    if (row.latest !== null && canonicalJson(row.latest) === canonicalJson(row.draft))
      versions.set(row.slug, row.latest_version);
    else changed.push(row);
  }
  if (refused.size > 0) throw notAllowed(workspace.slug, refused);
  for (const chunk of chunks(changed)) {
    const { rows: published } = await db.query<{ slug: string; latest_version: number }>(
      `WITH bumped AS (
         UPDATE operations o SET latest_version = o.latest_version + 1
         FROM unnest($1::uuid[]) AS c(id) WHERE o.id = c.id
         RETURNING o.id, o.slug, o.latest_version, o.draft
       ), inserted AS (
         INSERT INTO operation_versions (operation_id, version, definition)
         SELECT id, latest_version, draft FROM bumped
       )
       SELECT slug, latest_version FROM bumped`,
      [chunk.map((row) => row.id)],
    );
    for (const row of published) versions.set(row.slug, row.latest_version);
  }
  return versions;
}
