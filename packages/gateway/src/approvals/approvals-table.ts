import { decodeCursor, encodeCursor } from '../admin/pagination.js';
import type { OperationDefinition } from '../catalog/operation-definition.js';
import type { RestBinding } from '../catalog/rest-binding.js';
import { GatewayError, invalidField } from '../errors/gateway-error.js';
import type { Database, Queryable } from '../store/database.js';
import type { ApprovalRecord, ApprovalScope, ApprovalStatus } from './approval-record.js';

/**
 * The `approval_requests` table. Every state change is one guarded statement (its `WHERE` names
 * the state it leaves, so of two racing changes exactly one matches the row) and is announced
 * on {@link APPROVALS_CHANNEL} in the same transaction. The stored `arguments` are returned only
 * by the statements that start an execution. Times come from the caller's clock.
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
  requested_by_key_id: string;
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
  arguments?: Record<string, unknown>;
}

const RECORD_COLUMNS = `r.id, w.slug AS workspace_slug, a.slug AS agent_slug, r.workspace_id, r.agent_id,
  r.agent_version_id, r.operation_version_id, r.tool, r.status, r.payload_preview, r.requested_by_key_id,
  r.request_id, r.trace_id, r.created_at, r.expires_at, r.decided_at, r.decided_by_key_id, r.note,
  r.attempts, r.lease_owner, r.lease_expires_at, r.completed_at, r.response_payload, r.error_code,
  r.execution_request_id, r.execution_trace_id`;
const SLUG_JOINS = 'JOIN workspaces w ON w.id = r.workspace_id JOIN agents a ON a.id = r.agent_id';

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
    requestedByKeyId: row.requested_by_key_id,
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
  keyId: string;
  requestId: string;
  traceId: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Attempts of {@link insertOrGetActive} when the active request it met ends between its two statements. */
const INSERT_ATTEMPTS = 5;

/**
 * Inserts `approval` unless a request with its fingerprint is active; returns the active one
 * then. The partial unique index decides: of concurrent identical inserts one lands and the
 * others wait for it and do nothing, then read it. An active request met past its expiry (the
 * sweep has not reached it yet) is expired then and a new one inserted: it is never handed out
 * again.
 */
export async function insertOrGetActive(
  db: Database,
  approval: NewApproval,
): Promise<{ record: ApprovalRecord; created: boolean }> {
  for (let attempt = 0; attempt < INSERT_ATTEMPTS; attempt++) {
    const inserted = await change(
      db,
      `WITH changed AS (
         INSERT INTO approval_requests (id, workspace_id, agent_id, agent_version_id, operation_version_id,
           tool, fingerprint, status, arguments, payload_preview, requested_by_key_id, request_id, trace_id,
           created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8::jsonb, $9::jsonb, $10, $11, $12, $13, $14)
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
        approval.keyId,
        approval.requestId,
        approval.traceId,
        approval.createdAt,
        approval.expiresAt,
      ],
    );
    if (inserted[0] !== undefined) return { record: toRecord(inserted[0]), created: true };
    // A new statement, so it sees the request that won (committed while the insert waited).
    const { rows } = await db.query<ApprovalRow>(
      `SELECT ${RECORD_COLUMNS} FROM approval_requests r ${SLUG_JOINS}
       WHERE r.fingerprint = $1 AND r.status IN ('pending', 'executing')`,
      [approval.fingerprint],
    );
    const active = rows[0];
    if (active === undefined) continue;
    if (active.status !== 'pending' || active.expires_at.getTime() > approval.createdAt.getTime()) {
      return { record: toRecord(active), created: false };
    }
    // Past its expiry but not swept yet: it is expired now, and the next round inserts.
    await change(
      db,
      `WITH changed AS (
         UPDATE approval_requests SET status = 'expired'
         WHERE id = $1 AND status = 'pending' AND expires_at <= $2 RETURNING id)
       SELECT id FROM changed`,
      [active.id, approval.createdAt],
    );
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
 * decision, the lease and attempt 1. Undefined when the request was in any other state.
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
    `WITH changed AS (
       UPDATE approval_requests SET status = 'executing', decided_at = $4, decided_by_key_id = $5, note = $6,
         attempts = attempts + 1, lease_owner = $7, lease_expires_at = $8,
         execution_request_id = $9, execution_trace_id = $10
       WHERE id = $1 AND workspace_id = $2 AND agent_id = $3 AND status = 'pending' AND expires_at > $4
       RETURNING *)
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
       UPDATE approval_requests SET status = 'denied', decided_at = $4, decided_by_key_id = $5, note = $6
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
       UPDATE approval_requests SET status = $4, response_payload = $5::jsonb, error_code = $6, completed_at = $7
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
             UPDATE approval_requests SET status = 'expired'
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
             UPDATE approval_requests r SET status = 'expired' FROM due
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
         response_payload = $4::jsonb
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
