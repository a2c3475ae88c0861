import { describe, expect, it } from 'vitest';
import { McpErrorCode } from '../protocol/index.js';
import { HttpErrorCode, HttpRejection, isHttpRejection } from './rejection.js';

describe('HttpRejection', () => {
  it('matches a rejection made by another copy of the package (by brand), not any error', () => {
    // What a second copy's constructor leaves on its instances: the registered brand.
    const foreign = Object.defineProperty(new Error('refused'), Symbol.for('mcpforge.server.HttpRejection'), {
      value: true,
    });
    expect(foreign instanceof HttpRejection).toBe(true);
    expect(isHttpRejection(foreign)).toBe(true);
    expect(new Error('other') instanceof HttpRejection).toBe(false);
    expect(isHttpRejection({ status: 400, rpcCode: -32600 })).toBe(false);
  });

  it('carries a string code, its status and the JSON-RPC body', () => {
    const rejection = new HttpRejection(404, HttpErrorCode.SessionNotFound, 'Session not found', { id: 3 });
    expect(rejection).toBeInstanceOf(HttpRejection);
    expect(rejection.code).toBe('ERR_HTTP_REJECTED');
    expect(rejection.status).toBe(404);
    expect(JSON.parse(rejection.toBody())).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: McpErrorCode.SessionNotFound, message: 'Session not found' },
    });
  });
});
