import { PassThrough } from 'node:stream';
import { type Connection, fromStreams, type JsonRpcRequest } from '@mcpforge/wire';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolsetHintChange } from '../protocol/index.js';
import { McplHost } from './index.js';

const connections: Connection[] = [];
afterEach(() => {
  for (const connection of connections.splice(0)) connection.close();
});

const MCPL = {
  version: '0.5',
  pushEvents: true,
  featureSets: { 'g.events': { description: 'e', uses: ['pushEvents'] } },
};
const hidden = { kind: 'dynamic', visible: false, toolset: 'game' } as const;
const shown = { kind: 'dynamic', visible: true, toolset: 'game', instance: 'game-1' } as const;

/** A hand-written toolset server: `onCall` decides what a tools/call does. */
function wire(mcpl: boolean, onCall: (server: Connection, request: JsonRpcRequest) => void) {
  const toServer = new PassThrough();
  const toHost = new PassThrough();
  const server = fromStreams(toServer, toHost, { queueIncoming: false });
  const calls: unknown[] = [];
  server.on('request', (message: JsonRpcRequest) => {
    if (message.method === 'initialize') {
      server.respond(message.id, {
        protocolVersion: '2024-11-05',
        capabilities: mcpl ? { tools: {}, experimental: { mcpl: MCPL } } : { tools: {} },
        serverInfo: { name: 'raw', version: '0' },
      });
    } else if (message.method === 'featureSets/update') {
      server.respond(message.id, { accepted: true });
    } else if (message.method === 'tools/list') {
      server.respond(message.id, {
        tools: [
          { name: 'scores', inputSchema: {} },
          { name: 'play', inputSchema: {}, _meta: { 'mcpl/toolset': hidden } },
        ],
      });
    } else if (message.method === 'tools/call') {
      calls.push(message.params);
      onCall(server, message);
    } else if (message.method === 'toolsets/list') {
      server.respond(message.id, { toolsets: [] });
    } else {
      server.respondError(message.id, -32601, 'nope');
    }
  });
  const host = new McplHost(fromStreams(toHost, toServer, { queueIncoming: false }), {
    clientInfo: { name: 'h', version: '0' },
  });
  const errors: Error[] = [];
  host.on('error', (error) => errors.push(error));
  connections.push(server, host.connection);
  return { host, server, calls, errors };
}

const event = (rev: number, tools: ToolsetHintChange['tools']) => ({
  featureSet: 'g.events',
  eventId: `e${rev}`,
  timestamp: '2026-01-01T00:00:00Z',
  payload: { content: [{ type: 'text', text: 'bot moved' }] },
  _meta: { 'mcpl/toolsetHints': { rev, tools } },
});

describe('McplHost toolset hints (RFC-014 draft)', () => {
  it('a push event read before the call result it follows is applied after it, in revision order', async () => {
    const { host, calls } = wire(true, (server, request) => {
      // The event (rev 2) goes out before the answer (rev 1), as one chunk of output.
      void server.request('push/event', event(2, { play: shown })).catch(() => undefined);
      server.respond(request.id, {
        content: [],
        _meta: { 'mcpl/toolsetHints': { rev: 1, tools: { play: hidden } } },
      });
    });
    await host.initialize();
    await host.listTools();
    const seen: number[] = [];
    host.on('toolsetHints', (change) => seen.push(change.rev));
    await host.callTool('play', { n: 1 }, { instance: 'game-1' });
    await expect.poll(() => host.toolPresence.rev).toBe(2);
    expect(seen).toEqual([1, 2]);
    expect(host.toolPresence.visible()).toEqual(['scores', 'play']);
    expect(calls).toEqual([
      { name: 'play', arguments: { n: 1 }, _meta: { 'mcpl/toolset': { instance: 'game-1' } } },
    ]);
  });

  it('toolsets/changed alone is applied; a malformed change is reported and ignored', async () => {
    const { host, server, errors } = wire(true, () => undefined);
    await host.initialize();
    await host.listTools();
    server.notify('toolsets/changed', { rev: 1, tools: { play: shown } });
    await expect.poll(() => host.toolPresence.visible()).toContain('play');
    server.notify('toolsets/changed', { rev: 'two', tools: {} });
    await expect.poll(() => errors.length).toBe(1);
    expect(host.toolPresence.rev).toBe(1);
  });

  it('a plain MCP server: toolsets/changed changes nothing, and the typed toolset calls are refused locally', async () => {
    const { host, server } = wire(false, () => undefined);
    await host.initialize();
    await host.listTools();
    const notified: string[] = [];
    host.on('notification', (message) => notified.push(message.method));
    server.notify('toolsets/changed', { rev: 1, tools: { play: shown } });
    await expect.poll(() => notified).toEqual(['toolsets/changed']);
    expect(host.toolPresence.rev).toBe(0);
    await expect(host.listToolsets()).rejects.toMatchObject({ code: 'ERR_NOT_MCPL' });
    await expect(host.openToolset('game')).rejects.toMatchObject({ code: 'ERR_NOT_MCPL' });
  });

  it('a toolsets/list answer without open and ended is ERR_INVALID_RESULT', async () => {
    const { host } = wire(true, () => undefined);
    await host.initialize();
    await expect(host.listToolsets()).rejects.toMatchObject({ code: 'ERR_INVALID_RESULT' });
  });
});
