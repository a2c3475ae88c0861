import { setTimeout as delay } from 'node:timers/promises';
import type { JsonRpcResponse } from '@mcpforge/wire';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionState, type Session } from '../server/session.js';
import { createTaskServer, TASKS_EXTENSION, type TaskServer } from './task-server.js';
import { MemoryTaskStore } from './task-store.js';

const NAME = {
  method: 'elicitation/create',
  params: { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
} as const;

function build() {
  const server = createTaskServer({
    name: 'tasks',
    version: '1.0.0',
    taskPollIntervalMs: 10,
    onInternalError: () => {},
  });
  server.taskTool(
    { name: 'sleep', inputSchema: { type: 'object', properties: { ms: { type: 'number' } } } },
    { support: 'optional' },
    async (args, ctx) => {
      await delay(Number(args['ms'] ?? 0), undefined, { signal: ctx.signal });
      return { content: [{ type: 'text', text: 'slept' }] };
    },
  );
  server.taskTool({ name: 'must', inputSchema: { type: 'object' } }, { support: 'required' }, () => ({
    content: [{ type: 'text', text: 'tool error' }],
    isError: true,
  }));
  server.taskTool({ name: 'crash', inputSchema: { type: 'object' } }, { support: 'optional' }, () => {
    throw new Error('boom');
  });
  server.taskTool(
    { name: 'two', inputSchema: { type: 'object' } },
    { support: 'optional' },
    async (_args, ctx) => {
      const answers = await ctx.input({ a: NAME, b: NAME });
      return { content: [{ type: 'text', text: `got ${Object.keys(answers).sort().join('+')}` }] };
    },
  );
  server.taskTool(
    { name: 'later', inputSchema: { type: 'object' } },
    { support: 'required', gatherInputFirst: true },
    async (_a, ctx) => {
      const answers = await ctx.input({ who: NAME });
      return {
        content: [
          { type: 'text', text: `hi ${(answers['who'] as { content: { name: string } }).content.name}` },
        ],
      };
    },
  );
  return server;
}

const session: Session = {
  id: undefined,
  state: createSessionState(),
  notify() {},
  request: () => Promise.reject(new Error('unused')),
};
let nextId = 1;

function meta(withTasks: boolean) {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': withTasks
      ? { elicitation: {}, extensions: { [TASKS_EXTENSION]: {} } }
      : { elicitation: {} },
  };
}

async function call(
  server: ReturnType<typeof build>,
  method: string,
  params: Record<string, unknown>,
  withTasks = true,
) {
  const response = (await server.handle(
    { jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta: meta(withTasks) } },
    session,
  )) as JsonRpcResponse;
  return response as { result?: Record<string, unknown>; error?: { code: number; data?: unknown } };
}

async function settle(server: ReturnType<typeof build>, taskId: string, until: (status: string) => boolean) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const got = await call(server, 'tasks/get', { taskId });
    if (until(String(got.result?.['status']))) return got.result as Record<string, unknown>;
    await delay(10);
  }
  throw new Error('task did not settle');
}

