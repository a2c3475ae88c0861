import { setTimeout as delay } from 'node:timers/promises';
import { s, text } from '@mcpforge/server';
import { createHttpHandler, type HttpHandler } from '@mcpforge/server/http';
import { createTaskServer, MemoryTaskStore } from '@mcpforge/server/tasks';

/**
 * A server whose `report` tool runs as a task (the `io.modelcontextprotocol/tasks`
 * extension, 2026-07-28) for clients that declare the extension: the call answers at once
 * with a task id, and the client polls `tasks/get` until the result is there.
 */
export function createReportHandler(): HttpHandler {
  const server = createTaskServer({
    name: 'reports',
    version: '1.0.0',
    // Replicas behind one endpoint need a shared store; one process can keep tasks in memory.
    taskStore: new MemoryTaskStore(),
    taskTtlMs: 10 * 60_000,
    taskPollIntervalMs: 50,
  });
  server.taskTool(
    { name: 'report', inputSchema: s.object({ pages: s.integer({ minimum: 1, maximum: 20 }) }) },
    { support: 'optional' }, // without the extension, the call simply runs synchronously
    async (args, ctx) => {
      for (let page = 1; page <= args.pages; page++) await delay(5, undefined, { signal: ctx.signal });
      return text(`report of ${args.pages} pages`);
    },
  );
  return createHttpHandler(server);
}
