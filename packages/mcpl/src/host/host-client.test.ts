import { PassThrough } from 'node:stream';
import { type Connection, fromStreams, type JsonRpcRequest, RpcError } from '@mcpforge/wire';
import { afterEach, describe, expect, it } from 'vitest';
import { McplHost, type McplHostOptions } from './index.js';

/** A hand-driven server peer: answers initialize with `serverCapabilities`, records what it got. */
function wire(serverCapabilities: Record<string, unknown>, hostOptions: Partial<McplHostOptions> = {}) {
  const toServer = new PassThrough();
  const toHost = new PassThrough();
  const server = fromStreams(toServer, toHost, { queueIncoming: false });
  const received: Array<{ method: string; params: unknown; request: boolean }> = [];
  server.on('request', (message: JsonRpcRequest) => {
    received.push({ method: message.method, params: message.params, request: true });
    if (message.method === 'initialize') {
      server.respond(message.id, {
        protocolVersion: '2024-11-05',
        capabilities: serverCapabilities,
        serverInfo: { name: 'raw', version: '0' },
      });
    } else if (message.method === 'featureSets/update') {
      server.respond(message.id, { accepted: true });
    } else if (message.method === 'tools/list') {
      const cursor = (message.params as { cursor?: string }).cursor;
      server.respond(
        message.id,
        cursor === undefined
          ? { tools: [{ name: 'a', inputSchema: {} }], nextCursor: 'p2' }
          : { tools: [{ name: 'b', inputSchema: {} }] },
      );
    } else {
      server.respondError(message.id, -32601, 'nope');
    }
  });
  server.on('notification', (message) =>
    received.push({ method: message.method, params: message.params, request: false }),
  );
  const host = new McplHost(fromStreams(toHost, toServer, { queueIncoming: false }), {
    clientInfo: { name: 'h', version: '0' },
    ...hostOptions,
  });
  connections.push(server, host.connection);
  return { host, server, received };
}

const connections: Connection[] = [];
afterEach(() => {
  for (const connection of connections.splice(0)) connection.close();
});

const SERVER_05 = {
  tools: {},
  experimental: {
    mcpl: {
      version: '0.5',
      pushEvents: true,
      featureSets: {
        'x.events': { description: 'e', uses: ['pushEvents'] },
        'x.other': { description: 'o', uses: ['pushEvents'] },
      },
    },
  },
};

function push(eventId: string, featureSet = 'x.events') {
  return {
    featureSet,
    eventId,
    timestamp: '2026-01-01T00:00:00Z',
    payload: { content: [{ type: 'text', text: eventId }] },
  };
}

