import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BODY_BYTES } from './body.js';
import { BufferBudget } from './buffer-budget.js';
import { createHttpHandler } from './handler.js';
import type { HttpHandlerOptions } from './options.js';
import { MAX_TIMER_MS, resolveHttpHandlerOptions } from './resolve-options.js';
import { fixtureServer } from './test-support/fixture-server.js';
import { modernHeaders, modernMeta } from './test-support/serve.js';

const server = fixtureServer();

function build(options: Record<string, unknown>): void {
  createHttpHandler(server, options as HttpHandlerOptions).close();
}

const NUMERIC = [
  'maxBodyBytes',
  'sessionIdleTimeoutMs',
  'maxSessions',
  'serverRequestTimeoutMs',
  'keepAliveMs',
  'retryMs',
  'sendTimeoutMs',
  'maxStreamBufferBytes',
] as const;

describe('createHttpHandler checks its options', () => {
  it('maxBodyBytes: NaN is a RangeError instead of silently turning the 413 off', () => {
    expect(() => build({ maxBodyBytes: Number.NaN })).toThrow(
      new RangeError('maxBodyBytes must be a positive integer (Infinity for none), got NaN'),
    );
  });

  it.each(NUMERIC)(
    '%s: NaN and negative are RangeErrors, a string a TypeError, each naming the option',
    (name) => {
      for (const bad of [Number.NaN, -1]) {
        expect(() => build({ [name]: bad }), `${name}: ${bad}`).toThrow(RangeError);
        expect(() => build({ [name]: bad }), `${name}: ${bad}`).toThrow(new RegExp(`^${name} must be `));
      }
      expect(() => build({ [name]: '1000' })).toThrow(TypeError);
      expect(() => build({ [name]: '1000' })).toThrow(new RegExp(`^${name} must be .*, got "1000"$`));
      expect(() => build({ [name]: null })).toThrow(TypeError);
    },
  );

  it('counts and sizes must be integers; timeouts must be above 0 where 0 means nothing', () => {
    expect(() => build({ maxBodyBytes: 1.5 })).toThrow(RangeError);
    expect(() => build({ maxBodyBytes: 0 })).toThrow(RangeError);
    expect(() => build({ maxSessions: 2.5 })).toThrow(RangeError);
    expect(() => build({ retryMs: 0.5 })).toThrow(RangeError);
    expect(() => build({ sessionIdleTimeoutMs: 0 })).toThrow(RangeError);
    expect(() => build({ serverRequestTimeoutMs: 0 })).toThrow(RangeError);
  });

  it('refuses values of the wrong kind for the other options, naming them', () => {
    expect(() => build({ responseMode: 'stream' })).toThrow(
      new TypeError(`responseMode must be one of "auto", "sse", "json", got "stream"`),
    );
    expect(() => build({ legacy: 'yes' })).toThrow(
      /^legacy must be one of true, false, "sessions", "stateless"/,
    );
    expect(() => build({ authenticate: 'token' })).toThrow(/^authenticate must be a function/);
    expect(() => build({ principalOf: {} })).toThrow(/^principalOf must be a function, got an object$/);
    expect(() => build({ resolverCacheKey: 1 })).toThrow(/^resolverCacheKey must be a function/);
    expect(() => build({ sessionStore: false })).toThrow(/^sessionStore must be a store object, got false$/);
    expect(() => build({ eventStore: true })).toThrow(
      /^eventStore must be a store object or false, got true$/,
    );
    expect(() => build({ hostValidation: true })).toThrow(/^hostValidation must be/);
    expect(() => build({ hostValidation: { allowedHosts: ['http://x'] } })).toThrow(
      /hostValidation\.allowedHosts/,
    );
    expect(() => createHttpHandler(server, null as never)).toThrow(TypeError);
  });

  it('fills in the defaults, disables keep-alive for Infinity and clamps timers to what Node can wait', () => {
    expect(resolveHttpHandlerOptions({})).toMatchObject({
      responseMode: 'auto',
      maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
      keepAliveMs: 15_000,
      retryMs: 1_000,
      serverRequestTimeoutMs: 10 * 60_000,
    });
    const open = resolveHttpHandlerOptions({
      maxBodyBytes: Number.POSITIVE_INFINITY,
      keepAliveMs: Number.POSITIVE_INFINITY,
      serverRequestTimeoutMs: Number.POSITIVE_INFINITY,
      maxSessions: Number.POSITIVE_INFINITY,
      sessionIdleTimeoutMs: Number.POSITIVE_INFINITY,
    });
    expect(open).toMatchObject({
      maxBodyBytes: Number.POSITIVE_INFINITY,
      keepAliveMs: 0,
      serverRequestTimeoutMs: MAX_TIMER_MS,
    });
    expect(resolveHttpHandlerOptions({ keepAliveMs: 2 ** 40 }).keepAliveMs).toBe(MAX_TIMER_MS);
    const defaults = resolveHttpHandlerOptions({});
    expect(defaults.limits).toMatchObject({
      sendTimeoutMs: 30_000,
      maxStreamBufferBytes: 8 * 1024 * 1024,
    });
    expect(defaults.limits.buffers).toBeInstanceOf(BufferBudget);
    expect(defaults).toMatchObject({
      maxInitializeBytes: 64 * 1024,
      maxSessionsPerPrincipal: 1_000,
      maxSessionsPerGroup: Number.POSITIVE_INFINITY,
    });
    expect(resolveHttpHandlerOptions({ sendTimeoutMs: Number.POSITIVE_INFINITY }).limits.sendTimeoutMs).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(resolveHttpHandlerOptions({ sendTimeoutMs: 2 ** 40 }).limits.sendTimeoutMs).toBe(MAX_TIMER_MS);
  });
});

describe('the default body limit', () => {
  it('answers an 8 MiB body with 413', async () => {
    const handler = createHttpHandler(server);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'x'.repeat(8 * 1024 * 1024) }, _meta: modernMeta() },
    });
    const response = await handler.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { ...modernHeaders('tools/call', 'echo'), host: 'localhost' },
        body,
      }),
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32600);
    handler.close();
  });
});
