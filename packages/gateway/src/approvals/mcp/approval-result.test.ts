import { type JsonSchema, SchemaCompiler } from '@mcpforge/server';
import { describe, expect, it } from 'vitest';
import type { ApprovalRecord, ApprovalStatus } from '../approval-record.js';
import { ApprovalRefusal } from '../approval-refusal.js';
import {
  APPROVAL_REQUIRED_SCHEMA,
  approvalOutputSchema,
  approvalRequired,
  decidedErrorCode,
  decidedResult,
  refusedResult,
} from './approval-result.js';

const ID = 'approval_01JH0000000000000000000000';

function record(status: ApprovalStatus, fields: Partial<ApprovalRecord> = {}): ApprovalRecord {
  const at = new Date('2026-12-01T12:00:00Z');
  return {
    id: ID,
    workspace: 'default',
    agent: 'sales',
    workspaceId: 'w',
    agentId: 'a',
    agentVersionId: 'av',
    operationVersionId: 'ov',
    tool: 'create_invoice',
    status,
    payloadPreview: {},
    payloadPreviewTruncated: false,
    requestedByKeyId: 'k',
    requestedByKeyName: 'agent',
    requestedByKeyActive: true,
    requestId: 'r',
    traceId: 't',
    createdAt: at,
    expiresAt: at,
    decidedAt: null,
    decidedByKeyId: null,
    note: null,
    attempts: 0,
    leaseOwner: null,
    leaseExpiresAt: null,
    completedAt: null,
    responsePayload: null,
    errorCode: null,
    executionRequestId: null,
    executionTraceId: null,
    ...fields,
  };
}

const FACTS = { requestId: 'req', traceId: 'trace', method: 'POST' };

describe('the MCP results of approval requests', () => {
  it("approval_required is the seed's shape with paths under the prefix", () => {
    const path = `/mcp/v1/default/sales/approvals/${ID}`;
    expect(approvalRequired(record('pending'), '/mcp')).toEqual({
      status: 'approval_required',
      approval_id: ID,
      approval_url: path,
      approve: { method: 'POST', url: `${path}/approve`, body: { approve: 'yes' } },
      deny: { method: 'POST', url: `${path}/deny`, body: { approve: 'no' } },
    });
  });

  it('a completed request answers the stored result; denied, expired and failed answer structured tool errors', () => {
    const stored = {
      structuredContent: { invoice: 'inv_1' },
      content: [{ type: 'text', text: '{"invoice":"inv_1"}' }],
    };
    expect(decidedResult(record('completed', { responsePayload: stored }), FACTS)).toEqual(stored);
    const denied = decidedResult(record('denied'), FACTS);
    expect(denied.isError).toBe(true);
    expect(denied.structuredContent).toMatchObject({
      error_code: 'approval_denied',
      outcome_certainty: 'not_executed',
      request_id: 'req',
      trace_id: 'trace',
    });
    expect(decidedResult(record('expired'), FACTS).structuredContent).toMatchObject({
      error_code: 'approval_expired',
    });
    const failed = decidedResult(record('failed', { errorCode: 'upstream_timeout' }), FACTS);
    expect(failed.structuredContent).toMatchObject({
      error_code: 'upstream_timeout',
      outcome_certainty: 'outcome_unknown',
      retryability: 'manual_reconcile',
    });
    // An approve refused for a revoked requester or an archived target: nothing ran.
    for (const code of ['approval_requester_revoked', 'approval_target_archived']) {
      expect(decidedResult(record('failed', { errorCode: code }), FACTS).structuredContent).toMatchObject({
        error_code: code,
        stage: 'approval',
        outcome_certainty: 'not_executed',
        retryability: 'not_retryable',
      });
      expect(decidedErrorCode(record('failed', { errorCode: code }))).toBe(code);
    }
    // A code the tool error table does not know (the service's own) is reported as `internal`.
    expect(decidedErrorCode(record('failed', { errorCode: 'something_else' }))).toBe('internal');
    expect(decidedErrorCode(record('completed'))).toBeUndefined();
  });

  it("an output schema becomes anyOf the tool's own and approval_required, and both results conform", () => {
    const own = {
      type: 'object',
      properties: { invoice: { type: 'string' } },
      required: ['invoice'],
      additionalProperties: false,
    };
    const published = approvalOutputSchema(own);
    expect(published).toEqual({ type: 'object', anyOf: [own, APPROVAL_REQUIRED_SCHEMA] });
    expect(approvalOutputSchema(undefined)).toBeUndefined();
    const validate = new SchemaCompiler().compile(published as JsonSchema);
    expect(validate({ invoice: 'inv_1' }).ok).toBe(true);
    expect(validate(approvalRequired(record('pending'), '/mcp')).ok).toBe(true);
    expect(validate({ nope: 1 }).ok).toBe(false);
  });

  it('a refused request is a structured tool error with the code of its refusal, never its operator text', () => {
    const full = refusedResult(
      new ApprovalRefusal('approval_queue_full', 'the requesting key has 50 requests'),
      FACTS,
    );
    expect(full.isError).toBe(true);
    expect(full.structuredContent).toEqual({
      error_code: 'approval_queue_full',
      message:
        "Too many calls of this key or agent are waiting for a person's approval: retry once some are decided.",
      stage: 'approval',
      retryability: 'retryable',
      outcome_certainty: 'not_executed',
      request_id: 'req',
      trace_id: 'trace',
    });
    expect(JSON.stringify(full)).not.toContain('has 50 requests');
    expect(
      refusedResult(
        new ApprovalRefusal('approval_arguments_too_large', 'the arguments are 70000 bytes'),
        FACTS,
      ).structuredContent,
    ).toMatchObject({
      error_code: 'approval_arguments_too_large',
      stage: 'validate',
      retryability: 'not_retryable',
    });
  });
});
