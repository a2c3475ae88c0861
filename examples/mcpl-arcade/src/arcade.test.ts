import { once } from 'node:events';
import { createServer, type Server, connect as tcpConnect } from 'node:net';
import type { ToolsetsListResult, ToolsetsOpenResult } from '@mcpforge/mcpl';
import { McplHost } from '@mcpforge/mcpl/host';
import type { ToolsetServer } from '@mcpforge/mcpl/toolsets';
import { fromSocket } from '@mcpforge/wire';
import { afterEach, describe, expect, it } from 'vitest';
import { createArcade } from './arcade.js';

const listeners: Server[] = [];
const hosts: McplHost[] = [];
afterEach(() => {
  for (const host of hosts.splice(0)) host.close();
  for (const listener of listeners.splice(0)) listener.close();
});

/** The arcade on a real TCP listener, every connection principal `local` as in main.ts. */
async function listen(arcade: ToolsetServer): Promise<number> {
  const listener = createServer((socket) =>
    arcade.serve(fromSocket(socket, { queueIncoming: false }), 'local'),
  );
  listeners.push(listener);
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  return (listener.address() as { port: number }).port;
}

async function hostOn(port: number): Promise<McplHost> {
  const socket = tcpConnect(port, '127.0.0.1');
  await once(socket, 'connect');
  const host = new McplHost(fromSocket(socket, { queueIncoming: false }), {
    clientInfo: { name: 'arcade-e2e', version: '0' },
  });
  hosts.push(host);
  await host.initialize();
  return host;
}

const presence = (tools: Array<Record<string, unknown>>, name: string) =>
  (tools.find((tool) => tool['name'] === name)?.['_meta'] as Record<string, unknown> | undefined)?.[
    'mcpl/toolset'
  ];

describe('mcpl-arcade end to end with McplHost over TCP', () => {
  it('opens a game, plays until the visible tools change, finds it again after reconnecting, and idle-closes it', async () => {
    const arcade = createArcade({ botDelayMs: 50, idleCloseMs: 300 });
    const port = await listen(arcade);

    const first = await hostOn(port);
    expect(presence(await first.listTools(), 'play')).toEqual({
      kind: 'dynamic',
      visible: false,
      toolset: 'game',
    });
    const opened = await first.request<ToolsetsOpenResult>('toolsets/open', {
      toolset: 'game',
      options: { stones: 12 },
    });
    expect(opened.instance).toMatchObject({ instance: 'game-1', visible: ['play', 'pass', 'resign'] });
    expect(opened.hints?.rev).toBe(1);

    const botEvent = once(first, 'pushEvent');
    const played = await first.callTool('play', { n: 1 });
    expect(played.content).toEqual([{ type: 'text', text: 'You took 1; 11 left' }]);
    expect((played['_meta'] as Record<string, unknown>)['mcpl/toolsetHints']).toEqual({
      rev: 2,
      tools: {
        play: { kind: 'dynamic', visible: false, toolset: 'game' },
        pass: { kind: 'dynamic', visible: false, toolset: 'game' },
      },
    });
    // The bot moves after 50 ms: an event whose hints bring play and pass back.
    const [event] = (await botEvent) as [Record<string, unknown>];
    expect(event['payload']).toEqual({ content: [{ type: 'text', text: 'The bot took 3; 8 left' }] });
    expect((event['_meta'] as Record<string, unknown>)['mcpl/toolsetHints']).toEqual({
      rev: 3,
      tools: {
        play: { kind: 'dynamic', visible: true, toolset: 'game', instance: 'game-1' },
        pass: { kind: 'dynamic', visible: true, toolset: 'game', instance: 'game-1' },
      },
    });
    first.close();
    await expect.poll(() => arcade.principals).toEqual(['local']);

    const second = await hostOn(port);
    const list = await second.request<ToolsetsListResult>('toolsets/list', {});
    expect(list.open).toEqual([
      {
        toolset: 'game',
        instance: 'game-1',
        title: 'Game game-1',
        visible: ['play', 'pass', 'resign'],
        content: [{ type: 'text', text: '8 stones left; your turn (take 1-3)' }],
      },
    ]);
    expect(list.rev).toBe(0);
    second.close();

    // 300 ms after the last connection the game closes and the principal is forgotten.
    await expect.poll(() => arcade.principals, { timeout: 3000, interval: 20 }).toEqual([]);
    const third = await hostOn(port);
    expect((await third.request<ToolsetsListResult>('toolsets/list', {})).open).toEqual([]);
  });

  it("with the host client's typed toolset calls: visible tools follow the hints, the game survives a reconnect, close and idle close", async () => {
    const arcade = createArcade({ botDelayMs: 50, idleCloseMs: 300 });
    const port = await listen(arcade);

    const first = await hostOn(port);
    await first.listTools();
    expect(first.toolPresence.visible()).not.toContain('play');
    const opened = await first.openToolset('game', { stones: 12 });
    expect(opened.instance.instance).toBe('game-1');
    expect(first.toolPresence.visible()).toEqual(expect.arrayContaining(['play', 'pass', 'resign']));

    const changes: number[] = [];
    first.on('toolsetHints', (change) => changes.push(change.rev));
    await first.callTool('play', { n: 1 }, { instance: 'game-1' });
    // Our move hid play and pass; the bot's move (an event, 50 ms later) shows them again.
    expect(first.toolPresence.visible()).not.toContain('play');
    expect(first.toolPresence.visible()).toContain('resign');
    await expect.poll(() => first.toolPresence.visible().includes('play'), { timeout: 3000 }).toBe(true);
    expect(changes).toEqual([2, 3]);
    expect(first.toolPresence.rev).toBe(3);
    first.close();

    const second = await hostOn(port);
    const list = await second.listToolsets();
    expect(list.open.map((entry) => entry.instance)).toEqual(['game-1']);
    await second.listTools();
    expect(second.toolPresence.visible()).toEqual(expect.arrayContaining(['play', 'pass', 'resign']));
    const another = await second.openToolset('game', { stones: 5 });
    expect(another.instance.instance).toBe('game-2');
    const closed = await second.closeToolset('game', 'game-2');
    expect(closed.closed).toBe(true);
    expect(second.toolPresence.rev).toBe(closed.hints?.rev);
    expect(await second.closeToolset('game', 'game-2')).toMatchObject({ closed: false });
    second.close();

    await expect.poll(() => arcade.principals, { timeout: 3000, interval: 20 }).toEqual([]);
    const third = await hostOn(port);
    expect((await third.listToolsets()).open).toEqual([]);
  });

  it('pass lets the bot move inside the call (no separate event) and the last stone ends the game', async () => {
    const arcade = createArcade({ botDelayMs: 10_000 });
    const host = await hostOn(await listen(arcade));
    const events: unknown[] = [];
    host.on('pushEvent', (event) => events.push(event));
    await host.request('toolsets/open', { toolset: 'game', options: { stones: 4 } });
    const passed = await host.callTool('pass', {});
    expect(passed.content).toEqual([{ type: 'text', text: 'The bot took 1; 3 left' }]);
    const won = await host.callTool('play', { n: 3 });
    expect(won.content).toEqual([{ type: 'text', text: 'You took the last stone: you won' }]);
    expect((won['_meta'] as Record<string, unknown>)['mcpl/toolsetHints']).toMatchObject({
      ended: [{ toolset: 'game', instance: 'game-1', reason: 'you won' }],
    });
    expect(events).toEqual([]);
    expect(arcade.instances('local')).toEqual([]);
  });
});
