import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createToolError, isIdempotentMethod, toolErrorResult } from './tool-error.js';
import { isToolErrorCode, OUTCOME_CERTAINTIES, TOOL_ERROR_STAGES, TOOL_ERRORS } from './tool-error-table.js';

const ids = { requestId: 'req-9', traceId: '4bf92f3577b34da6a3ce929d0e0e4736' };

describe('the tool error table', () => {
  it('every code is snake_case with a known stage, outcome rule, retryability rule and a message', () => {
    for (const [code, info] of Object.entries(TOOL_ERRORS)) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(isToolErrorCode(code)).toBe(true);
      expect(TOOL_ERROR_STAGES).toContain(info.stage);
      expect([...OUTCOME_CERTAINTIES, 'by_progress']).toContain(info.outcome);
      expect(['retryable', 'not_retryable', 'manual_reconcile', 'idempotent_only']).toContain(
        info.retryability,
      );
      expect(info.message).toMatch(/^[A-Z].*\.$/);
    }
    expect(isToolErrorCode('constructor')).toBe(false);
  });

  it('only codes of the upstream stage carry the upstream status in their message', () => {
    for (const [code, info] of Object.entries(TOOL_ERRORS)) {
      if (info.message.includes('{status}'))
        expect({ code, stage: info.stage }).toEqual({ code, stage: 'upstream' });
    }
  });

  it('nothing that may have taken effect is retryable without regard to the method', () => {
    for (const [code, info] of Object.entries(TOOL_ERRORS)) {
      if (info.outcome === 'outcome_unknown')
        expect({ code, retry: info.retryability }).toEqual({ code, retry: 'idempotent_only' });
    }
  });
});

describe('createToolError', () => {
  it('fills the members of the seed, and the status into the message', () => {
    expect(
      createToolError('upstream_client_error', { ...ids, method: 'GET', sent: true, upstreamStatus: 422 }),
    ).toEqual({
      error_code: 'upstream_client_error',
      message: 'The upstream service refused the request (HTTP 422).',
      stage: 'upstream',
      retryability: 'not_retryable',
      outcome_certainty: 'executed',
      request_id: 'req-9',
      trace_id: ids.traceId,
      upstream_status: 422,
    });
  });

  it('a timeout after sending a POST or PATCH is outcome_unknown + manual_reconcile; to an idempotent method, retryable', () => {
    for (const method of ['POST', 'PATCH']) {
      expect(createToolError('upstream_timeout', { ...ids, method, sent: true })).toMatchObject({
        outcome_certainty: 'outcome_unknown',
        retryability: 'manual_reconcile',
      });
    }
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']) {
      expect(createToolError('upstream_timeout', { ...ids, method, sent: true }).retryability).toBe(
        'retryable',
      );
    }
    // Without a method the gateway cannot tell: it assumes the unsafe case.
    expect(createToolError('upstream_timeout', ids).retryability).toBe('manual_reconcile');
  });

  it('by_progress: not_executed and retryable before sending, outcome_unknown once sent', () => {
    expect(createToolError('call_cancelled', { ...ids, method: 'POST', sent: false })).toMatchObject({
      outcome_certainty: 'not_executed',
      retryability: 'retryable',
    });
    expect(createToolError('call_cancelled', { ...ids, method: 'POST', sent: true })).toMatchObject({
      outcome_certainty: 'outcome_unknown',
      retryability: 'manual_reconcile',
    });
  });

  it('isIdempotentMethod follows RFC 9110', () => {
    expect(['GET', 'head', 'PUT', 'DELETE', 'OPTIONS'].every(isIdempotentMethod)).toBe(true);
    expect(['POST', 'PATCH', 'CONNECT'].some(isIdempotentMethod)).toBe(false);
  });
});

describe('toolErrorResult', () => {
  it('is an isError result with the error as structured content and as JSON text', () => {
    const error = createToolError('upstream_rate_limited', {
      ...ids,
      upstreamStatus: 429,
      retryAfterMs: 1000,
    });
    const result = toolErrorResult(error);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual(error);
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(error) }]);
    expect(error.retry_after_ms).toBe(1000);
  });
});

describe('docs/gateway/errors.md', () => {
  const page = readFileSync(
    fileURLToPath(new URL('../../../../docs/gateway/errors.md', import.meta.url)),
    'utf8',
  );
  const rows = new Map(
    [...page.matchAll(/^\| `([a-z_]+)` +\| `([a-z]+)` +\| `([a-z_]+)` +\| `([a-z_]+)` +\| (.+?) +\|/gm)].map(
      (match) => [
        match[1],
        { stage: match[2], outcome: match[3], retryability: match[4], message: match[5] },
      ],
    ),
  );

  it('lists every code with the stage, outcome rule, retryability rule and message of the table, and no other', () => {
    expect([...rows.keys()].sort()).toEqual(Object.keys(TOOL_ERRORS).sort());
    for (const [code, info] of Object.entries(TOOL_ERRORS)) {
      expect({ code, ...rows.get(code) }).toEqual({ code, ...info });
    }
  });
});
