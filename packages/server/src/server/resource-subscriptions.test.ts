import { describe, expect, it } from 'vitest';
import { text } from '../results/index.js';
import { createTestClient, mcpErrorOf } from '../testing/index.js';
import { createServer } from './mcp-server.js';
import type { ServerOptions } from './options.js';

const HUGE_URI = `test://${'x'.repeat(2 * 1024 * 1024)}`;

function resourceServer(options: Partial<ServerOptions> = {}) {
  const server = createServer({ name: 'subs', version: '1.0.0', ...options });
  for (const name of ['a', 'b', 'c']) {
    server.resource({ uri: `test://${name}`, name }, (uri) => ({ contents: [{ uri, text: name }] }));
  }
  server.resourceTemplate({ uriTemplate: 'test://items/{id}', name: 'item' }, (uri) => ({
    contents: [{ uri, text: 'item' }],
  }));
  return server;
}

describe('resources/subscribe (legacy) is bounded and checked (issue 8, defect 4)', () => {
  it('a server that declares no resources answers -32601 to subscribe and unsubscribe', async () => {
    const server = createServer({ name: 'tools-only', version: '1.0.0' });
    server.tool({ name: 'echo', inputSchema: { type: 'object' } }, () => text('e'));
    const client = createTestClient(server);
    await client.initialize();
    for (const method of ['resources/subscribe', 'resources/unsubscribe']) {
      const error = await mcpErrorOf(client.request(method, { uri: 'test://a' }));
      expect([error.code, error.message]).toEqual([-32601, `Method not found: ${method}`]);
    }
    expect(client.session.state.resourceSubscriptions.size).toBe(0);
  });

  it('a URI the server does not serve is -32602 naming the URI; a template match is served', async () => {
    const client = createTestClient(resourceServer());
    await client.initialize();
    const error = await mcpErrorOf(client.request('resources/subscribe', { uri: 'test://nowhere' }));
    expect(error.code).toBe(-32602);
    expect(error.message).toBe('Invalid params: this server serves no resource "test://nowhere"');
    expect(await client.request('resources/subscribe', { uri: 'test://items/7' })).toEqual({});
    expect([...client.session.state.resourceSubscriptions]).toEqual(['test://items/7']);
  });

  it('a 2 MiB URI is refused without being stored, and the message stays short', async () => {
    const client = createTestClient(resourceServer());
    await client.initialize();
    const error = await mcpErrorOf(client.request('resources/subscribe', { uri: HUGE_URI }));
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('maxSubscriptionUriLength');
    expect(error.message.length).toBeLessThan(400);
    expect(JSON.stringify(error.data ?? null).length).toBeLessThan(400);
    expect(client.session.state.resourceSubscriptions.size).toBe(0);
  });

  it('a session holds at most maxResourceSubscriptions; a repeated URI is not counted twice', async () => {
    const server = resourceServer({ maxResourceSubscriptions: 2 });
    const client = createTestClient(server);
    await client.initialize();
    for (const uri of ['test://a', 'test://b', 'test://a'])
      expect(await client.request('resources/subscribe', { uri })).toEqual({});
    const refused = await mcpErrorOf(client.request('resources/subscribe', { uri: 'test://c' }));
    expect(refused.code).toBe(-32602);
    expect(refused.message).toContain('maxResourceSubscriptions');
    expect(await client.request('resources/unsubscribe', { uri: 'test://a' })).toEqual({});
    expect(await client.request('resources/subscribe', { uri: 'test://c' })).toEqual({});
    expect([...client.session.state.resourceSubscriptions].sort()).toEqual(['test://b', 'test://c']);
    // Another session has its own budget.
    const other = createTestClient(server);
    await other.initialize();
    expect(await other.request('resources/subscribe', { uri: 'test://a' })).toEqual({});
  });

  it('unsubscribing from a URI that is no longer served still succeeds', async () => {
    const server = resourceServer();
    const client = createTestClient(server);
    await client.initialize();
    await client.request('resources/subscribe', { uri: 'test://a' });
    server.removeResource('test://a');
    expect(await client.request('resources/unsubscribe', { uri: 'test://a' })).toEqual({});
    expect(client.session.state.resourceSubscriptions.size).toBe(0);
  });

  it('refuses limits that are not positive integers, naming the option', () => {
    for (const value of [Number.NaN, 0, -1, 1.5, Number.POSITIVE_INFINITY]) {
      expect(() => resourceServer({ maxResourceSubscriptions: value })).toThrow(
        new RangeError(`maxResourceSubscriptions must be a positive integer, got ${value}`),
      );
      expect(() => resourceServer({ maxSubscriptionUriLength: value })).toThrow(
        new RangeError(`maxSubscriptionUriLength must be a positive integer, got ${value}`),
      );
    }
  });
});

describe('subscriptions/listen (modern) is bounded the same way', () => {
  function listen(client: ReturnType<typeof createTestClient>, uris: unknown[], id: string) {
    return client.request('subscriptions/listen', { notifications: { resourceSubscriptions: uris } }, { id });
  }

  it('refuses more URIs than the session may hold and URIs over the length limit', async () => {
    const client = createTestClient(resourceServer({ maxResourceSubscriptions: 2 }), { era: 'modern' });
    const tooMany = await mcpErrorOf(listen(client, ['test://a', 'test://b', 'test://c'], 'l1'));
    expect([tooMany.code, tooMany.message.includes('maxResourceSubscriptions')]).toEqual([-32602, true]);
    const tooLong = await mcpErrorOf(listen(client, [HUGE_URI], 'l2'));
    expect(tooLong.code).toBe(-32602);
    expect(tooLong.message.length).toBeLessThan(400);
    expect(client.notifications).toEqual([]);
    expect(client.session.state.inFlight.size).toBe(0);
  });

  it('URIs of open listens count toward the session budget until the listen ends', async () => {
    const client = createTestClient(resourceServer({ maxResourceSubscriptions: 2 }), { era: 'modern' });
    const first = listen(client, ['test://a', 'test://b'], 'l1');
    const refused = await mcpErrorOf(listen(client, ['test://c'], 'l2'));
    expect(refused.code).toBe(-32602);
    await client.cancel('l1');
    await first;
    const second = listen(client, ['test://c'], 'l3');
    expect(client.notifications.at(-1)?.params).toMatchObject({
      notifications: { resourceSubscriptions: ['test://c'] },
    });
    await client.cancel('l3');
    await second;
  });

  it('acknowledges only the URIs the server serves, and none without resources', async () => {
    const client = createTestClient(resourceServer(), { era: 'modern' });
    const served = listen(client, ['test://a', 'test://nowhere', 'test://items/1'], 's1');
    expect(client.notifications[0]?.params).toMatchObject({
      notifications: { resourceSubscriptions: ['test://a', 'test://items/1'] },
    });
    await client.cancel('s1');
    await served;

    const bare = createServer({ name: 'tools-only', version: '1.0.0' });
    const noResources = createTestClient(bare, { era: 'modern' });
    const none = listen(noResources, ['test://a'], 'n1');
    expect(noResources.notifications[0]?.params).toEqual({
      notifications: {},
      _meta: { 'io.modelcontextprotocol/subscriptionId': 'n1' },
    });
    await noResources.cancel('n1');
    await none;
  });
});
