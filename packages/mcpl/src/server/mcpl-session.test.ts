import { PassThrough } from 'node:stream';
import { fromStreams, RpcError } from '@mcpforge/wire';
import { afterEach, describe, expect, it } from 'vitest';
import { McplHost, type McplHostOptions } from '../host/index.js';
import type { PushEventParams } from '../protocol/index.js';
import { McplServeError, type McplSession, serveMcpl } from './index.js';
import { DEMO_MCPL, demoServer } from './test-support/demo-server.js';

interface Wired {
  host: McplHost;
  session: McplSession;
  /** Every line the server wrote to the host. */
  serverLines: string[];
}

const open: Wired[] = [];
afterEach(() => {
  for (const { host, session } of open.splice(0)) {
    host.close();
    session.close();
  }
});

function wire(hostOptions: Partial<McplHostOptions> = {}): Wired {
  const toServer = new PassThrough();
  const toHost = new PassThrough();
  const serverLines: string[] = [];
  toHost.on('data', (chunk: Buffer) => serverLines.push(...chunk.toString().split('\n').filter(Boolean)));
  let session: McplSession | undefined;
  const server = demoServer(() => session as McplSession);
  session = serveMcpl(server, fromStreams(toServer, toHost, { queueIncoming: false }), { mcpl: DEMO_MCPL });
  const host = new McplHost(fromStreams(toHost, toServer, { queueIncoming: false }), {
    clientInfo: { name: 'test-host', version: '0' },
    ...hostOptions,
  });
  const wired = { host, session, serverLines };
  open.push(wired);
  return wired;
}

const ALL = ['tools', 'pushEvents', 'channels.*'];