describe('TaskServer', () => {
  it('advertises the extension and runs optional tools synchronously without it', async () => {
    const server = build();
    const discover = await call(server, 'server/discover', {});
    expect(discover.result).toMatchObject({ capabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
    const sync = await call(server, 'tools/call', { name: 'sleep', arguments: { ms: 0 } }, false);
    expect(sync.result).toMatchObject({ resultType: 'complete', content: [{ text: 'slept' }] });
    expect(sync.result).not.toHaveProperty('taskId');
  });

  it('refuses required tools and task methods without the extension (-32021)', async () => {
    const server = build();
    const refused = await call(server, 'tools/call', { name: 'must', arguments: {} }, false);
    expect(refused.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    });
    expect((await call(server, 'tasks/get', { taskId: 'x' }, false)).error?.code).toBe(-32021);
  });

  it('creates a task, completes it with the inlined result; tool errors complete, crashes fail', async () => {
    const server = build();
    const created = await call(server, 'tools/call', { name: 'sleep', arguments: { ms: 20 } });
    expect(created.result).toMatchObject({ resultType: 'task', status: 'working' });
    expect(Number.isInteger(created.result?.['ttlMs'])).toBe(true);
    const taskId = String(created.result?.['taskId']);
    expect((await call(server, 'tasks/get', { taskId })).result?.['status']).toBe('working');
    const done = await settle(server, taskId, (status) => status === 'completed');
    expect(done['result']).toMatchObject({ content: [{ text: 'slept' }] });

    const toolError = await call(server, 'tools/call', { name: 'must', arguments: {} });
    const errored = await settle(server, String(toolError.result?.['taskId']), (s) => s === 'completed');
    expect(errored['result']).toMatchObject({ isError: true });

    const crash = await call(server, 'tools/call', { name: 'crash', arguments: {} });
    const failed = await settle(server, String(crash.result?.['taskId']), (s) => s === 'failed');
    expect(failed['error']).toMatchObject({ code: -32603 });
    expect(failed).not.toHaveProperty('result');
    expect((await call(server, 'tasks/get', { taskId: 'nope' })).error?.code).toBe(-32602);
  });

  it('cancels a running task (its signal fires) and acks cancel idempotently', async () => {
    const server = build();
    const created = await call(server, 'tools/call', { name: 'sleep', arguments: { ms: 60_000 } });
    const taskId = String(created.result?.['taskId']);
    expect((await call(server, 'tasks/cancel', { taskId })).result).toEqual({ resultType: 'complete' });
    expect((await settle(server, taskId, (s) => s !== 'working'))['status']).toBe('cancelled');
    expect((await call(server, 'tasks/cancel', { taskId })).result).toEqual({ resultType: 'complete' });
  });

  it('parks on input_required, accepts partial tasks/update, resumes when all inputs arrive', async () => {
    const server = build();
    const created = await call(server, 'tools/call', { name: 'two', arguments: {} });
    const taskId = String(created.result?.['taskId']);
    const parked = await settle(server, taskId, (s) => s === 'input_required');
    expect(Object.keys(parked['inputRequests'] as object).sort()).toEqual(['a', 'b']);
    const answer = { action: 'accept', content: { name: 'x' } };
    expect(
      (await call(server, 'tasks/update', { taskId, inputResponses: { a: answer, junk: 1 } })).result,
    ).toEqual({
      resultType: 'complete',
    });
    const partial = (await call(server, 'tasks/get', { taskId })).result as Record<string, unknown>;
    expect(partial['status']).toBe('input_required');
    expect(Object.keys(partial['inputRequests'] as object)).toEqual(['b']);
    await call(server, 'tasks/update', { taskId, inputResponses: { b: answer } });
    const done = await settle(server, taskId, (s) => s === 'completed');
    expect(done['result']).toMatchObject({ content: [{ text: 'got a+b' }] });
  });

  it('composes MRTR then task: input_required first (no taskId), a task on the answering round', async () => {
    const server = build();
    const first = await call(server, 'tools/call', { name: 'later', arguments: {} });
    expect(first.result).toMatchObject({ resultType: 'input_required' });
    expect(first.result).not.toHaveProperty('taskId');
    const second = await call(server, 'tools/call', {
      name: 'later',
      arguments: {},
      inputResponses: { who: { action: 'accept', content: { name: 'Alice' } } },
      requestState: first.result?.['requestState'],
    });
    expect(second.result).toMatchObject({ resultType: 'task' });
    expect(second.result).not.toHaveProperty('requestState');
    const done = await settle(server, String(second.result?.['taskId']), (s) => s === 'completed');
    expect(done['result']).toMatchObject({ content: [{ text: 'hi Alice' }] });
  });
});

describe('TaskServer live entries (issue 8, defect 2: abandoned tasks are never freed)', () => {
  /** A server whose `hang` tasks run until aborted and whose `gate` tasks finish when told. */
  function bounded(options: { taskTtlMs?: number; maxLiveTasks?: number; taskStore?: MemoryTaskStore } = {}) {
    const server = createTaskServer({
      name: 'bounded',
      version: '1.0.0',
      onInternalError: () => {},
      ...options,
    });
    const aborted: string[] = [];
    const gates: Array<() => void> = [];
    server.taskTool(
      { name: 'hang', inputSchema: { type: 'object' } },
      { support: 'required' },
      (args, ctx) => {
        return new Promise((resolve) => {
          ctx.signal.addEventListener('abort', () => {
            aborted.push(String(args['tag']));
            resolve({ content: [{ type: 'text', text: 'aborted' }] });
          });
        });
      },
    );
    server.taskTool({ name: 'gate', inputSchema: { type: 'object' } }, { support: 'required' }, () => {
      return new Promise((resolve) =>
        gates.push(() => resolve({ content: [{ type: 'text', text: 'opened' }] })),
      );
    });
    server.taskTool(
      { name: 'ask', inputSchema: { type: 'object' } },
      { support: 'required' },
      async (_a, ctx) => {
        await ctx.input({ who: NAME });
        return { content: [{ type: 'text', text: 'answered' }] };
      },
    );
    return { server, aborted, gates };
  }

  /** Lets the background runs take their next steps (no timers involved). */
  async function turns(count = 20) {
    for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
  }

  async function startTask(server: TaskServer, name: string, args: Record<string, unknown> = {}) {
    const created = await call(server as never, 'tools/call', { name, arguments: args });
    return String(created.result?.['taskId']);
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it('a task left input_required is freed when its record expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { server } = bounded({ taskTtlMs: 1_000 });
    const taskId = await startTask(server, 'ask', { pad: 'x'.repeat(1_000) });
    await turns();
    expect((await call(server as never, 'tasks/get', { taskId })).result?.['status']).toBe('input_required');
    expect(server.liveTasks).toBe(1);
    await vi.advanceTimersByTimeAsync(1_001);
    expect(server.liveTasks).toBe(0);
    expect((await call(server as never, 'tasks/get', { taskId })).error?.code).toBe(-32602);
  });

  it('a task still running when its record expires is aborted and freed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { server, aborted } = bounded({ taskTtlMs: 1_000 });
    await startTask(server, 'hang', { tag: 'late' });
    await turns();
    expect([server.liveTasks, aborted]).toEqual([1, []]);
    await vi.advanceTimersByTimeAsync(1_001);
    await turns();
    expect([server.liveTasks, aborted]).toEqual([0, ['late']]);
  });

  it('beyond maxLiveTasks the oldest live task is cancelled and freed', async () => {
    const { server, aborted } = bounded({ maxLiveTasks: 2 });
    const first = await startTask(server, 'hang', { tag: 'first' });
    await startTask(server, 'hang', { tag: 'second' });
    await startTask(server, 'hang', { tag: 'third' });
    await turns();
    expect([server.liveTasks, aborted]).toEqual([2, ['first']]);
    const dropped = (await call(server as never, 'tasks/get', { taskId: first })).result;
    expect(dropped).toMatchObject({
      status: 'cancelled',
      statusMessage: expect.stringContaining('maxLiveTasks'),
    });
  });

  it('a task whose record the store dropped while it ran is freed when it finishes', async () => {
    const { server, gates } = bounded({ taskStore: new MemoryTaskStore({ maxTasks: 1 }) });
    await startTask(server, 'gate');
    await startTask(server, 'gate'); // the store drops the first record
    await turns();
    expect(server.liveTasks).toBe(2);
    for (const open of gates) open();
    await turns();
    expect(server.liveTasks).toBe(0);
  });

  it('checks its options: a NaN or non-positive bound would turn the release off', () => {
    const base = { name: 'x', version: '1' };
    expect(() => createTaskServer({ ...base, maxLiveTasks: 0 })).toThrow(/maxLiveTasks/);
    expect(() => createTaskServer({ ...base, taskTtlMs: Number.NaN })).toThrow(/taskTtlMs/);
    expect(() => createTaskServer({ ...base, taskTtlMs: 2 ** 31 })).toThrow(/taskTtlMs/);
    expect(() => createTaskServer({ ...base, taskPollIntervalMs: -1 })).toThrow(/taskPollIntervalMs/);
  });
});