describe('McplHost', () => {
  it('initialize sends experimental.mcpl, then notifications/initialized, then (0.5) the default grant as a request', async () => {
    const { host, received } = wire(SERVER_05);
    const hello = await host.initialize();
    expect(received.map((entry) => [entry.method, entry.request])).toEqual([
      ['initialize', true],
      ['notifications/initialized', false],
      ['featureSets/update', true],
    ]);
    expect((received[0]?.params as { capabilities?: unknown } | undefined)?.capabilities).toEqual({
      experimental: {
        mcpl: expect.objectContaining({ version: '0.5', pushEvents: true, featureSets: true }),
      },
    });
    expect(received[2]?.params).toEqual({
      effectiveCapabilities: expect.arrayContaining(['tools', 'pushEvents']),
      enabled: ['x.events', 'x.other'],
    });
    expect(hello.grantReceipt).toEqual({ accepted: true });
    await expect(host.initialize()).rejects.toMatchObject({ code: 'ERR_ALREADY_INITIALIZED' });
  });

  it('listTools follows nextCursor', async () => {
    const { host } = wire(SERVER_05);
    await host.initialize();
    await expect(host.listTools()).resolves.toEqual([
      { name: 'a', inputSchema: {} },
      { name: 'b', inputSchema: {} },
    ]);
  });

  it('push/event: accepted once per eventId (a repeat is acknowledged, not re-delivered); malformed -32602; unknown set -32003', async () => {
    const { host, server } = wire(SERVER_05);
    await host.initialize();
    const seen: string[] = [];
    host.on('pushEvent', (event) => seen.push(event.eventId));
    await expect(server.request('push/event', push('e1'))).resolves.toEqual({ accepted: true });
    await expect(server.request('push/event', push('e1'))).resolves.toEqual({ accepted: true });
    expect(seen).toEqual(['e1']);
    await expect(
      server.request('push/event', { featureSet: 'x.events', eventId: 'e2' }),
    ).rejects.toMatchObject({
      code: -32602,
    });
    await expect(server.request('push/event', push('e3', 'nope'))).rejects.toMatchObject({
      code: -32003,
      data: { featureSet: 'nope' },
    });
  });

  it('push/event outside the grant: -32002 without pushEvents, -32001 for a disabled set', async () => {
    const { host, server } = wire(SERVER_05, { grant: { effectiveCapabilities: ['tools'] } });
    await host.initialize();
    await expect(server.request('push/event', push('e1'))).rejects.toMatchObject({
      code: -32002,
      data: { capability: 'pushEvents' },
    });
    await host.updateGrant({ effectiveCapabilities: ['pushEvents'], disabled: ['x.other'] });
    await expect(server.request('push/event', push('e2'))).resolves.toEqual({ accepted: true });
    await expect(server.request('push/event', push('e3', 'x.other'))).rejects.toMatchObject({
      code: -32001,
      data: { featureSet: 'x.other' },
    });
  });

  it('onPushEvent decides the answer', async () => {
    const { host, server } = wire(SERVER_05, { onPushEvent: () => ({ accepted: false, reason: 'busy' }) });
    await host.initialize();
    await expect(server.request('push/event', push('e1'))).resolves.toEqual({
      accepted: false,
      reason: 'busy',
    });
  });

  it('state/*, branches/*, inference/*, model/info: answered by a registered handler, otherwise -32601', async () => {
    const { host, server } = wire(SERVER_05, {
      // model/info is gated by modelInfo: granted here so the handler's failure shows.
      grant: { effectiveCapabilities: ['pushEvents', 'modelInfo'] },
      handlers: { 'state/get': (params) => ({ checkpoint: null, data: { asked: params.featureSet } }) },
    });
    await host.initialize();
    await expect(server.request('state/get', { featureSet: 'x.events' })).resolves.toEqual({
      checkpoint: null,
      data: { asked: 'x.events' },
    });
    for (const name of [
      'state/update',
      'branches/list',
      'branches/create',
      'inference/request',
      'model/info',
      'host/command',
    ]) {
      await expect(server.request(name, {})).rejects.toMatchObject({ code: -32601 });
    }
    host.handle('branches/list', () => ({ branches: [] }));
    await expect(server.request('branches/list', {})).resolves.toEqual({ branches: [] });
    host.handle('model/info', () => {
      throw new Error('secret internals');
    });
    const failed = await server.request('model/info', {}).catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: -32603 });
    expect((failed as Error).message).not.toContain('secret');
    expect(() => host.handle('tools/call' as never, (() => ({})) as never)).toThrow(TypeError);
    // A handler's answer JSON cannot carry, or an error with a bad code: still answered, -32603.
    host.handle('branches/current', () => ({ current: 10n }) as never);
    await expect(server.request('branches/current', {})).rejects.toMatchObject({ code: -32603 });
    host.handle('branches/delete', () => {
      throw new RpcError(1.5, 'bad code');
    });
    await expect(server.request('branches/delete', {})).rejects.toMatchObject({ code: -32603 });
  });

  it('a 0.4 server gets the grant as a notification; channels/incoming without channels granted is -32002', async () => {
    const server04 = {
      tools: {},
      experimental: {
        mcpl: {
          version: '0.4',
          pushEvents: true,
          channels: false,
          featureSets: [{ name: 'hb', uses: ['tools'] }],
        },
      },
    };
    const { host, server, received } = wire(server04);
    const hello = await host.initialize();
    expect(hello.dialect).toBe('0.4');
    expect(received.find((entry) => entry.method === 'featureSets/update')).toMatchObject({ request: false });
    await expect(server.request('push/event', push('e1', 'hb'))).resolves.toEqual({ accepted: true });
    await expect(server.request('channels/incoming', { messages: [] })).rejects.toMatchObject({
      code: -32002,
    });
  });

  it('channels/incoming is accepted only on channels the server registered (and not after channels/changed removed them)', async () => {
    const server05 = {
      tools: {},
      experimental: { mcpl: { version: '0.5', channels: { register: true, incoming: true } } },
    };
    const { host, server } = wire(server05);
    await host.initialize();
    const batches: unknown[] = [];
    host.on('channelMessages', (params) => batches.push(params.messages.map((m) => m.messageId)));
    const message = (channelId: string, messageId: string) => ({
      channelId,
      messageId,
      author: { id: 'u', name: 'U' },
      timestamp: '2026-01-01T00:00:00Z',
      content: 'hi',
    });
    await expect(
      server.request('channels/register', {
        channels: [{ id: 'room', type: 'chat', label: 'R', direction: 'inbound' }, { type: 'x' }],
      }),
    ).resolves.toEqual({
      results: [
        { id: 'room', accepted: true },
        { id: 'undefined', accepted: false, reason: 'a channel needs an id' },
      ],
    });
    await expect(
      server.request('channels/incoming', { messages: [message('room', 'm1'), message('other', 'm2')] }),
    ).resolves.toEqual({
      results: [
        { messageId: 'm1', accepted: true },
        { messageId: 'm2', accepted: false },
      ],
    });
    server.notify('channels/changed', { removed: ['room'] });
    const changed = new Promise((resolve) => host.once('channelsChanged', resolve));
    await changed;
    await expect(server.request('channels/incoming', { messages: [message('room', 'm3')] })).resolves.toEqual(
      {
        results: [{ messageId: 'm3', accepted: false }],
      },
    );
    expect(batches).toEqual([['m1']]);
  });

  it('a plain MCP server: no grant is sent, MCPL requests are refused, tools still work', async () => {
    const { host, server, received } = wire({ tools: {} });
    const hello = await host.initialize();
    expect(hello.mcpl).toBeUndefined();
    expect(host.mcplActive).toBe(false);
    expect(received.map((entry) => entry.method)).toEqual(['initialize', 'notifications/initialized']);
    await expect(server.request('push/event', push('e1'))).rejects.toMatchObject({ code: -32002 });
    await expect(host.updateGrant({})).rejects.toMatchObject({ code: 'ERR_NOT_MCPL' });
    await expect(host.listTools()).resolves.toHaveLength(2);
  });

  it('manifestChanged and other notifications arrive as events; calls before initialize are refused', async () => {
    const { host, server } = wire(SERVER_05);
    expect(() => host.callTool('x')).toThrow(expect.objectContaining({ code: 'ERR_NOT_INITIALIZED' }));
    await host.initialize();
    const changed = new Promise((resolve) => host.once('manifestChanged', resolve));
    const other = new Promise((resolve) => host.once('notification', resolve));
    server.notify('mcpl/manifestChanged', { revision: 'sha256:x', domains: ['capabilities'] });
    server.notify('notifications/tools/list_changed');
    await expect(changed).resolves.toEqual({ revision: 'sha256:x', domains: ['capabilities'] });
    await expect(other).resolves.toMatchObject({ method: 'notifications/tools/list_changed' });
  });
});
