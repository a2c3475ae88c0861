import { decodeCursor, encodeCursor } from '../admin/pagination.js';
import type { OperationDefinition } from '../catalog/operation-definition.js';
import type { RestBinding } from '../catalog/rest-binding.js';
import { GatewayError, invalidField } from '../errors/gateway-error.js';
import { toolErrorInfo } from '../errors/tool-error-table.js';
import type { Database, Queryable, Transaction } from '../store/database.js';
import type { ApprovalRecord, ApprovalScope, ApprovalStatus } from './approval-record.js';

/**
 * The `approval_requests` table. Every state change is one guarded statement (its `WHERE` names
 * the state it leaves, so of two racing changes exactly one matches the row) and is announced
 * on {@link APPROVALS_CHANNEL} in the same transaction. The stored `arguments` are returned only
 * by the statements that start an execution, and every statement that ends a request drops them
 * (NULL): nothing reads them afterwards. Times come from the caller's clock.
 * @module
 */

/** The channel every state change is announced on (payload: the approval id). */
export const APPROVALS_CHANNEL = 'mcpforge_approvals';

/** A row as read, with the slugs of its workspace and agent; `arguments` only where asked for. */
interface ApprovalRow {
  id: string;
  workspace_slug: string;
  agent_slug: string;
  workspace_id: string;
  agent_id: string;
  agent_version_id: string;
  operation_version_id: string;
  tool: string;
  status: ApprovalStatus;
  payload_preview: unknown;
  payload_preview_truncated: boolean;
  requested_by_key_id: string;
  requested_by_key_name: string;
  requested_by_key_active: boolean;
  request_id: string;
  trace_id: string;
  created_at: Date;
  expires_at: Date;
  decided_at: Date | null;
  decided_by_key_id: string | null;
  note: string | null;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  completed_at: Date | null;
  response_payload: unknown | null;
  error_code: string | null;
  execution_request_id: string | null;
  execution_trace_id: string | null;
  arguments?: Record<string, unknown> | null;
}

const RECORD_COLUMNS = `r.id, w.slug AS workspace_slug, a.slug AS agent_slug, r.workspace_id, r.agent_id,
  r.agent_version_id, r.operation_version_id, r.tool, r.status, r.payload_preview, r.requested_by_key_id,
  r.request_id, r.trace_id, r.created_at, r.expires_at, r.decided_at, r.decided_by_key_id, r.note,
  r.attempts, r.lease_owner, r.lease_expires_at, r.completed_at, r.response_payload, r.error_code,
  r.execution_request_id, r.execution_trace_id, r.payload_preview_truncated,
  rk.name AS requested_by_key_name, (rk.revoked_at IS NULL) AS requested_by_key_active`;
const SLUG_JOINS = `JOIN workspaces w ON w.id = r.workspace_id JOIN agents a ON a.id = r.agent_id
  JOIN api_keys rk ON rk.id = r.requested_by_key_id`;

/** The rows a change statement (in CTE `changed`) returned, as records, with their arguments when `withArguments`. */
function selectChanged(withArguments = false): string {
  return `SELECT ${RECORD_COLUMNS}${withArguments ? ', r.arguments' : ''} FROM changed r ${SLUG_JOINS}`;
}

function toRecord(row: ApprovalRow): ApprovalRecord {
  return {
    id: row.id,
    workspace: row.workspace_slug,
    agent: row.agent_slug,
    workspaceId: row.workspace_id,
    agentId: row.agent_id,
    agentVersionId: row.agent_version_id,
    operationVersionId: row.operation_version_id,
    tool: row.tool,
    status: row.status,
    payloadPreview: row.payload_preview,
    payloadPreviewTruncated: row.payload_preview_truncated,
    requestedByKeyId: row.requested_by_key_id,
    requestedByKeyName: row.requested_by_key_name,
    requestedByKeyActive: row.requested_by_key_active,
    requestId: row.request_id,
    traceId: row.trace_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    decidedAt: row.decided_at,
    decidedByKeyId: row.decided_by_key_id,
    note: row.note,
    attempts: row.attempts,
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at,
    completedAt: row.completed_at,
    responsePayload: row.response_payload,
    errorCode: row.error_code,
    executionRequestId: row.execution_request_id,
    executionTraceId: row.execution_trace_id,
  };
}

