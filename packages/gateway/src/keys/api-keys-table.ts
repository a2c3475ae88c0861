import { getAgent } from '../catalog/agents-table.js';
import { readString, readUniqueList } from '../catalog/field-reader.js';
import { getWorkspace } from '../catalog/workspaces-table.js';
import { GatewayError, invalidField } from '../errors/gateway-error.js';
import type { Database, Queryable } from '../store/database.js';
import { KEY_REVOKED_CHANNEL } from './key-events.js';
import { generateKey } from './key-format.js';
import { KEY_TYPES, type KeyType } from './key-types.js';

/** An `api_keys` row as stored, with the slugs it is bound to. */
export interface ApiKeyRow {
  id: string;
  key_type: KeyType;
  name: string;
  workspace_id: string | null;
  workspace_slug: string | null;
  agent_id: string | null;
  agent_slug: string | null;
  allowed_origins: string[];
  secret_sha256: string;
  display_prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** A key as listed: everything but its value and hash. */
export interface ApiKey {
  id: string;
  type: KeyType;
  name: string;
  /** Workspace slug: the agent's for `mcp_client`, the bound one for `approval`, null for `admin`. */
  workspace: string | null;
  /** Agent slug for `mcp_client`, and for an `approval` key bound to one agent; else null. */
  agent: string | null;
  /** `approval` only: origins whose `Origin` header is accepted (empty: any). */
  allowedOrigins: string[];
  /** The start of the key (`mcpf_mcp_AbCd`), to recognise it. */
  displayPrefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    type: row.key_type,
    name: row.name,
    workspace: row.workspace_slug,
    agent: row.agent_slug,
    allowedOrigins: row.allowed_origins,
    displayPrefix: row.display_prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** Columns of an `ApiKeyRow` from `api_keys k LEFT JOIN workspaces w LEFT JOIN agents a`. */
export const API_KEY_SELECT = `
  SELECT k.id, k.key_type, k.name, k.workspace_id, w.slug AS workspace_slug, k.agent_id, a.slug AS agent_slug,
         k.allowed_origins, k.secret_sha256, k.display_prefix, k.created_at, k.last_used_at, k.revoked_at
  FROM api_keys k
  LEFT JOIN workspaces w ON w.id = k.workspace_id
  LEFT JOIN agents a ON a.id = k.agent_id`;

/** Longest key name. */
export const MAX_KEY_NAME_LENGTH = 128;
/** Most allowed origins of one approval key. */
export const MAX_ALLOWED_ORIGINS = 32;

/** What {@link createKey} needs per type. */
export type CreateKeyInput =
  | { type: 'mcp_client'; name: string; workspace: string; agent: string }
  | {
      type: 'approval';
      name: string;
      workspace: string;
      agent?: string | undefined;
      allowedOrigins?: string[] | undefined;
    }
  | { type: 'admin'; name: string };

/** A new key: its listing, and its value, which is never available again. */
export interface CreatedKey {
  key: ApiKey;
  value: string;
}

function readOrigin(value: unknown, field: string): string {
  const text = readString(value, field, { max: 2048 });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalidField(field, 'must be an origin such as https://app.example.com');
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.origin !== text.replace(/\/$/, '').toLowerCase()
  ) {
    throw invalidField(
      field,
      'must be an origin (scheme://host[:port]) without a path, such as https://app.example.com',
    );
  }
  return url.origin;
}

async function binding(
  db: Queryable,
  input: CreateKeyInput,
): Promise<{ workspaceId: string | null; agentId: string | null; origins: string[] }> {
  if (input.type === 'admin') return { workspaceId: null, agentId: null, origins: [] };
  const workspace = await getWorkspace(db, input.workspace);
  const agentSlug = input.agent;
  const agent = agentSlug === undefined ? undefined : await getAgent(db, input.workspace, agentSlug);
  if (agent !== undefined && agent.archivedAt !== null) {
    throw new GatewayError('archived', `agent '${agent.slug}' is archived`, { field: 'agent' });
  }
  const origins =
    input.type === 'approval'
      ? readUniqueList(input.allowedOrigins, 'allowedOrigins', MAX_ALLOWED_ORIGINS, readOrigin)
      : [];
  return { workspaceId: workspace.id, agentId: agent?.id ?? null, origins };
}

/**
 * Creates a key. Its value is in the result and nowhere else: only its SHA-256 is stored.
 * @throws GatewayError `invalid_field`, `not_found` (workspace, agent), `archived` (agent).
 */
export async function createKey(db: Queryable, input: CreateKeyInput): Promise<CreatedKey> {
  if (!(KEY_TYPES as readonly string[]).includes(input.type)) {
    throw invalidField('type', `must be one of ${KEY_TYPES.map((type) => `'${type}'`).join(', ')}`);
  }
  if (input.type === 'mcp_client' && typeof input.agent !== 'string') {
    throw invalidField('agent', 'is required: an mcp_client key is bound to one agent');
  }
  const name = readString(input.name, 'name', { max: MAX_KEY_NAME_LENGTH });
  const { workspaceId, agentId, origins } = await binding(db, input);
  const generated = generateKey(input.type);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO api_keys (key_type, name, workspace_id, agent_id, allowed_origins, secret_sha256, display_prefix)
     VALUES ($1, $2, $3, $4, $5::text[], $6, $7) RETURNING id`,
    [input.type, name, workspaceId, agentId, origins, generated.sha256, generated.displayPrefix],
  );
  return { key: await getKey(db, rows[0]!.id), value: generated.value };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function keyNotFound(id: string): GatewayError {
  return new GatewayError('not_found', `key '${id}' not found`);
}

/** One key's listing. @throws GatewayError `not_found`. */
export async function getKey(db: Queryable, id: string): Promise<ApiKey> {
  const { rows } = UUID.test(id)
    ? await db.query<ApiKeyRow>(`${API_KEY_SELECT} WHERE k.id = $1`, [id])
    : { rows: [] };
  if (rows[0] === undefined) throw keyNotFound(id);
  return toApiKey(rows[0]);
}

/** Filters of {@link listKeys}. */
export interface ListKeysFilter {
  /** Keys bound to this workspace; omitted: every key, admin keys included. */
  workspace?: string | undefined;
  type?: KeyType | undefined;
  includeRevoked?: boolean | undefined;
}

/** Keys, newest first, without their values. */
export async function listKeys(db: Queryable, filter: ListKeysFilter = {}): Promise<ApiKey[]> {
  if (filter.workspace !== undefined) await getWorkspace(db, filter.workspace);
  const { rows } = await db.query<ApiKeyRow>(
    `${API_KEY_SELECT}
     WHERE ($1::text IS NULL OR w.slug = $1) AND ($2::text IS NULL OR k.key_type = $2) AND ($3 OR k.revoked_at IS NULL)
     ORDER BY k.created_at DESC, k.id`,
    [filter.workspace ?? null, filter.type ?? null, filter.includeRevoked === true],
  );
  return rows.map(toApiKey);
}

/**
 * Revokes a key, and tells every gateway process on {@link KEY_REVOKED_CHANNEL} when the
 * revocation commits. Idempotent. A process's own cache is cleared by `KeyVerifier.revoke`.
 * @throws GatewayError `not_found`.
 */
export async function revokeKey(db: Database, id: string): Promise<ApiKey> {
  if (!UUID.test(id)) throw keyNotFound(id);
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      'UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id',
      [id],
    );
    if (rows[0] !== undefined) await tx.notify(KEY_REVOKED_CHANNEL, id);
  });
  return getKey(db, id);
}

/**
 * Which of `ids` are revoked (or gone): one statement, for the sweep that ends the sessions of a
 * key whose revocation notice was lost. Ids that are not UUIDs are left out.
 */
export async function revokedKeyIds(db: Queryable, ids: readonly string[]): Promise<string[]> {
  const wanted = ids.filter((id) => UUID.test(id));
  if (wanted.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `SELECT t.id::text AS id FROM unnest($1::uuid[]) AS t(id)
     LEFT JOIN api_keys k ON k.id = t.id WHERE k.id IS NULL OR k.revoked_at IS NOT NULL`,
    [wanted],
  );
  return rows.map((row) => row.id);
}

/** The key whose value hashes to `sha256`, revoked or not, or undefined. */
export async function findKeyBySha256(db: Queryable, sha256: string): Promise<ApiKeyRow | undefined> {
  const { rows } = await db.query<ApiKeyRow>(`${API_KEY_SELECT} WHERE k.secret_sha256 = $1`, [sha256]);
  return rows[0];
}

/** Records when keys were last used: one statement for a whole batch. */
export async function touchKeys(db: Queryable, usedAt: ReadonlyMap<string, Date>): Promise<void> {
  if (usedAt.size === 0) return;
  await db.query(
    `UPDATE api_keys k SET last_used_at = greatest(k.last_used_at, t.used_at)
     FROM unnest($1::uuid[], $2::timestamptz[]) AS t(id, used_at) WHERE k.id = t.id`,
    [[...usedAt.keys()], [...usedAt.values()]],
  );
}
