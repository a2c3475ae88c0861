import { describe, expect, it } from 'vitest';
import { text } from '../results/index.js';
import { createTestClient, mcpErrorOf } from '../testing/index.js';
import { createServer } from './mcp-server.js';

const empty = { type: 'object' } as const;

function basicServer() {
  const server = createServer({ name: 'basic', version: '2.0.0', title: 'Basic', instructions: 'Be nice.' });
  server.tool({ name: 'echo', inputSchema: empty }, () => text('echo'));
  return server;
}

describe('legacy lifecycle', () => {
  it('negotiates the version: echoes a supported one, else answers the latest legacy', async () => {
    for (const [asked, answered] of [
      ['2024-11-05', '2024-11-05'],
      ['2025-03-26', '2025-03-26'],
      ['2025-06-18', '2025-06-18'],
      ['2025-11-25', '2025-11-25'],
      ['1999-01-01', '2025-11-25'],
      ['2026-07-28', '2025-11-25'],
    ]) {
      const client = createTestClient(basicServer(), { protocolVersion: asked as string });
      const result = await client.initialize();
      expect(result['protocolVersion']).toBe(answered);
      expect(result['serverInfo']).toEqual({ name: 'basic', version: '2.0.0', title: 'Basic' });
      expect(result['instructions']).toBe('Be nice.');
      expect(client.session.state.protocolVersion).toBe(answered);
    }
  });

  it('stores client capabilities and info, and declares capabilities from what is registered', async () => {
    const server = basicServer();
    const client = createTestClient(server, { capabilities: { sampling: {} } });
    const result = await client.initialize();
    expect(result['capabilities']).toEqual({ tools: { listChanged: true }, logging: {} });
    expect(client.session.state.clientCapabilities).toEqual({ sampling: {} });
    expect(client.session.state.clientInfo?.name).toBe('mcpforge-test-client');
    server.resource({ uri: 'a://b', name: 'b' }, (uri) => ({ contents: [{ uri, text: 'b' }] }));
    server.prompt({ name: 'p' }, () => ({ messages: [] }), { complete: { x: () => [] } });
    expect(server.capabilities()).toEqual({
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      completions: {},
      logging: {},
    });
  });

  it('refuses requests before initialize except ping, and a second initialize', async () => {
    const client = createTestClient(basicServer());
    expect(await client.request('ping')).toEqual({});
    expect((await mcpErrorOf(client.listTools())).code).toBe(-32600);
    await client.initialize();
    expect((await client.listTools()).tools).toHaveLength(1);
    expect((await mcpErrorOf(client.initialize())).code).toBe(-32600);
  });

  it('answers -32601 for unknown methods and -32602 for a bad initialize', async () => {
    const client = createTestClient(basicServer());
    expect((await mcpErrorOf(client.request('initialize', { protocolVersion: 7 }))).code).toBe(-32602);
    await client.initialize();
    expect((await mcpErrorOf(client.request('nope/nope'))).code).toBe(-32601);
    expect((await mcpErrorOf(client.request('completion/complete', {}))).code).toBe(-32601);
  });

  it('rejects a duplicate id while the first request is in flight', async () => {
    const server = basicServer();
    let release = () => {};
    server.tool(
      { name: 'slow', inputSchema: empty },
      () => new Promise((resolve) => (release = () => resolve(text('done')))),
    );
    const client = createTestClient(server);
    await client.initialize();
    const first = client.callTool('slow', {}, { id: 'same' });
    const duplicate = await mcpErrorOf(client.callTool('echo', {}, { id: 'same' }));
    expect(duplicate.code).toBe(-32600);
    release();
    expect(await first).toEqual(text('done'));
    expect(await client.callTool('echo', {}, { id: 'same' })).toEqual(text('echo'));
  });
});

