import type { Queryable } from '../store/database.js';
import { INVOCATION_SELECT, type Invocation, type InvocationRow, toInvocation } from './history-table.js';

/**
 * First-call evidence of an `mcp_client` key, as the seed defines it: the full public sequence
 * `initialize` → `notifications/initialized` → `tools/list` → a successful `tools/call` in one
 * session of that key (modern era, which has no handshake: a `tools/list` by the key, then a
 * successful `tools/call`). Discovery alone, a failed call or a success with another key does
 * not count. Computed on read from the source of truth: a revoked key, an archived agent or
 * operation, or a call whose operation version the agent's current catalog no longer serves
 * puts onboarding back in its actionable state.
 * @module
 */

/** Why onboarding is (still) actionable. */
export type EvidenceGap = 'key_not_found' | 'key_revoked' | 'not_mcp_client' | 'no_qualifying_call';

/** The evidence of one key: the history row that proves the first call, or what is missing. */
export type FirstCallEvidence =
  | { keyId: string; state: 'confirmed'; invocation: Invocation }
  | { keyId: string; state: 'actionable'; reason: EvidenceGap };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The first qualifying call that the source of truth still confirms. */
const QUALIFYING_CALL = `${INVOCATION_SELECT}
  JOIN api_keys k ON k.id = h.key_id AND k.revoked_at IS NULL AND k.agent_id = h.agent_id
  WHERE h.key_id = $1 AND h.outcome = 'success' AND a.archived_at IS NULL AND o.archived_at IS NULL
    AND (h.handshake_complete OR (h.era = 'modern' AND EXISTS (
      SELECT 1 FROM key_discoveries d WHERE d.key_id = h.key_id AND d.listed_at <= h.called_at)))
    AND EXISTS (
      SELECT 1 FROM agent_versions av JOIN agent_version_tools t ON t.agent_version_id = av.id
      WHERE av.agent_id = a.id AND av.version = a.latest_version AND t.operation_version_id = h.operation_version_id)
  ORDER BY h.called_at, h.id LIMIT 1`;

/** First-call evidence of key `keyId` (by id). */
export async function firstCallEvidence(db: Queryable, keyId: string): Promise<FirstCallEvidence> {
  const { rows: keys } = UUID.test(keyId)
    ? await db.query<{ key_type: string; revoked_at: Date | null }>(
        'SELECT key_type, revoked_at FROM api_keys WHERE id = $1',
        [keyId],
      )
    : { rows: [] };
  const key = keys[0];
  if (key === undefined) return { keyId, state: 'actionable', reason: 'key_not_found' };
  if (key.key_type !== 'mcp_client') return { keyId, state: 'actionable', reason: 'not_mcp_client' };
  if (key.revoked_at !== null) return { keyId, state: 'actionable', reason: 'key_revoked' };
  const { rows } = await db.query<InvocationRow>(QUALIFYING_CALL, [keyId]);
  if (rows[0] === undefined) return { keyId, state: 'actionable', reason: 'no_qualifying_call' };
  return { keyId, state: 'confirmed', invocation: toInvocation(rows[0]) };
}
