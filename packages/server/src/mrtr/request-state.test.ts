import { describe, expect, it } from 'vitest';
import { createServer } from '../server/mcp-server.js';
import { DEFAULT_REQUEST_STATE_TTL_MS, RequestStateSealer } from './request-state.js';

const binding = { method: 'tools/call', target: 'greet', params: { lang: 'en' } };

describe('RequestStateSealer lifetime', () => {
  it('lives DEFAULT_REQUEST_STATE_TTL_MS by default, then expires', () => {
    const sealer = new RequestStateSealer('secret', undefined);
    const sealed = sealer.seal(binding, { state: 1, responses: {} }, 0);
    expect(sealer.open(sealed, binding, DEFAULT_REQUEST_STATE_TTL_MS)).toEqual({ state: 1, responses: {} });
    expect(() => sealer.open(sealed, binding, DEFAULT_REQUEST_STATE_TTL_MS + 1)).toThrow(/expired/);
  });

  it('refuses a lifetime that is not a positive integer; NaN would expire every state at once', () => {
    for (const value of [Number.NaN, 0, -1, 1.5, Number.POSITIVE_INFINITY]) {
      const expected = new RangeError(`requestStateTtlMs must be a positive integer, got ${value}`);
      expect(() => new RequestStateSealer('secret', value)).toThrow(expected);
      expect(() => createServer({ name: 'x', version: '1', requestStateTtlMs: value })).toThrow(expected);
    }
  });
});
