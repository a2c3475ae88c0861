import { describe, expect, it } from 'vitest';
import { text } from '../results/index.js';
import { createTestClient, mcpErrorOf } from '../testing/index.js';
import { createServer } from './mcp-server.js';

const empty = { type: 'object' } as const;
const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'modern', version: '1.0.0' } };

function modernServer() {
  const server = createServer({ name: 'modern', version: '1.0.0', instructions: 'Hi.', cacheTtlMs: 5000 });
  server.tool({ name: 'echo', inputSchema: empty }, () => ({
    content: [{ type: 'text', text: 'e' }],
    _meta: { mine: 1 },
  }));
  server.resource({ uri: 'test://static', name: 'static' }, (uri) => ({ contents: [{ uri, text: 's' }] }));
  return server;
}

describe('modern requests', () => {
  it('answers server/discover with versions, capabilities, caching hints and serverInfo', async () => {
    const client = createTestClient(modernServer(), { era: 'modern' });
    expect(await client.request('server/discover')).toEqual({
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true } },
      instructions: 'Hi.',
      ttlMs: 5000,
      cacheScope: 'public',
      _meta: SERVER_INFO,
    });
  });

  it('is stateless: no initialize needed, session state untouched', async () => {
    const client = createTestClient(modernServer(), { era: 'modern' });
    expect(await client.callTool('echo')).toEqual({
      content: [{ type: 'text', text: 'e' }],
      resultType: 'complete',
      _meta: { mine: 1, ...SERVER_INFO },
    });
    expect(client.session.state.initialized).toBe(false);
  });

  it('requires both _meta keys (-32602) and a supported version (-32022 with data)', async () => {
    const client = createTestClient(modernServer());
    const noCaps = await mcpErrorOf(
      client.request('tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } }),
    );
    expect(noCaps.code).toBe(-32602);
    const noVersion = await mcpErrorOf(
      client.request('tools/list', { _meta: { 'io.modelcontextprotocol/clientCapabilities': {} } }),
    );
    expect(noVersion.code).toBe(-32602);
    const old = createTestClient(modernServer(), { era: 'modern', protocolVersion: '2099-01-01' });
    const unsupported = await mcpErrorOf(old.request('tools/list'));
    expect([unsupported.code, unsupported.data]).toEqual([
      -32022,
      { supported: ['2026-07-28'], requested: '2099-01-01' },
    ]);
  });

  it('answers -32601 for methods removed in 2026-07-28 and unknown ones', async () => {
    const client = createTestClient(modernServer(), { era: 'modern' });
    for (const method of [
      'ping',
      'logging/setLevel',
      'resources/subscribe',
      'resources/unsubscribe',
      'initialize',
      'x/y',
    ]) {
      expect((await mcpErrorOf(client.request(method, { uri: 'test://static', level: 'info' }))).code).toBe(
        -32601,
      );
    }
  });

  it('adds caching hints to lists and reads; not-found is -32602 with data.uri', async () => {
    const client = createTestClient(modernServer(), { era: 'modern' });
    const list = (await client.listTools()) as unknown as Record<string, unknown>;
    expect(list).toMatchObject({
      resultType: 'complete',
      ttlMs: 5000,
      cacheScope: 'public',
      _meta: SERVER_INFO,
    });
    const read = (await client.request('resources/read', { uri: 'test://static' })) as Record<
      string,
      unknown
    >;
    expect(read).toEqual({
      contents: [{ uri: 'test://static', text: 's' }],
      resultType: 'complete',
      ttlMs: 5000,
      cacheScope: 'public',
      _meta: SERVER_INFO,
    });
    const missing = await mcpErrorOf(client.request('resources/read', { uri: 'test://nonexistent' }));
    expect([missing.code, missing.data]).toEqual([-32602, { uri: 'test://nonexistent' }]);
    const legacy = createTestClient(modernServer());
    await legacy.initialize();
    const legacyMissing = await mcpErrorOf(legacy.request('resources/read', { uri: 'test://nonexistent' }));
    expect([legacyMissing.code, legacyMissing.data]).toEqual([-32002, { uri: 'test://nonexistent' }]);
  });

  it('logs only when the request carries a logLevel, filtered by it, on the request', async () => {
    const server = modernServer();
    server.tool({ name: 'logs', inputSchema: empty }, (_args, ctx) => {
      ctx.log('debug', 'd');
      ctx.log('warning', 'w');
      return text('ok');
    });
    const client = createTestClient(server, { era: 'modern' });
    await client.callTool('logs');
    expect(client.notifications).toEqual([]);
    await client.callTool('logs', {}, { id: 5, meta: { 'io.modelcontextprotocol/logLevel': 'info' } });
    expect(client.notifications).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'warning', data: 'w' },
        relatedRequestId: 5,
      },
    ]);
  });

  it('answers -32021 with requiredCapabilities when a handler needs an undeclared capability', async () => {
    const server = modernServer();
    server.tool({ name: 'needs_sampling', inputSchema: empty }, async (_args, ctx) => {
      await ctx.sample({ messages: [], maxTokens: 10 });
      return text('never');
    });
    const client = createTestClient(server, { era: 'modern' });
    const error = await mcpErrorOf(client.callTool('needs_sampling'));
    expect([error.code, error.data]).toEqual([-32021, { requiredCapabilities: { sampling: {} } }]);
  });

  it('requires the sub-capability for URL elicitation and sampling with tools', async () => {
    const server = modernServer();
    server.tool({ name: 'url_elicit', inputSchema: empty }, async (_args, ctx) => {
      await ctx.elicit({ mode: 'url', message: 'Sign in', url: 'https://example.com' });
      return text('never');
    });
    server.tool({ name: 'tool_sampling', inputSchema: empty }, async (_args, ctx) => {
      await ctx.sample({ messages: [], maxTokens: 5, tools: [] });
      return text('never');
    });
    const client = createTestClient(server, {
      era: 'modern',
      capabilities: { elicitation: {}, sampling: {} },
    });
    const url = await mcpErrorOf(client.callTool('url_elicit'));
    expect([url.code, url.data]).toEqual([-32021, { requiredCapabilities: { elicitation: { url: {} } } }]);
    const tools = await mcpErrorOf(client.callTool('tool_sampling'));
    expect(tools.data).toEqual({ requiredCapabilities: { sampling: { tools: {} } } });
    const capable = createTestClient(server, {
      era: 'modern',
      capabilities: { elicitation: { url: {} }, sampling: { tools: {} } },
    });
    expect(await capable.callTool('url_elicit')).toMatchObject({ resultType: 'input_required' });
  });

  it('serves legacy and modern requests on the same session side by side', async () => {
    const server = modernServer();
    const legacy = createTestClient(server);
    await legacy.initialize();
    const result = (await legacy.request('tools/call', {
      name: 'echo',
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    })) as Record<string, unknown>;
    expect(result['resultType']).toBe('complete');
    expect(await legacy.callTool('echo')).toEqual({
      content: [{ type: 'text', text: 'e' }],
      _meta: { mine: 1 },
    });
  });

  it('cancels a modern request on stdio-style notifications/cancelled', async () => {
    const server = modernServer();
    server.tool(
      { name: 'wait', inputSchema: empty },
      (_args, ctx) =>
        new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve(text('late')))),
    );
    const client = createTestClient(server, { era: 'modern' });
    const pending = client.send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: {
        name: 'wait',
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    });
    await client.cancel(3);
    expect(await pending).toBeUndefined();
  });
});

