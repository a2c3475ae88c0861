import type { CallToolResult, JsonSchema } from '@mcpforge/server';
import { createToolError, type ToolErrorFacts, toolErrorResult } from '../../errors/tool-error.js';
import { isToolErrorCode } from '../../errors/tool-error-table.js';
import type { ApprovalRecord } from '../approval-record.js';
import type { ApprovalRefusal } from '../approval-refusal.js';

/**
 * What a `tools/call` of an approval-required tool answers: the seed's `approval_required`
 * result while a person has not decided, and the call's own result once they have.
 * @module
 */

/** The structured content of the `approval_required` result (the seed's shape). */
export interface ApprovalRequired {
  status: 'approval_required';
  approval_id: string;
  /** A path on the gateway: `{prefix}/v1/{workspace}/{agent}/approvals/{id}`. */
  approval_url: string;
  approve: { method: 'POST'; url: string; body: { approve: 'yes' } };
  deny: { method: 'POST'; url: string; body: { approve: 'no' } };
}

/** The path of approval `id` of `{workspace}/{agent}`, under the MCP endpoints' `prefix`. */
export function approvalPath(prefix: string, workspace: string, agent: string, id: string): string {
  return `${prefix}/v1/${workspace}/${agent}/approvals/${id}`;
}

/** The seed's `approval_required` content of `record`. */
export function approvalRequired(record: ApprovalRecord, prefix: string): ApprovalRequired {
  const url = approvalPath(prefix, record.workspace, record.agent, record.id);
  return {
    status: 'approval_required',
    approval_id: record.id,
    approval_url: url,
    approve: { method: 'POST', url: `${url}/approve`, body: { approve: 'yes' } },
    deny: { method: 'POST', url: `${url}/deny`, body: { approve: 'no' } },
  };
}

/** The `approval_required` tool result: structured content and the same JSON as text; not an error. */
export function approvalRequiredResult(record: ApprovalRecord, prefix: string): CallToolResult {
  const content = approvalRequired(record, prefix);
  return {
    content: [{ type: 'text', text: JSON.stringify(content) }],
    structuredContent: { ...content },
    isError: false,
  };
}

/**
 * The JSON Schema of {@link ApprovalRequired}. An approval-required tool that declares an
 * `outputSchema` publishes `anyOf` its own and this one, so the `approval_required` result
 * conforms (clients validate `structuredContent` against the published schema).
 */
export const APPROVAL_REQUIRED_SCHEMA = {
  type: 'object',
  properties: {
    status: { const: 'approval_required' },
    approval_id: { type: 'string' },
    approval_url: { type: 'string' },
    approve: { type: 'object' },
    deny: { type: 'object' },
  },
  required: ['status', 'approval_id', 'approval_url', 'approve', 'deny'],
} as const satisfies JsonSchema;

/** The output schema an approval-required tool publishes (undefined stays undefined). */
export function approvalOutputSchema(outputSchema: JsonSchema | undefined): JsonSchema | undefined {
  if (outputSchema === undefined) return undefined;
  // The root stays an object schema: 2025-11-25 clients require `type: "object"` at the root.
  return { type: 'object', anyOf: [outputSchema, APPROVAL_REQUIRED_SCHEMA] };
}

/**
 * The tool result of a request that reached a terminal state: the stored result once
 * `completed`; a structured tool error otherwise (`approval_denied`, `approval_expired`, or the
 * execution's code). `facts` are the ids of the MCP request answering it.
 */
export function decidedResult(record: ApprovalRecord, facts: ToolErrorFacts): CallToolResult {
  if (record.status === 'completed') return completedResult(record.responsePayload);
  if (record.status === 'denied') return toolErrorResult(createToolError('approval_denied', facts));
  if (record.status === 'expired') return toolErrorResult(createToolError('approval_expired', facts));
  // failed: the execution's code (the request may have reached the upstream: 'sent').
  const code = isToolErrorCode(record.errorCode) ? record.errorCode : 'internal';
  return toolErrorResult(createToolError(code, { ...facts, sent: true }));
}

/** The tool error of a call refused before any request was stored (too large, queue full). */
export function refusedResult(refusal: ApprovalRefusal, facts: ToolErrorFacts): CallToolResult {
  return toolErrorResult(createToolError(refusal.code, facts));
}

/** The code of a decided result that is a tool error, else undefined (completed). */
export function decidedErrorCode(record: ApprovalRecord): string | undefined {
  if (record.status === 'completed') return undefined;
  if (record.status === 'denied') return 'approval_denied';
  if (record.status === 'expired') return 'approval_expired';
  return isToolErrorCode(record.errorCode) ? record.errorCode : 'internal';
}

/** The stored `{ structuredContent?, content }` as a tool result. */
function completedResult(payload: unknown): CallToolResult {
  const stored = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  const content = Array.isArray(stored['content']) ? (stored['content'] as CallToolResult['content']) : [];
  const result: CallToolResult = { content };
  if (stored['structuredContent'] !== undefined)
    result.structuredContent = stored['structuredContent'] as Record<string, unknown>;
  return result;
}
