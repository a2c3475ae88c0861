import type { ApprovalRecord, ApprovalStatus } from '../approval-record.js';
import { approvalPath } from './approval-path.js';

/**
 * What the approval API shows of a request: snake_case, as the MCP result that announced it.
 * Never the stored arguments (only the redacted preview), the lease owner or any key value: the
 * requesting key by id and name, and whether it is still active, so a person sees who asked.
 * @module
 */

/** The key that made the call: never its value. */
export interface RequesterView {
  key_id: string;
  name: string;
  /** False once the key was revoked: approving then fails with `approval_requester_revoked`. */
  active: boolean;
}

/** One approval request as the approval API answers it. */
export interface ApprovalView {
  approval_id: string;
  workspace: string;
  agent: string;
  tool: string;
  /** The published operation version the call was made against: what an approval runs. */
  operation_version_id: string;
  status: ApprovalStatus;
  payload_preview: unknown;
  /** True when the preview is cut (long strings, lists, members or nesting): it is not the whole call. */
  payload_preview_truncated: boolean;
  requested_by: RequesterView;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  note: string | null;
  attempts: number;
  completed_at: string | null;
  response_payload: unknown;
  error_code: string | null;
  /** Of the `tools/call` that created the request. */
  request_id: string;
  trace_id: string;
  /** Of the execution: its row in the invocation history. */
  execution_request_id: string | null;
  execution_trace_id: string | null;
  approval_url: string;
}

/** A page of the list. */
export interface ApprovalViewPage {
  items: ApprovalView[];
  next_cursor: string | null;
}

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/** The view of `record`, its `approval_url` under the gateway's `prefix`. */
export function approvalView(record: ApprovalRecord, prefix: string): ApprovalView {
  return {
    approval_id: record.id,
    workspace: record.workspace,
    agent: record.agent,
    tool: record.tool,
    operation_version_id: record.operationVersionId,
    status: record.status,
    payload_preview: record.payloadPreview,
    payload_preview_truncated: record.payloadPreviewTruncated,
    requested_by: {
      key_id: record.requestedByKeyId,
      name: record.requestedByKeyName,
      active: record.requestedByKeyActive,
    },
    created_at: record.createdAt.toISOString(),
    expires_at: record.expiresAt.toISOString(),
    decided_at: iso(record.decidedAt),
    note: record.note,
    attempts: record.attempts,
    completed_at: iso(record.completedAt),
    response_payload: record.responsePayload ?? null,
    error_code: record.errorCode,
    request_id: record.requestId,
    trace_id: record.traceId,
    execution_request_id: record.executionRequestId,
    execution_trace_id: record.executionTraceId,
    approval_url: approvalPath(prefix, record.workspace, record.agent, record.id),
  };
}