describe('legacy logging', () => {
  it('filters notifications/message by the level set with logging/setLevel', async () => {
    const server = basicServer();
    server.tool({ name: 'logs', inputSchema: empty }, (_args, ctx) => {
      ctx.log('debug', 'd');
      ctx.log('info', 'i', 'app');
      ctx.log('error', { e: 1 });
      return text('ok');
    });
    const client = createTestClient(server);
    await client.initialize();
    await client.callTool('logs');
    expect(client.notifications.map((n) => (n.params as { level: string }).level)).toEqual([
      'debug',
      'info',
      'error',
    ]);
    client.notifications.length = 0;
    expect(await client.request('logging/setLevel', { level: 'info' })).toEqual({});
    await client.callTool('logs', {}, { id: 77 });
    expect(client.notifications).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', data: 'i', logger: 'app' },
        relatedRequestId: 77,
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'error', data: { e: 1 } },
        relatedRequestId: 77,
      },
    ]);
    expect((await mcpErrorOf(client.request('logging/setLevel', { level: 'loud' }))).code).toBe(-32602);
  });
});

describe('legacy progress and cancellation', () => {
  it('sends progress bound to the progress token, dropping values that do not increase', async () => {
    const server = basicServer();
    server.tool({ name: 'work', inputSchema: empty }, (_args, ctx) => {
      ctx.progress(0, 100);
      ctx.progress(50, 100, 'half');
      ctx.progress(50, 100);
      ctx.progress(10, 100);
      ctx.progress(100, 100);
      return text('done');
    });
    const client = createTestClient(server);
    await client.initialize();
    await client.callTool('work');
    expect(client.notifications).toEqual([]);
    await client.callTool('work', {}, { meta: { progressToken: 'tok' } });
    expect(client.notifications.map((n) => n.params)).toEqual([
      { progressToken: 'tok', progress: 0, total: 100 },
      { progressToken: 'tok', progress: 50, total: 100, message: 'half' },
      { progressToken: 'tok', progress: 100, total: 100 },
    ]);
  });

  it('aborts ctx.signal on notifications/cancelled and sends no response', async () => {
    const server = basicServer();
    let sawAbort = false;
    server.tool(
      { name: 'wait', inputSchema: empty },
      (_args, ctx) =>
        new Promise((resolve) => {
          ctx.signal.addEventListener('abort', () => {
            sawAbort = true;
            resolve(text('late'));
          });
        }),
    );
    const client = createTestClient(server);
    await client.initialize();
    const response = client.send({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'wait' } });
    await client.cancel(9, 'user gave up');
    expect(await response).toBeUndefined();
    expect(sawAbort).toBe(true);
    expect(client.session.state.inFlight.size).toBe(0);
    await client.cancel(12345); // unknown ids are ignored
  });
});

describe('legacy server-to-client requests', () => {
  it('elicits, samples and lists roots through real session requests', async () => {
    const server = basicServer();
    server.tool({ name: 'ask', inputSchema: empty }, async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: 'Name?',
        requestedSchema: { type: 'object', properties: {} },
      });
      const reply = await ctx.sample({ messages: [], maxTokens: 5 });
      const roots = await ctx.listRoots();
      return text(`${answer.action}/${JSON.stringify(answer.content)}/${reply.model}/${roots.roots.length}`);
    });
    const client = createTestClient(server, {
      capabilities: { elicitation: {}, sampling: {}, roots: {} },
      handlers: {
        'elicitation/create': () => ({ action: 'accept', content: { name: 'Ada' } }),
        'sampling/createMessage': () => ({
          role: 'assistant',
          content: { type: 'text', text: 'hi' },
          model: 'm1',
        }),
        'roots/list': () => ({ roots: [{ uri: 'file:///tmp' }] }),
      },
    });
    await client.initialize();
    expect(await client.callTool('ask', {}, { id: 'r1' })).toEqual(text('accept/{"name":"Ada"}/m1/1'));
    expect(client.requests.map((r) => [r.method, r.relatedRequestId])).toEqual([
      ['elicitation/create', 'r1'],
      ['sampling/createMessage', 'r1'],
      ['roots/list', 'r1'],
    ]);
  });

  it('refuses a server-to-client request the client did not declare, with a typed error', async () => {
    const server = basicServer();
    let caught: unknown;
    server.tool({ name: 'ask', inputSchema: empty }, async (_args, ctx) => {
      try {
        await ctx.sample({ messages: [], maxTokens: 5 });
      } catch (error) {
        caught = error;
      }
      return ctx.elicit({ message: 'x', requestedSchema: empty }).then(() => text('unreachable'));
    });
    const client = createTestClient(server);
    await client.initialize();
    const error = await mcpErrorOf(client.callTool('ask'));
    expect(error.code).toBe(-32603);
    expect(error.message).toContain('elicitation');
    expect(caught).toMatchObject({
      name: 'MissingClientCapabilityError',
      requiredCapabilities: { sampling: {} },
    });
    expect(client.requests).toEqual([]);
  });
});

