import { RpcError } from '@mcpforge/wire';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolsetHintChange, ToolsetsListResult, ToolsetsOpenResult } from '../protocol/index.js';
import { ToolsetError, ToolsetServer, type ToolsetServerOptions } from './index.js';
import { FakeTimers, gameToolset } from './test-support/game.js';
import { closeAll, connect } from './test-support/pair.js';

afterEach(closeAll);

const HINTS = 'mcpl/toolsetHints';

function arcade(extra: Partial<ToolsetServerOptions> = {}) {
  const botMoves: Array<() => void> = [];
  const server = new ToolsetServer({
    name: 'arcade',
    version: '1.0.0',
    tools: [
      {
        name: 'scores',
        description: 'High scores',
        inputSchema: { type: 'object' },
        call: () => ({ content: [{ type: 'text', text: 'none yet' }] }),
      },
    ],
    toolsets: { game: gameToolset((move) => botMoves.push(move)) },
    ...extra,
  });
  return { server, botMoves };
}

async function ready(server: ToolsetServer, principal = 'alice', options = {}) {
  const pair = connect(server, principal, options);
  await pair.host.initialize();
  return pair;
}

const hintsOf = (result: Record<string, unknown>) =>
  (result['_meta'] as Record<string, unknown> | undefined)?.[HINTS] as ToolsetHintChange;
const until = (predicate: () => boolean) => expect.poll(predicate, { timeout: 2000, interval: 5 }).toBe(true);