/** A request this worker now holds the lease of, with the stored arguments to execute. */
export interface ClaimedApproval {
  record: ApprovalRecord;
  arguments: Record<string, unknown>;
}

function toClaimed(row: ApprovalRow): ClaimedApproval {
  // A claim that failed (a revoked key, an archived target) has no arguments left: nothing runs.
  return { record: toRecord(row), arguments: row.arguments ?? {} };
}

/** Runs `statement` and announces each changed id, in one transaction. */
async function change(db: Database, sql: string, params: readonly unknown[]): Promise<ApprovalRow[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<ApprovalRow>(sql, params);
    for (const row of rows) await tx.notify(APPROVALS_CHANNEL, row.id);
    return rows;
  });
}

/** A new request as `request` makes it. */
export interface NewApproval {
  id: string;
  workspaceId: string;
  agentId: string;
  agentVersionId: string;
  operationVersionId: string;
  tool: string;
  fingerprint: string;
  arguments: Record<string, unknown>;
  payloadPreview: unknown;
  payloadPreviewTruncated: boolean;
  keyId: string;
  requestId: string;
  traceId: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Attempts of {@link insertOrGetActive} when its insert met an active request it did not see. */
const INSERT_ATTEMPTS = 5;

/** How many requests may wait for a person at once: per requesting key and per agent. */
export interface PendingQuota {
  perKey: number;
  perAgent: number;
}

/** What {@link insertOrGetActive} found: a request, or the quota a new one would exceed. */
export type InsertOutcome =
  | { record: ApprovalRecord; created: boolean }
  | { full: 'key' | 'agent'; pending: number; limit: number };

/** Serialises the callers holding the same lock name until their transaction ends (hashed to a bigint). */
async function lockFor(tx: Transaction, name: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [name]);
}

/**
 * Inserts `approval` unless a request with its fingerprint is active; returns the active one
 * then, whatever the quota. A new request must fit `quota`: pending requests (not past their
 * expiry) of its key and of its agent. One transaction holding two advisory locks, the key's
 * then the agent's (always in that order, so two callers never wait on each other in a cycle),
 * reads the active request, counts and inserts: concurrent calls of one key or one agent take
 * turns, so neither the quota nor "one active request per identity" (the fingerprint names the
 * agent) can be overrun by a race. An active request met past its expiry (the sweep has not
 * reached it yet) is expired then and a new one inserted: it is never handed out again.
 */