describe('subscriptions/listen', () => {
  it('acknowledges, delivers only requested notifications tagged with the subscription id, and ends on cancel', async () => {
    const server = modernServer();
    const client = createTestClient(server, { era: 'modern' });
    const listening = client.request(
      'subscriptions/listen',
      { notifications: { toolsListChanged: true, resourceSubscriptions: ['test://static'] } },
      { id: 'sub-1' },
    );
    const tag = { 'io.modelcontextprotocol/subscriptionId': 'sub-1' };
    expect(client.notifications[0]).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: {
        notifications: { toolsListChanged: true, resourceSubscriptions: ['test://static'] },
        _meta: tag,
      },
      relatedRequestId: 'sub-1',
    });
    server.tool({ name: 'new', inputSchema: empty }, () => text('n'));
    server.prompt({ name: 'p' }, () => ({ messages: [] })); // not requested
    server.notifyResourceUpdated('test://static');
    server.notifyResourceUpdated('test://other');
    expect(client.notifications.slice(1)).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
        params: { _meta: tag },
        relatedRequestId: 'sub-1',
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { uri: 'test://static', _meta: tag },
        relatedRequestId: 'sub-1',
      },
    ]);
    expect((await client.listTools()).tools.map((tool) => tool['name'])).toEqual(['echo', 'new']);
    await client.cancel('sub-1');
    expect(await listening).toEqual({ resultType: 'complete', _meta: { ...SERVER_INFO, ...tag } });
    server.removeTool('new');
    expect(client.notifications).toHaveLength(3);
  });

  it('ends when the transport ends the session subscriptions, and validates the filter', async () => {
    const server = modernServer();
    const client = createTestClient(server, { era: 'modern' });
    const listening = client.request('subscriptions/listen', { notifications: {} });
    server.endSubscriptions(client.session);
    expect(await listening).toMatchObject({ resultType: 'complete' });
    expect((await mcpErrorOf(client.request('subscriptions/listen', { notifications: 1 }))).code).toBe(
      -32602,
    );
    expect(
      (
        await mcpErrorOf(
          client.request('subscriptions/listen', { notifications: { resourceSubscriptions: [1] } }),
        )
      ).code,
    ).toBe(-32602);
  });
});
