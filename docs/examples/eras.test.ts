import { createTestClient } from '@mcpforge/server/testing';
import { describe, expect, it } from 'vitest';
import { createGreeterServer } from './quickstart-server.js';

const MODERN = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** The era-selection rows of docs/mcp-contract.md §2 and §7, on the quickstart server. */
describe('how a request is served in each era', () => {
  it('legacy: initialize first, a second one refused, an unknown version answered with 2025-11-25', async () => {
    const client = createTestClient(createGreeterServer());
    await expect(client.listTools()).rejects.toMatchObject({
      code: -32600,
      message: 'Invalid Request: the session is not initialized (send initialize first)',
    });
    expect(await client.request('ping')).toEqual({});
    const result = await client.request('initialize', { protocolVersion: '1999-01-01', capabilities: {} });
    expect(result).toEqual({
      protocolVersion: '2025-11-25',
      capabilities: { tools: { listChanged: true }, logging: {} },
      serverInfo: { name: 'greeter', version: '1.0.0' },
    });
    await expect(client.request('initialize', { protocolVersion: '2025-06-18' })).rejects.toMatchObject({
      code: -32600,
      message: 'Invalid Request: the session is already initialized',
    });
  });

  it('modern: both _meta keys required, version checked, removed methods -32601, discover answers', async () => {
    const client = createTestClient(createGreeterServer());
    const send = (method: string, meta: Record<string, unknown>) =>
      client.send({ jsonrpc: '2.0', id: 1, method, params: { _meta: meta } });
    expect(
      await send('tools/list', { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' }),
    ).toMatchObject({
      error: {
        code: -32602,
        message: "Invalid params: _meta is missing 'io.modelcontextprotocol/clientCapabilities'",
      },
    });
    expect(
      await send('tools/list', { ...MODERN, 'io.modelcontextprotocol/protocolVersion': '2025-11-25' }),
    ).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32022,
        message: 'Unsupported protocol version: 2025-11-25',
        data: { supported: ['2026-07-28'], requested: '2025-11-25' },
      },
    });
    for (const method of [
      'initialize',
      'ping',
      'logging/setLevel',
      'resources/subscribe',
      'resources/unsubscribe',
    ]) {
      expect(await send(method, MODERN)).toMatchObject({
        error: {
          code: -32601,
          message: `Method not found: ${method} is not part of protocol version 2026-07-28`,
        },
      });
    }
    expect(await send('server/discover', MODERN)).toMatchObject({
      result: {
        resultType: 'complete',
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: { listChanged: true } },
        ttlMs: 60_000,
        cacheScope: 'public',
      },
    });
  });

  it('both eras on one session: a modern request needs no initialize and leaves the legacy state alone', async () => {
    const client = createTestClient(createGreeterServer());
    expect(
      await client.request('tools/call', { name: 'greet', arguments: { name: 'Ada' }, _meta: MODERN }),
    ).toMatchObject({ resultType: 'complete' });
    await expect(client.listTools()).rejects.toMatchObject({ code: -32600 });
  });

  it('params must be an object and jsonrpc must be "2.0"', async () => {
    const client = createTestClient(createGreeterServer());
    await client.initialize();
    expect(await client.send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: [] })).toMatchObject({
      error: { code: -32602, message: 'Invalid params: params must be an object' },
    });
    expect(await client.send({ jsonrpc: '1.0', id: 3, method: 'ping' })).toMatchObject({
      error: { code: -32600, message: "Invalid Request: jsonrpc must be '2.0'" },
    });
  });
});