export async function insertOrGetActive(
  db: Database,
  approval: NewApproval,
  quota: PendingQuota,
): Promise<InsertOutcome> {
  for (let attempt = 0; attempt < INSERT_ATTEMPTS; attempt++) {
    const outcome = await db.transaction(async (tx): Promise<InsertOutcome | undefined> => {
      await lockFor(tx, `mcpforge_approvals:key:${approval.keyId}`);
      await lockFor(tx, `mcpforge_approvals:agent:${approval.agentId}`);
      const { rows: active } = await tx.query<ApprovalRow>(
        `SELECT ${RECORD_COLUMNS} FROM approval_requests r ${SLUG_JOINS}
         WHERE r.fingerprint = $1 AND r.status IN ('pending', 'executing')`,
        [approval.fingerprint],
      );
      const found = active[0];
      if (found !== undefined) {
        if (found.status !== 'pending' || found.expires_at.getTime() > approval.createdAt.getTime()) {
          return { record: toRecord(found), created: false };
        }
        // Past its expiry but not swept yet: it is expired now, and a new one is inserted below.
        const { rows: expired } = await tx.query<{ id: string }>(
          `UPDATE approval_requests SET status = 'expired', arguments = NULL
           WHERE id = $1 AND status = 'pending' AND expires_at <= $2 RETURNING id`,
          [found.id, approval.createdAt],
        );
        for (const row of expired) await tx.notify(APPROVALS_CHANNEL, row.id);
      }
      const { rows: counts } = await tx.query<{ by_key: number; by_agent: number }>(
        `SELECT
           (SELECT count(*)::integer FROM approval_requests
            WHERE requested_by_key_id = $1 AND status = 'pending' AND expires_at > $3) AS by_key,
           (SELECT count(*)::integer FROM approval_requests
            WHERE agent_id = $2 AND status = 'pending' AND expires_at > $3) AS by_agent`,
        [approval.keyId, approval.agentId, approval.createdAt],
      );
      const { by_key: byKey = 0, by_agent: byAgent = 0 } = counts[0] ?? {};
      if (byKey >= quota.perKey) return { full: 'key', pending: byKey, limit: quota.perKey };
      if (byAgent >= quota.perAgent) return { full: 'agent', pending: byAgent, limit: quota.perAgent };
      const { rows: inserted } = await tx.query<ApprovalRow>(
        `WITH changed AS (
           INSERT INTO approval_requests (id, workspace_id, agent_id, agent_version_id, operation_version_id,
             tool, fingerprint, status, arguments, payload_preview, payload_preview_truncated,
             requested_by_key_id, request_id, trace_id, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8::jsonb, $9::jsonb, $10, $11, $12, $13, $14, $15)
           ON CONFLICT (fingerprint) WHERE status IN ('pending', 'executing') DO NOTHING
           RETURNING *)
         ${selectChanged()}`,
        [
          approval.id,
          approval.workspaceId,
          approval.agentId,
          approval.agentVersionId,
          approval.operationVersionId,
          approval.tool,
          approval.fingerprint,
          JSON.stringify(approval.arguments),
          JSON.stringify(approval.payloadPreview),
          approval.payloadPreviewTruncated,
          approval.keyId,
          approval.requestId,
          approval.traceId,
          approval.createdAt,
          approval.expiresAt,
        ],
      );
      const row = inserted[0];
      if (row === undefined) return undefined;
      await tx.notify(APPROVALS_CHANNEL, row.id);
      return { record: toRecord(row), created: true };
    });
    if (outcome !== undefined) return outcome;
  }
  throw new GatewayError(
    'internal',
    `approval request ${approval.fingerprint}: the active request kept changing under ${INSERT_ATTEMPTS} attempts; call again`,
  );
}

/** The request `id` of `scope`. */
export async function getApproval(
  db: Queryable,
  scope: ApprovalScope,
  id: string,
): Promise<ApprovalRecord | undefined> {
  const { rows } = await db.query<ApprovalRow>(
    `SELECT ${RECORD_COLUMNS} FROM approval_requests r ${SLUG_JOINS}
     WHERE r.id = $1 AND r.workspace_id = $2 AND r.agent_id = $3`,
    [id, scope.workspaceId, scope.agentId],
  );
  return rows[0] === undefined ? undefined : toRecord(rows[0]);
}

/** A lease to take: who, until when, and the ids of the execution it starts. */
export interface LeaseTerms {
  owner: string;
  now: Date;
  leaseExpiresAt: Date;
  executionRequestId: string;
  executionTraceId: string;
}

/**
 * Approves and claims in one statement: pending (and not past its expiry) → executing, with the
 * decision, the lease and attempt 1. When the requesting key was revoked, or the agent or the
 * operation archived, the same statement records the decision and ends the request `failed`
 * with `approval_requester_revoked` or `approval_target_archived` instead: nothing to execute
 * (the returned record's status says which). Undefined when the request was in any other state.
 */