describe('ToolsetServer presence and toolsets', () => {
  it('lists every tool with its presence: static, dynamic (hidden until opened), the toolset tools', async () => {
    const { server } = arcade();
    const { host } = await ready(server);
    const tools = await host.listTools();
    const presence = Object.fromEntries(
      tools.map((tool) => [
        tool.name,
        (tool['_meta'] as Record<string, unknown> | undefined)?.['mcpl/toolset'],
      ]),
    );
    expect(presence).toEqual({
      toolset_open: { kind: 'static', visible: true },
      toolset_close: { kind: 'static', visible: true },
      toolset_use: { kind: 'static', visible: true },
      scores: { kind: 'static', visible: true },
      play: { kind: 'dynamic', visible: false, toolset: 'game' },
      pass: { kind: 'dynamic', visible: false, toolset: 'game' },
      resign: { kind: 'dynamic', visible: false, toolset: 'game' },
    });
    const list = await host.request<ToolsetsListResult>('toolsets/list', {});
    expect(list).toEqual({
      toolsets: [
        {
          name: 'game',
          title: 'Game',
          summary: 'A race to 10 against the bot',
          default: 'closed',
          instances: true,
          tools: ['play', 'pass', 'resign'],
        },
      ],
      open: [],
      ended: [],
      rev: 0,
    });
  });

  it('opens instances with their own ids; each open carries the next consecutive revision', async () => {
    const { server } = arcade();
    const { host } = await ready(server);
    const first = await host.request<ToolsetsOpenResult>('toolsets/open', { toolset: 'game' });
    expect(first.instance).toEqual({
      toolset: 'game',
      instance: 'game-1',
      title: 'Game game-1',
      visible: ['play', 'pass', 'resign'],
      content: [{ type: 'text', text: 'total 0' }],
    });
    expect(first.hints?.rev).toBe(1);
    expect(first.hints?.tools['play']).toEqual({
      kind: 'dynamic',
      visible: true,
      toolset: 'game',
      instance: 'game-1',
    });
    const second = await host.request<ToolsetsOpenResult>('toolsets/open', {
      toolset: 'game',
      options: { start: 5 },
    });
    expect(second.instance.instance).toBe('game-2');
    // Two instances show play: the presence no longer names one.
    expect(second.hints).toEqual({
      rev: 2,
      tools: {
        play: { kind: 'dynamic', visible: true, toolset: 'game' },
        pass: { kind: 'dynamic', visible: true, toolset: 'game' },
        resign: { kind: 'dynamic', visible: true, toolset: 'game' },
      },
    });
    const list = await host.request<ToolsetsListResult>('toolsets/list', {});
    expect(list.open.map((entry) => entry.instance)).toEqual(['game-1', 'game-2']);
    expect(list.rev).toBe(2);
    const closed = await host.request<{ closed: boolean; hints?: ToolsetHintChange }>('toolsets/close', {
      toolset: 'game',
      instance: 'game-2',
    });
    expect(closed.closed).toBe(true);
    expect(closed.hints?.rev).toBe(3);
    expect(await host.request('toolsets/close', { toolset: 'game', instance: 'game-2' })).toEqual({
      closed: false,
    });
  });

  it('concurrent opens on one connection: revisions 1, 2, 3 with no gap or repeat', async () => {
    const { server } = arcade();
    const { host } = await ready(server);
    const results = await Promise.all(
      [1, 2, 3].map(() => host.request<ToolsetsOpenResult>('toolsets/open', { toolset: 'game' })),
    );
    const revs = results.flatMap((result) => (result.hints === undefined ? [] : [result.hints.rev]));
    expect([...revs].sort()).toEqual(revs.map((_, index) => index + 1));
    expect((await host.request<ToolsetsListResult>('toolsets/list', {})).rev).toBe(revs.length);
  });

  it('refuses bad open requests with -32602 naming the fix', async () => {
    const { server } = arcade({ maxInstancesPerPrincipal: 1 });
    const { host } = await ready(server);
    await expect(host.request('toolsets/open', { toolset: 'chess' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('toolsets/list'),
    });
    await expect(
      host.request('toolsets/open', { toolset: 'game', options: { start: -1 } }),
    ).rejects.toMatchObject({
      code: -32602,
    });
    await host.request('toolsets/open', { toolset: 'game' });
    await expect(host.request('toolsets/open', { toolset: 'game' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('close one first'),
    });
  });
});

describe('ToolsetServer calls and hint changes', () => {
  it('a call that changes the visible tools carries the change; the bot move later is an event with the next revision', async () => {
    const { server, botMoves } = arcade();
    const { host } = await ready(server);
    const events: Array<Record<string, unknown>> = [];
    host.on('pushEvent', (event) => events.push(event as unknown as Record<string, unknown>));
    await host.request('toolsets/open', { toolset: 'game' });
    const played = await host.callTool('play', { n: 3 });
    expect(played.content).toEqual([{ type: 'text', text: 'total 3' }]);
    expect(hintsOf(played)).toEqual({
      rev: 2,
      tools: {
        play: { kind: 'dynamic', visible: false, toolset: 'game' },
        pass: { kind: 'dynamic', visible: false, toolset: 'game' },
      },
    });
    // Not visible now: a tool error, no change (nothing changed).
    const early = await host.callTool('play', { n: 1 });
    expect(early.isError).toBe(true);
    expect(early['_meta']).toBeUndefined();
    botMoves.shift()?.();
    await until(() => events.length === 1);
    expect(events[0]?.['featureSet']).toBe('arcade.events');
    expect(events[0]?.['payload']).toEqual({ content: [{ type: 'text', text: 'bot played 1, total 4' }] });
    expect((events[0]?.['_meta'] as Record<string, unknown> | undefined)?.[HINTS]).toMatchObject({ rev: 3 });
  });

  it('an event the call caused joins its result and is never pushed', async () => {
    const { server } = arcade();
    const { host } = await ready(server);
    const events: unknown[] = [];
    host.on('pushEvent', (event) => events.push(event));
    await host.request('toolsets/open', { toolset: 'game' });
    const passed = await host.callTool('pass', {});
    expect(passed.content).toEqual([
      { type: 'text', text: 'You passed' },
      { type: 'text', text: 'bot played 1, total 1' },
    ]);
    await host.request('toolsets/list', {});
    expect(events).toEqual([]);
  });

  it('a change outside any call and without an event travels alone as toolsets/changed', async () => {
    const { server, botMoves } = arcade();
    const { host } = await ready(server, 'alice', {
      grant: { effectiveCapabilities: ['tools'] },
    });
    const changes: unknown[] = [];
    host.on('notification', (message) => {
      if (message.method === 'toolsets/changed') changes.push(message.params);
    });
    await host.request('toolsets/open', { toolset: 'game' });
    await host.callTool('play', { n: 1 });
    // pushEvents not granted: the bot's event cannot go, its hint change goes alone.
    botMoves.shift()?.();
    await until(() => changes.length === 1);
    expect(changes[0]).toEqual({
      rev: 3,
      tools: {
        play: { kind: 'dynamic', visible: true, toolset: 'game', instance: 'game-1' },
        pass: { kind: 'dynamic', visible: true, toolset: 'game', instance: 'game-1' },
      },
    });
  });

  it('an ended instance is in the change with its reason, and its tools are hidden', async () => {
    const { server } = arcade();
    const { host } = await ready(server);
    await host.request('toolsets/open', { toolset: 'game' });
    const resigned = await host.callTool('resign', {});
    expect(hintsOf(resigned)).toEqual({
      rev: 2,
      tools: {
        play: { kind: 'dynamic', visible: false, toolset: 'game' },
        pass: { kind: 'dynamic', visible: false, toolset: 'game' },
        resign: { kind: 'dynamic', visible: false, toolset: 'game' },
      },
      ended: [{ toolset: 'game', instance: 'game-1', reason: 'resigned' }],
    });
    expect(server.instances('alice')).toEqual([]);
  });

  it('validates arguments with the JSON Schema validator (-32602) and names the instance when several are open', async () => {
    const { server } = arcade();
    const { host } = await ready(server);
    await host.request('toolsets/open', { toolset: 'game' });
    await expect(host.callTool('play', { n: 7 })).rejects.toMatchObject({ code: -32602 });
    await host.request('toolsets/open', { toolset: 'game' });
    const ambiguous = await host.callTool('play', { n: 1 });
    expect(ambiguous.isError).toBe(true);
    const named = await host.connection.request<{ content: unknown[] }>('tools/call', {
      name: 'play',
      arguments: { n: 2 },
      _meta: { 'mcpl/toolset': { instance: 'game-2' } },
    });
    expect(named.content).toEqual([{ type: 'text', text: 'total 2' }]);
    const viaUse = await host.callTool('toolset_use', {
      tool: 'play',
      instance: 'game-1',
      arguments: { n: 1 },
    });
    expect(viaUse.content).toEqual([{ type: 'text', text: 'total 1' }]);
  });
});

describe('ToolsetServer grants and plain MCP hosts', () => {
  it('an MCPL host without tools granted gets -32002 for calls and toolset methods, and no tools', async () => {
    const { server } = arcade();
    const { host } = await ready(server, 'alice', { grant: { effectiveCapabilities: ['pushEvents'] } });
    await expect(host.callTool('scores', {})).rejects.toMatchObject({ code: -32002 });
    await expect(host.request('toolsets/list', {})).rejects.toMatchObject({ code: -32002 });
    await expect(host.request('toolsets/open', { toolset: 'game' })).rejects.toMatchObject({ code: -32002 });
    expect(await host.listTools()).toEqual([]);
  });

  it('an MCPL host that disabled arcade.tools gets -32001', async () => {
    const { server } = arcade();
    const { host } = await ready(server, 'alice', {
      grant: { effectiveCapabilities: ['tools', 'pushEvents'], disabled: ['arcade.tools'] },
    });
    await expect(host.callTool('scores', {})).rejects.toMatchObject({ code: -32001 });
    await expect(host.request('toolsets/open', { toolset: 'game' })).rejects.toMatchObject({ code: -32001 });
  });

  it('a 0.4-dialect host: the manifest in its dialect, granted at once, narrowed by a featureSets/update notification', async () => {
    const { server } = arcade();
    const { host } = await ready(server, 'alice', {
      mcpl: { version: '0.4', pushEvents: true, channels: true },
    });
    expect(host.server?.dialect).toBe('0.4');
    expect(host.server?.mcpl?.version).toBe('0.4');
    const sets = host.server?.mcpl?.featureSets as Array<{ name: string }>;
    expect(Array.isArray(sets)).toBe(true);
    expect(sets.map((set) => set.name)).toContain('arcade.tools');
    expect((await host.openToolset('game')).instance.instance).toBe('game-1');
    expect((await host.callTool('scores', {})).content).toEqual([{ type: 'text', text: 'none yet' }]);
    await host.updateGrant({ disabled: ['arcade.tools'] });
    await expect
      .poll(() => host.callTool('scores', {}).catch((error: { code?: number }) => error.code))
      .toBe(-32001);
    await expect(host.listToolsets()).rejects.toMatchObject({ code: -32001 });
  });

  it('a plain MCP host sees no MCPL, gets -32601 for toolset methods and plays through toolset_open/toolset_use', async () => {
    const { server } = arcade();
    const { host } = await ready(server, 'bob', { mcpl: false });
    expect(host.server?.capabilities['experimental']).toBeUndefined();
    await expect(host.request('toolsets/list', {})).rejects.toMatchObject({ code: -32601 });
    const opened = await host.callTool('toolset_open', { toolset: 'game' });
    expect(opened.content[0]).toEqual({
      type: 'text',
      text: 'Opened Game game-1 (instance game-1); tools: play, pass, resign',
    });
    const played = await host.callTool('toolset_use', { tool: 'play', arguments: { n: 2 } });
    expect(played.content).toEqual([{ type: 'text', text: 'total 2' }]);
    const closed = await host.callTool('toolset_close', { toolset: 'game', instance: 'game-1' });
    expect(closed.structuredContent).toEqual({ closed: true });
  });
});

describe('ToolsetServer instances per principal', () => {
  it('a reconnecting principal finds its instances, with revisions starting again on the new connection', async () => {
    const { server } = arcade();
    const first = await ready(server, 'alice');
    await first.host.request('toolsets/open', { toolset: 'game' });
    await first.host.callTool('play', { n: 3 });
    first.host.close();
    await first.served.closed;
    const other = await ready(server, 'carol');
    expect((await other.host.request<ToolsetsListResult>('toolsets/list', {})).open).toEqual([]);
    const again = await ready(server, 'alice');
    const list = await again.host.request<ToolsetsListResult>('toolsets/list', {});
    expect(list.open).toEqual([
      {
        toolset: 'game',
        instance: 'game-1',
        title: 'Game game-1',
        visible: ['resign'],
        content: [{ type: 'text', text: 'total 3' }],
      },
    ]);
    expect(list.rev).toBe(0);
    const resigned = await again.host.callTool('resign', {});
    expect(hintsOf(resigned).rev).toBe(1);
  });

  it('two connections of one principal: the caller gets the change in its result, the other alone', async () => {
    const { server } = arcade();
    const a = await ready(server, 'alice');
    const b = await ready(server, 'alice');
    const seen: unknown[] = [];
    b.host.on('notification', (message) => {
      if (message.method === 'toolsets/changed') seen.push(message.params);
    });
    const opened = await a.host.request<ToolsetsOpenResult>('toolsets/open', { toolset: 'game' });
    expect(opened.hints?.rev).toBe(1);
    await until(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ rev: 1, tools: { play: { visible: true, instance: 'game-1' } } });
  });

  it('a plain MCP connection of the principal gets no toolsets/changed, only presence in results', async () => {
    const { server } = arcade();
    const mcpl = await ready(server, 'alice');
    const plain = await ready(server, 'alice', { mcpl: false });
    const notified: string[] = [];
    plain.host.on('notification', (message) => notified.push(message.method));
    await mcpl.host.request('toolsets/open', { toolset: 'game' });
    await mcpl.host.callTool('play', { n: 1 });
    const tools = await plain.host.listTools();
    expect(tools.find((tool) => tool.name === 'resign')?.['_meta']).toEqual({
      'mcpl/toolset': { kind: 'dynamic', visible: true, toolset: 'game', instance: 'game-1' },
    });
    const resigned = await plain.host.callTool('resign', {});
    expect(hintsOf(resigned)).toMatchObject({ ended: [{ instance: 'game-1', reason: 'resigned' }] });
    expect(notified).toEqual([]);
  });

  it('a principal with nothing open is forgotten when its last connection ends', async () => {
    const { server } = arcade({ idleCloseMs: 0 });
    const pair = await ready(server, 'dave');
    expect(server.principals).toEqual(['dave']);
    pair.host.close();
    await pair.served.closed;
    expect(server.principals).toEqual([]);
  });

  it('an instance that ends while its principal is away is in the next toolsets/list once', async () => {
    const { server, botMoves } = arcade();
    const first = await ready(server, 'alice');
    await first.host.request('toolsets/open', { toolset: 'game', options: { start: 8 } });
    await first.host.callTool('play', { n: 1 });
    first.host.close();
    await first.served.closed;
    botMoves.shift()?.(); // the bot reaches 10 while alice is away
    await until(() => server.instances('alice').length === 0);
    const again = await ready(server, 'alice');
    const list = await again.host.request<ToolsetsListResult>('toolsets/list', {});
    expect(list.ended).toEqual([{ toolset: 'game', instance: 'game-1', reason: 'bot won' }]);
    expect((await again.host.request<ToolsetsListResult>('toolsets/list', {})).ended).toEqual([]);
  });

  it('idle close: instances close idleCloseMs after the last connection and the principal is forgotten', async () => {
    const clock = new FakeTimers();
    const { server } = arcade({ idleCloseMs: 60_000, timers: clock.timers });
    const first = await ready(server, 'alice');
    await first.host.request('toolsets/open', { toolset: 'game' });
    first.host.close();
    await first.served.closed;
    clock.advance(59_999);
    expect(server.instances('alice')).toHaveLength(1);
    // A connection in between stops the timer; its end starts a new one.
    const second = await ready(server, 'alice');
    clock.advance(10_000);
    expect(clock.pending).toBe(0);
    second.host.close();
    await second.served.closed;
    clock.advance(59_999);
    expect(server.principals).toEqual(['alice']);
    clock.advance(1);
    expect(server.principals).toEqual([]);
    const third = await ready(server, 'alice');
    expect((await third.host.request<ToolsetsListResult>('toolsets/list', {})).open).toEqual([]);
  });

  it('idleCloseMs 0 keeps instances; the default is 24 h', async () => {
    const clock = new FakeTimers();
    const { server } = arcade({ idleCloseMs: 0, timers: clock.timers });
    const first = await ready(server, 'alice');
    await first.host.request('toolsets/open', { toolset: 'game' });
    first.host.close();
    await first.served.closed;
    expect(clock.pending).toBe(0);
    clock.advance(365 * 24 * 3600_000);
    expect(server.instances('alice')).toHaveLength(1);

    const dayClock = new FakeTimers();
    const daily = arcade({ timers: dayClock.timers }).server;
    const pair = await ready(daily, 'alice');
    await pair.host.request('toolsets/open', { toolset: 'game' });
    pair.host.close();
    await pair.served.closed;
    dayClock.advance(24 * 3600_000 - 1);
    expect(daily.instances('alice')).toHaveLength(1);
    dayClock.advance(1);
    expect(daily.instances('alice')).toEqual([]);
  });
});

describe('ToolsetServer definitions', () => {
  it('refuses duplicate or reserved tool names and schemas that do not compile', () => {
    const tool = { name: 'play', inputSchema: { type: 'object' }, call: () => ({ content: [] }) };
    expect(() => arcade({ tools: [tool] })).toThrow(ToolsetError);
    expect(() => arcade({ tools: [{ ...tool, name: 'toolset_use' }] })).toThrow(/reserved or already used/);
    expect(() => arcade({ tools: [{ ...tool, name: 'x', inputSchema: { type: 'nope' } }] })).toThrow(
      /does not compile/,
    );
    expect(() => arcade({ idleCloseMs: -1 })).toThrow(/idleCloseMs/);
  });

  it('fills the defaults of a tool schema and of toolset options before validating', async () => {
    const seen: unknown[] = [];
    const server = new ToolsetServer({
      name: 'x',
      version: '0',
      tools: [
        {
          name: 'greet',
          inputSchema: {
            type: 'object',
            properties: { who: { type: 'string', default: 'world' }, n: { type: 'integer' } },
            required: ['who'],
          },
          call: (args) => {
            seen.push(args);
            return { content: [{ type: 'text', text: `hello ${args['who']}` }] };
          },
        },
      ],
      toolsets: {
        box: {
          title: 'Box',
          tools: [{ name: 'peek', inputSchema: { type: 'object' } }],
          optionsSchema: { type: 'object', properties: { size: { type: 'integer', default: 3 } } },
          open: (_ctx, options) => {
            seen.push(options);
            return { call: () => ({ content: [] }) };
          },
        },
      },
    });
    const { host } = await ready(server);
    expect((await host.callTool('greet', {})).content).toEqual([{ type: 'text', text: 'hello world' }]);
    await host.request('toolsets/open', { toolset: 'box' });
    expect(seen).toEqual([{ who: 'world' }, { size: 3 }]);
  });

  it('fills nested defaults (a default object, $ref, items) and checks $ref, if/then/else and format with the full 2020-12 validator', async () => {
    const seen: unknown[] = [];
    const server = new ToolsetServer({
      name: 'x',
      version: '0',
      tools: [
        {
          name: 'book',
          inputSchema: {
            type: 'object',
            properties: {
              when: { type: 'string', format: 'date' },
              seat: { $ref: '#/$defs/seat' },
              options: {
                type: 'object',
                default: {},
                properties: {
                  meal: { type: 'string', default: 'veg' },
                  bags: { type: 'integer', default: 1 },
                },
              },
              legs: {
                type: 'array',
                items: { type: 'object', properties: { class: { default: 'economy' } } },
              },
              kind: { enum: ['adult', 'child'], default: 'adult' },
              age: { type: 'integer' },
            },
            required: ['when'],
            if: { properties: { kind: { const: 'child' } }, required: ['kind'] },
            // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword
            then: { required: ['age'] },
            else: { not: { required: ['age'] } },
            $defs: { seat: { type: 'object', properties: { row: { type: 'integer', default: 12 } } } },
          },
          call: (args) => {
            seen.push(args);
            return { content: [] };
          },
        },
      ],
      toolsets: {},
    });
    const { host } = await ready(server);
    const args = { when: '2026-12-01', seat: {}, options: { bags: 2 }, legs: [{}, { class: 'first' }] };
    expect((await host.callTool('book', args)).isError).not.toBe(true);
    expect(seen).toEqual([
      {
        when: '2026-12-01',
        seat: { row: 12 },
        options: { bags: 2, meal: 'veg' },
        legs: [{ class: 'economy' }, { class: 'first' }],
        kind: 'adult',
      },
    ]);
    await host.callTool('book', { when: '2026-12-02' });
    expect(seen[1]).toEqual({ when: '2026-12-02', options: { meal: 'veg', bags: 1 }, kind: 'adult' });
    const refused = async (value: Record<string, unknown>) => {
      const error = await host.callTool('book', value).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toMatchObject({ code: -32602 });
      return (error as Error).message;
    };
    expect(await refused({ when: 'tomorrow' })).toMatch(/format|date/);
    expect(await refused({ when: '2026-12-01', seat: { row: 'back' } })).toMatch(/row/);
    expect(await refused({ when: '2026-12-01', kind: 'child' })).toMatch(/age/);
    expect(await refused({ when: '2026-12-01', age: 30 })).toMatch(/must NOT be valid|not|else/i);
    expect(seen).toHaveLength(2);
  });

  it('a handler that throws is a tool error, reported, and the process goes on', async () => {
    const errors: Error[] = [];
    const server = new ToolsetServer({
      name: 'x',
      version: '0',
      tools: [
        {
          name: 'boom',
          inputSchema: { type: 'object' },
          call: () => {
            throw new Error('kaput');
          },
        },
      ],
      toolsets: {},
      onError: (error) => errors.push(error),
    });
    const { host } = await ready(server);
    const result = await host.callTool('boom', {});
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'The tool failed: kaput' }],
    });
    expect(errors.map((error) => error.message)).toEqual(['kaput']);
    expect(RpcError).toBeDefined();
  });
});
