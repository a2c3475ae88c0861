/**
 * A human approval request: its states and the record views show. The stored arguments and
 * key values are never part of a record.
 *
 * States: `pending` → (approve: one transaction that also takes the execution lease) →
 * `executing` → `completed` | `failed`; `pending` → deny → `denied`; `pending` past its
 * `expiresAt` → `expired`; `executing` whose lease lapsed → re-claimed by any worker
 * (`attempts` + 1, the same idempotency value) → `executing`. "Approved" is not a stored state
 * of its own: the approve transaction is the claim. An approve of a request whose requesting key
 * was revoked, or whose agent or operation was archived, goes `pending` → `failed`
 * (`approval_requester_revoked`, `approval_target_archived`) and executes nothing.
 * @module
 */

export const APPROVAL_STATUSES = [
  'pending',
  'executing',
  'completed',
  'failed',
  'denied',
  'expired',
] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
/** Active = an identical call returns this request again. */
export const ACTIVE_STATUSES: readonly ApprovalStatus[] = ['pending', 'executing'];
export const TERMINAL_STATUSES: readonly ApprovalStatus[] = ['completed', 'failed', 'denied', 'expired'];

/** Whether `status` is final: nothing changes a request in it any more. */
export function isTerminal(status: ApprovalStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** The record (what views show; never the stored arguments, never key values). */
export interface ApprovalRecord {
  /** `approval_` + 26 characters of Crockford base32 (128 random bits). */
  id: string;
  /** Slugs. */
  workspace: string;
  agent: string;
  workspaceId: string;
  agentId: string;
  agentVersionId: string;
  operationVersionId: string;
  /** The tool name. */
  tool: string;
  status: ApprovalStatus;
  /** A bounded, redacted copy of the arguments (see preview.ts). */
  payloadPreview: unknown;
  /** Whether the preview was cut (a string, list, object or nesting shortened): it is not the whole call. */
  payloadPreviewTruncated: boolean;
  requestedByKeyId: string;
  /** The requesting key's name (never its value). */
  requestedByKeyName: string;
  /** False once the requesting key was revoked: an approve then fails without executing. */
  requestedByKeyActive: boolean;
  /** Of the `tools/call` that created it. */
  requestId: string;
  traceId: string;
  createdAt: Date;
  expiresAt: Date;
  decidedAt: Date | null;
  decidedByKeyId: string | null;
  note: string | null;
  /** Executions started: 1 after approve, 2 after one re-claim. */
  attempts: number;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  completedAt: Date | null;
  /**
   * completed: `{ structuredContent?, content }` of the tool result (bounded);
   * failed: `{ error_code, message }` (no upstream body).
   */
  responsePayload: unknown | null;
  errorCode: string | null;
  /** Request id and trace id of the execution's history record (link to invocation history). */
  executionRequestId: string | null;
  executionTraceId: string | null;
}

/** Where a request is looked up: a request of another workspace or agent is not found. */
export interface ApprovalScope {
  workspaceId: string;
  agentId: string;
}