describe('serveMcpl: a createServer server with MCPL, driven by McplHost (0.5)', () => {
  it('advertises the manifest (feature sets keyed by name, <name>.tools added, a revision) and accepts the grant', async () => {
    const { host, session } = wire({ grant: { effectiveCapabilities: ALL } });
    const hello = await host.initialize();
    expect(hello.dialect).toBe('0.5');
    expect(hello.capabilities['tools']).toBeDefined();
    expect(hello.mcpl).toMatchObject({
      version: '0.5',
      pushEvents: true,
      revision: expect.stringMatching(/^sha256:[A-Za-z0-9_-]{43}$/),
    });
    expect(Object.keys(hello.mcpl?.featureSets as object).sort()).toEqual([
      'demo.chat',
      'demo.events',
      'demo.tools',
    ]);
    expect(hello.grantReceipt).toEqual({ accepted: true });
    expect(session.grant).toMatchObject({ ready: true, effectiveCapabilities: ALL });
    await expect(host.request('mcpl/manifest', {})).resolves.toEqual(hello.mcpl);
  });

  it('pushes an event from inside a tool call: the push arrives while the call is pending, both complete', async () => {
    const { host } = wire({ grant: { effectiveCapabilities: ALL } });
    await host.initialize();
    const pushes: PushEventParams[] = [];
    host.on('pushEvent', (event) => pushes.push(event));
    const result = await host.callTool('nudge', { note: 'look up' });
    expect(result.content).toEqual([{ type: 'text', text: 'pushed: {"accepted":true}' }]);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({
      featureSet: 'demo.events',
      origin: { source: 'nudge' },
      payload: { content: [{ type: 'text', text: 'look up' }] },
    });
    expect(typeof pushes[0]?.eventId).toBe('string');
    expect(Number.isNaN(Date.parse(pushes[0]?.timestamp ?? ''))).toBe(false);
  });

  it('a host that has not granted tools gets no calls (-32002, data.capability) and an empty tools/list', async () => {
    const { host } = wire({ grant: { effectiveCapabilities: ['pushEvents'] } });
    const hello = await host.initialize();
    expect(hello.grantReceipt).toMatchObject({
      accepted: true,
      mode: 'degraded',
      unavailableFeatures: expect.arrayContaining([
        expect.objectContaining({ featureSet: 'demo.tools', missingCapabilities: ['tools'] }),
      ]),
    });
    const error = await host.callTool('echo', { text: 'hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ code: -32002, data: { capability: 'tools' } });
    await expect(host.listTools()).resolves.toEqual([]);
  });

  it('a host that disabled <name>.tools gets no calls (-32001, data.featureSet); enabling it again restores them', async () => {
    const { host } = wire({ grant: { effectiveCapabilities: ALL, disabled: ['demo.tools'] } });
    await host.initialize();
    await expect(host.callTool('echo', { text: 'hi' })).rejects.toMatchObject({
      code: -32001,
      data: { featureSet: 'demo.tools' },
    });
    await host.updateGrant({ effectiveCapabilities: ALL });
    await expect(host.callTool('echo', { text: 'hi' })).resolves.toMatchObject({
      content: [{ type: 'text', text: 'hi' }],
    });
  });

  it('an enabled allowlist that leaves <name>.tools out disables it too', async () => {
    const { host } = wire({ grant: { effectiveCapabilities: ALL, enabled: ['demo.events'] } });
    await host.initialize();
    await expect(host.callTool('echo', { text: 'x' })).rejects.toMatchObject({ code: -32001 });
  });

  it('before the grant request nothing is available (§5.3); a malformed grant is -32602 and grants nothing', async () => {
    const { host, session } = wire({
      grant: { effectiveCapabilities: ['tools'], deniedCapabilities: ['tools'] },
    });
    await expect(host.initialize()).rejects.toMatchObject({ code: -32602 });
    expect(session.grant.ready).toBe(false);
    await expect(host.callTool('echo', { text: 'x' })).rejects.toMatchObject({ code: -32002 });
    expect(() => session.pushEvent({ featureSet: 'demo.events', content: 'x' })).toThrow(McplServeError);
  });

  it('pushEvent without a pushEvents grant, or for a disabled set, throws McplServeError and sends nothing', async () => {
    const { host, session, serverLines } = wire({ grant: { effectiveCapabilities: ['tools'] } });
    await host.initialize();
    const error = (() => {
      try {
        void session.pushEvent({ featureSet: 'demo.events', content: 'x' });
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toMatchObject({ code: 'ERR_MCPL_NOT_GRANTED', capability: 'pushEvents' });
    await host.updateGrant({ effectiveCapabilities: ALL, disabled: ['demo.events'] });
    expect(() => session.pushEvent({ featureSet: 'demo.events', content: 'x' })).toThrow(/not enabled/);
    expect(serverLines.some((line) => line.includes('push/event'))).toBe(false);
  });

  it('channels: register, incoming messages reach the host; the host publishes; all gated by the grant', async () => {
    const published: unknown[] = [];
    const toServer = new PassThrough();
    const toHost = new PassThrough();
    let session: McplSession | undefined;
    const server = demoServer(() => session as McplSession);
    session = serveMcpl(server, fromStreams(toServer, toHost, { queueIncoming: false }), {
      mcpl: DEMO_MCPL,
      channels: {
        publish: (params) => {
          if ((params.content as unknown) === 'bigint') return { delivered: true, messageId: 1n } as never;
          published.push(params);
          return { delivered: true, messageId: 'm-out-1' };
        },
      },
    });
    const host = new McplHost(fromStreams(toHost, toServer, { queueIncoming: false }), {
      clientInfo: { name: 'test-host', version: '0' },
      grant: { effectiveCapabilities: ALL },
    });
    open.push({ host, session, serverLines: [] });
    await host.initialize();
    const registered = new Promise((resolve) => host.once('channelsRegistered', resolve));
    await expect(
      session.registerChannels([{ id: 'room', type: 'chat', label: 'Room', direction: 'bidirectional' }]),
    ).resolves.toEqual({ results: [{ id: 'room', accepted: true }] });
    await registered;
    const received = new Promise((resolve) => host.once('channelMessages', resolve));
    const message = {
      channelId: 'room',
      messageId: 'm1',
      author: { id: 'u1', name: 'Ann' },
      timestamp: new Date().toISOString(),
      content: [{ type: 'text' as const, text: 'hello' }],
    };
    await expect(session.incoming([message])).resolves.toEqual({
      results: [{ messageId: 'm1', accepted: true }],
    });
    await expect(received).resolves.toEqual({ messages: [message] });
    expect(() => session?.incoming([{ ...message, channelId: 'elsewhere' }])).toThrow(/not registered/);
    await expect(
      host.request('channels/publish', { conversationId: 'c', channelId: 'room', content: 'hi back' }),
    ).resolves.toEqual({ delivered: true, messageId: 'm-out-1' });
    expect(published).toEqual([{ conversationId: 'c', channelId: 'room', content: 'hi back' }]);
    // A handler result JSON cannot carry: the host gets -32603 and the session serves on.
    await expect(
      host.request('channels/publish', { conversationId: 'c', channelId: 'room', content: 'bigint' }),
    ).rejects.toMatchObject({ code: -32603 });
    await expect(host.callTool('echo', { text: 'still here' })).resolves.toMatchObject({
      content: [{ text: 'still here' }],
    });
    // granted (channels.* covers channels.lifecycle) but this server has no open handler
    await expect(host.request('channels/open', { type: 'chat', address: 'x' })).rejects.toMatchObject({
      code: -32601,
    });
    // A method named after an Object.prototype member is an unknown method, not a channel request.
    for (const name of ['__proto__', 'constructor', 'toString']) {
      await expect(host.request(name, {})).rejects.toMatchObject({ code: -32601 });
    }
    await host.updateGrant({ effectiveCapabilities: ['tools'] });
    await expect(
      host.request('channels/publish', { conversationId: 'c', channelId: 'room', content: 'x' }),
    ).rejects.toMatchObject({
      code: -32002,
      data: { capability: 'channels.publish' },
    });
  });
});

describe('serveMcpl with a 0.4-dialect host', () => {
  it('answers in the 0.4 dialect (version 0.4, array featureSets, no revision); the grant holds at once; a notification narrows', async () => {
    const { host, session } = wire({ mcpl: { version: '0.4', pushEvents: true, channels: true } });
    const hello = await host.initialize();
    expect(hello.dialect).toBe('0.4');
    expect(hello.mcpl?.version).toBe('0.4');
    expect(hello.mcpl?.revision).toBeUndefined();
    expect(Array.isArray(hello.mcpl?.featureSets)).toBe(true);
    expect(
      ((hello.mcpl?.featureSets ?? []) as Array<{ name: string }>).map((set) => set.name).sort(),
    ).toEqual(['demo.chat', 'demo.events', 'demo.tools']);
    expect(session.grant.ready).toBe(true);
    await expect(host.callTool('nudge', { note: 'n' })).resolves.toMatchObject({
      content: [{ type: 'text', text: 'pushed: {"accepted":true}' }],
    });
    await host.updateGrant({ disabled: ['demo.tools'] });
    await expect(host.callTool('echo', { text: 'x' })).rejects.toMatchObject({ code: -32001 });
    // 0.4: a later enabled re-enables what disabled turned off
    await host.updateGrant({ enabled: ['demo.tools'] });
    await expect(host.callTool('echo', { text: 'x' })).resolves.toMatchObject({ content: [{ text: 'x' }] });
  });
});

describe('serveMcpl with a plain MCP host', () => {
  it('is the plain MCP server: no experimental.mcpl, no MCPL methods, no MCPL traffic; pushEvent throws', async () => {
    const { host, session, serverLines } = wire({ mcpl: false });
    const hello = await host.initialize();
    expect(hello.mcpl).toBeUndefined();
    expect(hello.capabilities['experimental']).toBeUndefined();
    await expect(host.callTool('echo', { text: 'plain' })).resolves.toMatchObject({
      content: [{ type: 'text', text: 'plain' }],
    });
    await expect(host.listTools()).resolves.toHaveLength(2);
    await expect(
      host.request('featureSets/update', { effectiveCapabilities: ['tools'] }),
    ).rejects.toMatchObject({
      code: -32601,
    });
    await expect(host.request('mcpl/manifest', {})).rejects.toMatchObject({ code: -32601 });
    // The tool that pushes fails as a tool (its handler threw), not as MCPL traffic.
    const nudged = await host.callTool('nudge', { note: 'n' }).catch((e: unknown) => e);
    expect(JSON.stringify(nudged)).not.toContain('push/event');
    expect(() => session.pushEvent({ featureSet: 'demo.events', content: 'x' })).toThrow(
      expect.objectContaining({ code: 'ERR_MCPL_NOT_NEGOTIATED' }),
    );
    // The server sent no MCPL method and no MCPL member (only -32601 answers naming what was asked).
    expect(
      serverLines.filter((line) => /"method":"(?:push|channels|mcpl|featureSets)\/|experimental/.test(line)),
    ).toEqual([]);
    expect(serverLines.length).toBeGreaterThan(4);
  });
});