describe('legacy resources and list_changed', () => {
  it('sends list_changed to every initialized session when tools, prompts or resources change', async () => {
    const server = basicServer();
    const first = createTestClient(server);
    const second = createTestClient(server);
    const never = createTestClient(server);
    await first.initialize();
    await second.initialize();
    server.tool({ name: 'added', inputSchema: empty }, () => text('new'));
    expect((await first.listTools()).tools.map((tool) => tool['name'])).toEqual(['echo', 'added']);
    expect(server.removeTool('added')).toBe(true);
    expect(server.removeTool('added')).toBe(false);
    server.prompt({ name: 'p' }, () => ({ messages: [] }));
    server.resource({ uri: 'x://y', name: 'y' }, (uri) => ({ contents: [{ uri, text: '' }] }));
    const methods = [
      'notifications/tools/list_changed',
      'notifications/tools/list_changed',
      'notifications/prompts/list_changed',
      'notifications/resources/list_changed',
    ];
    expect(first.notifications.map((n) => n.method)).toEqual(methods);
    expect(second.notifications.map((n) => n.method)).toEqual(methods);
    expect(never.notifications).toEqual([]);
    second.close();
    server.removeTool('echo');
    expect(second.notifications).toHaveLength(4);
    expect(first.notifications).toHaveLength(5);
  });

  it('tells a session once per list when a batch changes many tools', async () => {
    const server = basicServer();
    const client = createTestClient(server);
    await client.initialize();
    const names = server.batch(() => {
      server.removeTool('echo');
      for (const name of ['a', 'b', 'c']) server.tool({ name, inputSchema: empty }, () => text(name));
      // A nested batch joins the outer one.
      server.batch(() => server.prompt({ name: 'p' }, () => ({ messages: [] })));
      expect(client.notifications).toEqual([]);
      return ['a', 'b', 'c'];
    });
    expect(names).toEqual(['a', 'b', 'c']);
    expect(client.notifications.map((n) => n.method)).toEqual([
      'notifications/tools/list_changed',
      'notifications/prompts/list_changed',
    ]);
    expect(() =>
      server.batch(() => {
        server.tool({ name: 'd', inputSchema: empty }, () => text('d'));
        throw new Error('half done');
      }),
    ).toThrow('half done');
    // What a throwing batch changed is still told.
    expect(client.notifications).toHaveLength(3);
    server.batch(() => undefined);
    expect(client.notifications).toHaveLength(3);
  });

  it('subscribes, notifies resources/updated and unsubscribes', async () => {
    const server = basicServer();
    server.resource({ uri: 'test://watched', name: 'watched' }, (uri) => ({
      contents: [{ uri, text: 'v' }],
    }));
    const client = createTestClient(server);
    await client.initialize();
    expect(await client.request('resources/subscribe', { uri: 'test://watched' })).toEqual({});
    server.notifyResourceUpdated('test://watched');
    server.notifyResourceUpdated('test://other');
    expect(await client.request('resources/unsubscribe', { uri: 'test://watched' })).toEqual({});
    server.notifyResourceUpdated('test://watched');
    expect(client.notifications).toEqual([
      { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://watched' } },
    ]);
    expect((await mcpErrorOf(client.request('resources/subscribe', {}))).code).toBe(-32602);
  });
});
