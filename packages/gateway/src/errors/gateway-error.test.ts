import { describe, expect, it } from 'vitest';
import { GATEWAY_ERRORS, isGatewayErrorCode, problemType } from './error-table.js';
import { GatewayError, invalidField } from './gateway-error.js';
import { toProblem } from './problem.js';

describe('GatewayError', () => {
  it('carries its code, the field at fault and the row of the code table', () => {
    const error = invalidField('slug', 'must match [a-z0-9]+(-[a-z0-9]+)*');
    expect(error).toBeInstanceOf(GatewayError);
    expect(error.code).toBe('invalid_field');
    expect(error.field).toBe('slug');
    expect(error.message).toBe('slug: must match [a-z0-9]+(-[a-z0-9]+)*');
    expect(error.info).toEqual({ status: 400, title: 'A field is invalid', retryability: 'not_retryable' });
  });

  it('matches an error branded by another copy of the package', () => {
    const foreign = new Error('from another copy');
    Object.defineProperty(foreign, Symbol.for('mcpforge.gateway.GatewayError'), { value: true });
    expect(foreign).toBeInstanceOf(GatewayError);
    expect(new Error('plain')).not.toBeInstanceOf(GatewayError);
  });

  it('every code has an HTTP error status, a title and a retryability', () => {
    for (const [code, info] of Object.entries(GATEWAY_ERRORS)) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(isGatewayErrorCode(code)).toBe(true);
      expect(info.status).toBeGreaterThanOrEqual(400);
      expect(info.status).toBeLessThan(600);
      expect(info.title.length).toBeGreaterThan(0);
      expect(['retryable', 'not_retryable', 'manual_reconcile']).toContain(info.retryability);
    }
    expect(isGatewayErrorCode('toString')).toBe(false);
  });
});

describe('toProblem', () => {
  it('gives the RFC 9457 members plus code, field and request id', () => {
    const problem = toProblem(invalidField('name', 'must be 1..64 characters'), 'req-1');
    expect(problem).toEqual({
      type: problemType('invalid_field'),
      title: 'A field is invalid',
      status: 400,
      detail: 'name: must be 1..64 characters',
      code: 'invalid_field',
      field: 'name',
      request_id: 'req-1',
    });
  });

  it('never shows the text of an error that is not a GatewayError', () => {
    const problem = toProblem(new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2'), 'req-2');
    expect(problem.code).toBe('internal');
    expect(problem.status).toBe(500);
    expect(JSON.stringify(problem)).not.toContain('hunter2');
    expect(JSON.stringify(problem)).not.toContain('10.0.0.7');
  });
});
