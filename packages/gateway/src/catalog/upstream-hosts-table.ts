import { GatewayError } from '../errors/gateway-error.js';
import type { Queryable } from '../store/database.js';
import { ALLOW_LIST_CHANGED_CHANNEL, forgetLocally } from './allow-list-events.js';
import { readBoolean, readString } from './field-reader.js';
import { formatHostPattern, type HostPattern, hostPatternMatches, parseHostPattern } from './host-pattern.js';
import { getWorkspace } from './workspaces-table.js';

/** An `upstream_hosts` row as stored. */
export interface UpstreamHostRow {
  id: string;
  workspace_id: string;
  host_pattern: string;
  allow_loopback: boolean;
  allow_private: boolean;
  allow_link_local: boolean;
  created_at: Date;
}

/**
 * One entry of a workspace's upstream allow-list: operations may call hosts matching
 * `hostPattern`. Loopback, private (RFC 1918, unique local, shared) and link-local (including
 * cloud metadata) addresses are refused after DNS resolution unless the entry allows them.
 */
export interface UpstreamHost {
  id: string;
  hostPattern: string;
  pattern: HostPattern;
  allowLoopback: boolean;
  allowPrivate: boolean;
  allowLinkLocal: boolean;
  createdAt: Date;
}

/**
 * The pattern of a stored row. A row written before addresses were normalised may hold a
 * spelling refused today (`foo.123`): it is kept as a pattern no URL host equals, so it still
 * lists and can be removed, and never matches (as before).
 */
function storedPattern(text: string): HostPattern {
  try {
    return parseHostPattern(text, 'hostPattern');
  } catch {
    return { host: text, wildcard: false, port: undefined };
  }
}

export function toUpstreamHost(row: UpstreamHostRow): UpstreamHost {
  return {
    id: row.id,
    hostPattern: row.host_pattern,
    pattern: storedPattern(row.host_pattern),
    allowLoopback: row.allow_loopback,
    allowPrivate: row.allow_private,
    allowLinkLocal: row.allow_link_local,
    createdAt: row.created_at,
  };
}

const COLUMNS = 'id, workspace_id, host_pattern, allow_loopback, allow_private, allow_link_local, created_at';

/** What {@link putUpstreamHost} sets. The flags default to false (refused). */
export interface UpstreamHostInput {
  hostPattern: string;
  allowLoopback?: boolean | undefined;
  allowPrivate?: boolean | undefined;
  allowLinkLocal?: boolean | undefined;
}

/**
 * Adds `hostPattern` to the workspace's allow-list, or replaces the flags of that entry.
 * @throws GatewayError `invalid_field`, `not_found` (workspace).
 */
export async function putUpstreamHost(
  db: Queryable,
  workspaceSlug: string,
  input: UpstreamHostInput,
): Promise<UpstreamHost> {
  const text = readString(input.hostPattern, 'hostPattern', { max: 300 });
  const hostPattern = formatHostPattern(parseHostPattern(text, 'hostPattern'));
  const flags = [
    readBoolean(input.allowLoopback, 'allowLoopback', false),
    readBoolean(input.allowPrivate, 'allowPrivate', false),
    readBoolean(input.allowLinkLocal, 'allowLinkLocal', false),
  ];
  const workspace = await getWorkspace(db, workspaceSlug);
  // The NOTIFY is part of the statement: every process hears of the change once it commits.
  const { rows } = await db.query<UpstreamHostRow>(
    `WITH put AS (
       INSERT INTO upstream_hosts (workspace_id, host_pattern, allow_loopback, allow_private, allow_link_local)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (workspace_id, host_pattern) DO UPDATE
         SET allow_loopback = EXCLUDED.allow_loopback, allow_private = EXCLUDED.allow_private,
             allow_link_local = EXCLUDED.allow_link_local
       RETURNING ${COLUMNS})
     SELECT put.* FROM put CROSS JOIN LATERAL (SELECT pg_notify($6, put.workspace_id::text)) AS notified`,
    [workspace.id, hostPattern, ...flags, ALLOW_LIST_CHANGED_CHANNEL],
  );
  forgetLocally(db, workspace.id);
  return toUpstreamHost(rows[0]!);
}

/**
 * Removes an entry (given in any spelling of its pattern). Every gateway process on the
 * database is told (NOTIFY); this process's allow-list caches on `db` have forgotten the
 * workspace's list when this resolves, so no call starting afterwards reaches the host.
 * @throws GatewayError `not_found`.
 */
export async function removeUpstreamHost(
  db: Queryable,
  workspaceSlug: string,
  hostPattern: string,
): Promise<void> {
  const text = readString(hostPattern, 'hostPattern', { max: 300 });
  // A row stored before addresses were normalised is found by its text as written.
  const asWritten = text.trim().toLowerCase();
  let canonical = asWritten;
  let refusal: unknown;
  try {
    canonical = formatHostPattern(parseHostPattern(text, 'hostPattern'));
  } catch (error) {
    refusal = error;
  }
  const { rows } = await db.query<{ id: string; workspace_id: string }>(
    `WITH removed AS (
       DELETE FROM upstream_hosts u USING workspaces w
       WHERE w.id = u.workspace_id AND w.slug = $1 AND u.host_pattern = ANY($2::text[])
       RETURNING u.id, u.workspace_id)
     SELECT removed.* FROM removed CROSS JOIN LATERAL (SELECT pg_notify($3, removed.workspace_id::text)) AS notified`,
    [workspaceSlug, [canonical, asWritten], ALLOW_LIST_CHANGED_CHANNEL],
  );
  // Before this returns (and the admin API answers), this process's caches forget the entry.
  if (rows[0] !== undefined) forgetLocally(db, rows[0].workspace_id);
  if (rows.length === 0) {
    if (refusal !== undefined) throw refusal;
    await getWorkspace(db, workspaceSlug);
    throw new GatewayError(
      'not_found',
      `'${canonical}' is not on the allow-list of workspace '${workspaceSlug}'`,
    );
  }
}

/** The allow-list of a workspace, by pattern. @throws GatewayError `not_found` (workspace). */
export async function listUpstreamHosts(db: Queryable, workspaceSlug: string): Promise<UpstreamHost[]> {
  const workspace = await getWorkspace(db, workspaceSlug);
  return upstreamHostsOf(db, workspace.id);
}

/** The allow-list of the workspace with id `workspaceId`, by pattern. */
export async function upstreamHostsOf(db: Queryable, workspaceId: string): Promise<UpstreamHost[]> {
  const { rows } = await db.query<UpstreamHostRow>(
    `SELECT ${COLUMNS} FROM upstream_hosts WHERE workspace_id = $1 ORDER BY host_pattern`,
    [workspaceId],
  );
  return rows.map(toUpstreamHost);
}

/**
 * The allow-list entry covering `url`'s host and port; an exact host wins over a wildcard, so
 * an entry for one host can be stricter than the wildcard around it.
 */
export function findUpstreamHost(hosts: readonly UpstreamHost[], url: URL): UpstreamHost | undefined {
  const matching = hosts.filter((host) => hostPatternMatches(host.pattern, url));
  return matching.find((host) => !host.pattern.wildcard) ?? matching[0];
}
