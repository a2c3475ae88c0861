import { setTimeout as delay } from 'node:timers/promises';
import { TASKS_EXTENSION } from '@mcpforge/server/tasks';
import { describe, expect, it } from 'vitest';
import { createReportHandler } from './http-tasks.js';

const MODERN = '2026-07-28';
const handler = createReportHandler();
let nextId = 1;

/** One modern request through the fetch handler; `tasks` declares the extension. */
async function rpc(
  method: string,
  params: Record<string, unknown>,
  tasks = true,
): Promise<Record<string, unknown>> {
  const response = await handler.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: {
        host: 'localhost',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN,
        'mcp-method': method,
        // Mcp-Name mirrors the body: the tool's name, or the task id for tasks/*.
        'mcp-name': String(params['name'] ?? params['taskId']),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: nextId++,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MODERN,
            'io.modelcontextprotocol/clientCapabilities': tasks
              ? { extensions: { [TASKS_EXTENSION]: {} } }
              : {},
          },
        },
      }),
    }),
  );
  return (await response.json()) as Record<string, unknown>;
}

describe('docs/http.md: tasks over HTTP', () => {
  it('runs the tool as a task and hands the result to tasks/get', async () => {
    const created = (await rpc('tools/call', { name: 'report', arguments: { pages: 3 } }))[
      'result'
    ] as Record<string, unknown>;
    expect(created).toMatchObject({ resultType: 'task', status: 'working' });
    const taskId = String(created['taskId']);
    let task: Record<string, unknown> = {};
    for (let attempt = 0; attempt < 200 && task['status'] !== 'completed'; attempt++) {
      task = (await rpc('tasks/get', { taskId }))['result'] as Record<string, unknown>;
      if (task['status'] !== 'completed') await delay(10);
    }
    expect(task).toMatchObject({
      status: 'completed',
      result: { content: [{ type: 'text', text: 'report of 3 pages' }] },
    });
  });

  it('runs synchronously for a client without the extension', async () => {
    expect(await rpc('tools/call', { name: 'report', arguments: { pages: 1 } }, false)).toMatchObject({
      result: { resultType: 'complete', content: [{ text: 'report of 1 pages' }] },
    });
  });

  it('cancels a running task', async () => {
    const created = (await rpc('tools/call', { name: 'report', arguments: { pages: 20 } }))[
      'result'
    ] as Record<string, unknown>;
    const taskId = String(created['taskId']);
    expect((await rpc('tasks/cancel', { taskId }))['result']).toEqual({ resultType: 'complete' });
    let status = 'working';
    for (let attempt = 0; attempt < 200 && status === 'working'; attempt++) {
      status = String(((await rpc('tasks/get', { taskId }))['result'] as Record<string, unknown>)['status']);
      if (status === 'working') await delay(10);
    }
    expect(status).toBe('cancelled');
  });
});