export async function claimApproval(
  db: Database,
  scope: ApprovalScope,
  id: string,
  decision: { keyId: string; note: string | null },
  lease: LeaseTerms,
): Promise<ClaimedApproval | undefined> {
  const rows = await change(
    db,
    `WITH target AS (
       SELECT r.id,
         CASE WHEN k.revoked_at IS NOT NULL THEN 'approval_requester_revoked'
              WHEN ag.archived_at IS NOT NULL OR o.archived_at IS NOT NULL THEN 'approval_target_archived'
         END AS refusal
       FROM approval_requests r
       JOIN api_keys k ON k.id = r.requested_by_key_id
       JOIN agents ag ON ag.id = r.agent_id
       JOIN operation_versions ov ON ov.id = r.operation_version_id
       JOIN operations o ON o.id = ov.operation_id
       WHERE r.id = $1 AND r.workspace_id = $2 AND r.agent_id = $3 AND r.status = 'pending' AND r.expires_at > $4
       FOR UPDATE OF r),
     changed AS (
       UPDATE approval_requests r SET decided_at = $4, decided_by_key_id = $5, note = $6,
         status = CASE WHEN t.refusal IS NULL THEN 'executing' ELSE 'failed' END,
         attempts = r.attempts + CASE WHEN t.refusal IS NULL THEN 1 ELSE 0 END,
         lease_owner = CASE WHEN t.refusal IS NULL THEN $7::text END,
         lease_expires_at = CASE WHEN t.refusal IS NULL THEN $8::timestamptz END,
         execution_request_id = CASE WHEN t.refusal IS NULL THEN $9::text END,
         execution_trace_id = CASE WHEN t.refusal IS NULL THEN $10::text END,
         error_code = t.refusal,
         completed_at = CASE WHEN t.refusal IS NULL THEN NULL ELSE $4::timestamptz END,
         response_payload = CASE WHEN t.refusal IS NULL THEN NULL ELSE jsonb_build_object(
           'error_code', t.refusal,
           'message', CASE t.refusal WHEN 'approval_requester_revoked' THEN $11::text ELSE $12::text END,
           'outcome_certainty', 'not_executed'::text) END,
         arguments = CASE WHEN t.refusal IS NULL THEN r.arguments END
       FROM target t WHERE r.id = t.id AND r.status = 'pending'
       RETURNING r.*)
     ${selectChanged(true)}`,
    [
      id,
      scope.workspaceId,
      scope.agentId,
      lease.now,
      decision.keyId,
      decision.note,
      lease.owner,
      lease.leaseExpiresAt,
      lease.executionRequestId,
      lease.executionTraceId,
      toolErrorInfo('approval_requester_revoked').message,
      toolErrorInfo('approval_target_archived').message,
    ],
  );
  return rows[0] === undefined ? undefined : toClaimed(rows[0]);
}

/** Denies: pending (and not past its expiry) → denied. Undefined when it was in any other state. */
export async function denyApproval(
  db: Database,
  scope: ApprovalScope,
  id: string,
  decision: { keyId: string; note: string | null },
  now: Date,
): Promise<ApprovalRecord | undefined> {
  const rows = await change(
    db,
    `WITH changed AS (
       UPDATE approval_requests SET status = 'denied', decided_at = $4, decided_by_key_id = $5, note = $6,
         arguments = NULL
       WHERE id = $1 AND workspace_id = $2 AND agent_id = $3 AND status = 'pending' AND expires_at > $4
       RETURNING *)
     ${selectChanged()}`,
    [id, scope.workspaceId, scope.agentId, now, decision.keyId, decision.note],
  );
  return rows[0] === undefined ? undefined : toRecord(rows[0]);
}

/** How an execution ended. */
export interface ExecutionResult {
  status: 'completed' | 'failed';
  responsePayload: unknown;
  errorCode: string | null;
  completedAt: Date;
}

