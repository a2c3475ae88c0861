import { setTimeout as delay } from 'node:timers/promises';
import type { JsonRpcResponse } from '@mcpforge/wire';
import { describe, expect, it } from 'vitest';
import { createSessionState, type Session } from '../server/session.js';
import { createTaskServer, TASKS_EXTENSION } from './task-server.js';

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
