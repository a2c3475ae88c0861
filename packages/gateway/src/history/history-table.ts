import type { Queryable } from '../store/database.js';

/**
 * The `invocation_history` table: one row per `tools/call`, written in batches by the
 * {@link HistoryWriter}. It holds ids, names, times and outcomes only: never arguments,
 * payloads, bearer values or upstream bodies.
 * @module
 */

/** How a call ended: a result, a structured tool error, or a refusal before any tool ran. */
export const CALL_OUTCOMES = ['success', 'tool_error', 'rejected', 'approval_required'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** One call as the request path records it. */
export interface InvocationRecord {
  keyId: string;
  workspaceId: string;
  agentId: string;
  agentVersionId: string;
  /** The immutable operation version that ran; null when no published tool matched. */
  operationVersionId: string | null;
  /** The published tool name; null when the name matched no published tool. */
  tool: string | null;
  era: 'legacy' | 'modern';
  calledAt: Date;
  requestId: string;
  traceId: string;
  outcome: CallOutcome;
  errorCode: string | null;
  durationMs: number;
  /** Legacy: the session went `initialize` → `notifications/initialized` → `tools/list` first. */
  handshakeComplete: boolean;
}

/** A history row as listed. */
export interface Invocation extends InvocationRecord {
  id: string;
  workspace: string;
  agent: string;
  operation: string | null;
  operationVersion: number | null;
}

/** A row of `invocation_history` joined with the slugs it names. */
export interface InvocationRow {
  id: string;
  key_id: string;
  workspace_id: string;
  workspace_slug: string;
  agent_id: string;
  agent_slug: string;
  agent_version_id: string;
  operation_version_id: string | null;
  operation_slug: string | null;
  operation_version: number | null;
  tool: string | null;
  era: 'legacy' | 'modern';
  called_at: Date;
  request_id: string;
  trace_id: string;
  outcome: CallOutcome;
  error_code: string | null;
  duration_ms: number;
  handshake_complete: boolean;
}

export function toInvocation(row: InvocationRow): Invocation {
  return {
    id: row.id,
    keyId: row.key_id,
    workspaceId: row.workspace_id,
    workspace: row.workspace_slug,
    agentId: row.agent_id,
    agent: row.agent_slug,
    agentVersionId: row.agent_version_id,
    operationVersionId: row.operation_version_id,
    operation: row.operation_slug,
    operationVersion: row.operation_version,
    tool: row.tool,
    era: row.era,
    calledAt: row.called_at,
    requestId: row.request_id,
    traceId: row.trace_id,
    outcome: row.outcome,
    errorCode: row.error_code,
    durationMs: row.duration_ms,
    handshakeComplete: row.handshake_complete,
  };
}

/** Columns of an {@link InvocationRow} from `invocation_history h` and its joins. */
export const INVOCATION_SELECT = `
  SELECT h.id, h.key_id, h.workspace_id, w.slug AS workspace_slug, h.agent_id, a.slug AS agent_slug,
         h.agent_version_id, h.operation_version_id, o.slug AS operation_slug, ov.version AS operation_version,
         h.tool, h.era, h.called_at, h.request_id, h.trace_id, h.outcome, h.error_code, h.duration_ms,
         h.handshake_complete
  FROM invocation_history h
  JOIN workspaces w ON w.id = h.workspace_id
  JOIN agents a ON a.id = h.agent_id
  LEFT JOIN operation_versions ov ON ov.id = h.operation_version_id
  LEFT JOIN operations o ON o.id = ov.operation_id`;

/** Writes a batch of calls in one statement. */
export async function insertInvocations(db: Queryable, records: readonly InvocationRecord[]): Promise<void> {
  if (records.length === 0) return;
  const column = <T>(pick: (record: InvocationRecord) => T): T[] => records.map(pick);
  await db.query(
    `INSERT INTO invocation_history (key_id, workspace_id, agent_id, agent_version_id, operation_version_id, tool,
       era, called_at, request_id, trace_id, outcome, error_code, duration_ms, handshake_complete)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::text[],
       $8::timestamptz[], $9::text[], $10::text[], $11::text[], $12::text[], $13::integer[], $14::boolean[])`,
    [
      column((r) => r.keyId),
      column((r) => r.workspaceId),
      column((r) => r.agentId),
      column((r) => r.agentVersionId),
      column((r) => r.operationVersionId),
      column((r) => r.tool),
      column((r) => r.era),
      column((r) => r.calledAt),
      column((r) => r.requestId),
      column((r) => r.traceId),
      column((r) => r.outcome),
      column((r) => r.errorCode),
      column((r) => Math.round(r.durationMs)),
      column((r) => r.handshakeComplete),
    ],
  );
}

/** A key's first modern-era `tools/list` (the discovery step of first-call evidence). */
export interface DiscoveryRecord {
  keyId: string;
  agentId: string;
  listedAt: Date;
}

/** Records first listings; a key's earliest one is kept. */
export async function insertDiscoveries(db: Queryable, records: readonly DiscoveryRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.query(
    `INSERT INTO key_discoveries (key_id, agent_id, listed_at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[])
     ON CONFLICT (key_id) DO UPDATE SET listed_at = least(key_discoveries.listed_at, EXCLUDED.listed_at)`,
    [records.map((r) => r.keyId), records.map((r) => r.agentId), records.map((r) => r.listedAt)],
  );
}

/** Filters of {@link listInvocations}; every one optional. */
export interface InvocationFilter {
  workspaceId?: string | undefined;
  agentId?: string | undefined;
  keyId?: string | undefined;
  outcome?: CallOutcome | undefined;
  /** Rows strictly older than this (the previous page's last `calledAt`). */
  before?: Date | undefined;
  /** Page size, 1..500. Default 50. */
  limit?: number | undefined;
}

/** Largest page of {@link listInvocations}. */
export const MAX_HISTORY_PAGE = 500;
/** Page size of {@link listInvocations} when none is given. */
export const DEFAULT_HISTORY_PAGE = 50;

/** History rows, newest first. */
export async function listInvocations(db: Queryable, filter: InvocationFilter = {}): Promise<Invocation[]> {
  const limit = filter.limit ?? DEFAULT_HISTORY_PAGE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_HISTORY_PAGE) {
    throw new RangeError(`limit: must be an integer in 1..${MAX_HISTORY_PAGE} (got ${String(limit)})`);
  }
  const { rows } = await db.query<InvocationRow>(
    `${INVOCATION_SELECT}
     WHERE ($1::uuid IS NULL OR h.workspace_id = $1) AND ($2::uuid IS NULL OR h.agent_id = $2)
       AND ($3::uuid IS NULL OR h.key_id = $3) AND ($4::text IS NULL OR h.outcome = $4)
       AND ($5::timestamptz IS NULL OR h.called_at < $5)
     ORDER BY h.called_at DESC, h.id LIMIT $6`,
    [
      filter.workspaceId ?? null,
      filter.agentId ?? null,
      filter.keyId ?? null,
      filter.outcome ?? null,
      filter.before ?? null,
      limit,
    ],
  );
  return rows.map(toInvocation);
}