/**
 * Records the end of an execution, only while the caller still holds the lease it executed
 * under (same owner, same attempt): a worker whose lease lapsed and was re-claimed changes
 * nothing. Undefined then.
 */
export async function finishApproval(
  db: Database,
  id: string,
  holder: { owner: string; attempts: number },
  result: ExecutionResult,
): Promise<ApprovalRecord | undefined> {
  const rows = await change(
    db,
    `WITH changed AS (
       UPDATE approval_requests SET status = $4, response_payload = $5::jsonb, error_code = $6, completed_at = $7,
         arguments = NULL
       WHERE id = $1 AND status = 'executing' AND lease_owner = $2 AND attempts = $3
       RETURNING *)
     ${selectChanged()}`,
    [
      id,
      holder.owner,
      holder.attempts,
      result.status,
      JSON.stringify(result.responsePayload),
      result.errorCode,
      result.completedAt,
    ],
  );
  return rows[0] === undefined ? undefined : toRecord(rows[0]);
}

/**
 * Expires pending requests past their expiry: those of `only` (an id in its scope), or up to
 * `limit` of any. Returns the ids expired.
 */
export async function expireDue(
  db: Database,
  now: Date,
  only: { scope: ApprovalScope; id: string } | { limit: number },
): Promise<string[]> {
  const rows =
    'id' in only
      ? await change(
          db,
          `WITH changed AS (
             UPDATE approval_requests SET status = 'expired', arguments = NULL
             WHERE id = $1 AND workspace_id = $2 AND agent_id = $3 AND status = 'pending' AND expires_at <= $4
             RETURNING id)
           SELECT id FROM changed`,
          [only.id, only.scope.workspaceId, only.scope.agentId, now],
        )
      : await change(
          db,
          `WITH due AS (
             SELECT id FROM approval_requests WHERE status = 'pending' AND expires_at <= $1
             ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED),
           changed AS (
             UPDATE approval_requests r SET status = 'expired', arguments = NULL FROM due
             WHERE r.id = due.id AND r.status = 'pending' AND r.expires_at <= $1 RETURNING r.id)
           SELECT id FROM changed`,
          [now, only.limit],
        );
  return rows.map((row) => row.id);
}

/**
 * Fails, with `errorCode`, up to `limit` executing requests whose lease lapsed after
 * `maxAttempts` executions: a request that keeps killing its workers is not run forever.
 */
export async function abandonExhausted(
  db: Database,
  now: Date,
  maxAttempts: number,
  failure: { errorCode: string; message: string },
  limit: number,
): Promise<string[]> {
  const rows = await change(
    db,
    `WITH due AS (
       SELECT id FROM approval_requests
       WHERE status = 'executing' AND lease_expires_at <= $1 AND attempts >= $2
       ORDER BY lease_expires_at LIMIT $5 FOR UPDATE SKIP LOCKED),
     changed AS (
       UPDATE approval_requests r SET status = 'failed', error_code = $3, completed_at = $1,
         response_payload = $4::jsonb, arguments = NULL
       FROM due WHERE r.id = due.id AND r.status = 'executing' AND r.lease_expires_at <= $1
       RETURNING r.id)
     SELECT id FROM changed`,
    [
      now,
      maxAttempts,
      failure.errorCode,
      JSON.stringify({ error_code: failure.errorCode, message: failure.message }),
      limit,
    ],
  );
  return rows.map((row) => row.id);
}

/**
 * Re-claims one executing request whose lease lapsed (its worker died or hung): a new lease for
 * `lease.owner`, attempt + 1. Rows another worker is re-claiming are skipped, never waited for.
 */
