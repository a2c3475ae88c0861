import { describe, expect, it } from 'vitest';
import { createTestClient, mcpErrorOf } from '../testing/index.js';
import { DomainError } from './errors.js';
import { createServer } from './mcp-server.js';

function extendedServer() {
  const server = createServer({
    name: 'ext',
    version: '1.0.0',
    capabilities: { extensions: { 'acme/things': {} } },
  });
  server.method('acme/things/get', async (params, ctx) => {
    if (params['id'] === 'missing') throw new DomainError('no such thing');
    return { id: params['id'], era: ctx.era };
  });
  server.method('acme/things/poll', () => ({ resultType: 'task', taskId: 't1' }));
  return server;
}

describe('extension methods', () => {
  it('serves a custom method in both eras with the usual decoration and error mapping', async () => {
    const legacy = createTestClient(extendedServer());
    expect((await mcpErrorOf(legacy.request('acme/things/get', { id: 'a' }))).code).toBe(-32600); // not initialized
    const init = await legacy.initialize();
    expect(init['capabilities']).toMatchObject({ extensions: { 'acme/things': {} } });
    expect(await legacy.request('acme/things/get', { id: 'a' })).toEqual({ id: 'a', era: 'legacy' });
    const missing = await mcpErrorOf(legacy.request('acme/things/get', { id: 'missing' }));
    expect([missing.code, missing.message]).toEqual([-32602, 'no such thing']);
    const modern = createTestClient(extendedServer(), { era: 'modern' });
    expect(await modern.request('acme/things/get', { id: 'b' })).toEqual({
      id: 'b',
      era: 'modern',
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'ext', version: '1.0.0' } },
    });
    expect(await modern.request('acme/things/poll')).toEqual({ resultType: 'task', taskId: 't1' });
  });

  it('refuses to replace a built-in method', () => {
    expect(() => extendedServer().method('tools/call', () => ({}))).toThrow(/built-in/);
  });
});