export async function reclaimOne(db: Database, lease: LeaseTerms): Promise<ClaimedApproval | undefined> {
  const rows = await change(
    db,
    `WITH due AS (
       SELECT id FROM approval_requests WHERE status = 'executing' AND lease_expires_at <= $1
       ORDER BY lease_expires_at LIMIT 1 FOR UPDATE SKIP LOCKED),
     changed AS (
       UPDATE approval_requests r SET attempts = r.attempts + 1, lease_owner = $2, lease_expires_at = $3,
         execution_request_id = $4, execution_trace_id = $5
       FROM due WHERE r.id = due.id AND r.status = 'executing' AND r.lease_expires_at <= $1
       RETURNING r.*)
     ${selectChanged(true)}`,
    [lease.now, lease.owner, lease.leaseExpiresAt, lease.executionRequestId, lease.executionTraceId],
  );
  return rows[0] === undefined ? undefined : toClaimed(rows[0]);
}

/** Filters of {@link listApprovals}. */
export interface ApprovalListQuery {
  workspaceId: string;
  agentId?: string | undefined;
  status?: ApprovalStatus | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** Splits a list cursor into the (created_at, id) it continues after. @throws GatewayError `invalid_field` (cursor). */
function cursorPosition(cursor: string): { createdAt: Date; id: string } {
  const after = decodeCursor(cursor);
  const bar = after.indexOf('|');
  const createdAt = new Date(after.slice(0, bar));
  const id = after.slice(bar + 1);
  if (bar < 0 || Number.isNaN(createdAt.getTime()) || id === '') {
    throw invalidField('cursor', 'is not a cursor this API returned');
  }
  return { createdAt, id };
}

/** Newest first, keyset-paginated on (created_at, id), so a page stays right while requests are added. */
export async function listApprovals(
  db: Queryable,
  query: ApprovalListQuery,
): Promise<{ items: ApprovalRecord[]; nextCursor: string | null }> {
  const position = query.cursor === undefined ? undefined : cursorPosition(query.cursor);
  const { rows } = await db.query<ApprovalRow>(
    `SELECT ${RECORD_COLUMNS} FROM approval_requests r ${SLUG_JOINS}
     WHERE r.workspace_id = $1
       AND ($2::uuid IS NULL OR r.agent_id = $2::uuid)
       AND ($3::text IS NULL OR r.status = $3::text)
       AND ($4::timestamptz IS NULL OR (r.created_at, r.id) < ($4::timestamptz, $5::text))
     ORDER BY r.created_at DESC, r.id DESC
     LIMIT $6`,
    [
      query.workspaceId,
      query.agentId ?? null,
      query.status ?? null,
      position?.createdAt ?? null,
      position?.id ?? null,
      query.limit + 1,
    ],
  );
  const items = rows.slice(0, query.limit).map(toRecord);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > query.limit && last !== undefined
        ? encodeCursor(`${last.createdAt.toISOString()}|${last.id}`)
        : null,
  };
}

/** The REST binding of an immutable operation version; undefined when there is no such version. */
export async function operationBinding(
  db: Queryable,
  operationVersionId: string,
): Promise<RestBinding | undefined> {
  const { rows } = await db.query<{ definition: OperationDefinition }>(
    'SELECT definition FROM operation_versions WHERE id = $1',
    [operationVersionId],
  );
  return rows[0]?.definition.binding;
}

/**
 * Deletes up to `limit` terminal requests created before `before` (their retention ran out).
 * Active requests are never deleted. Rows another process is deleting are skipped. Returns
 * how many went.
 */
export async function pruneTerminal(db: Database, before: Date, limit: number): Promise<number> {
  const { rows } = await db.query<{ pruned: number }>(
    `WITH due AS (
       SELECT id FROM approval_requests
       WHERE status IN ('completed', 'failed', 'denied', 'expired') AND created_at < $1
       ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED),
     gone AS (DELETE FROM approval_requests r USING due WHERE r.id = due.id RETURNING r.id)
     SELECT count(*)::integer AS pruned FROM gone`,
    [before, limit],
  );
  return rows[0]?.pruned ?? 0;
}
