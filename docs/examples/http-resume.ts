import { setTimeout as delay } from 'node:timers/promises';
import { createServer, type McpServer, s, text } from '@mcpforge/server';
import {
  closeSseStream,
  createHttpHandler,
  type HttpHandler,
  type HttpSession,
  MemoryEventStore,
  MemorySessionStore,
} from '@mcpforge/server/http';

/**
 * A long export: it reports progress, then lets go of the SSE connection (SSE polling),
 * so no proxy holds an idle connection while it works. The client reconnects with
 * `Last-Event-ID` and receives the rest of the stream, the result included.
 */
export function createExportServer(): McpServer {
  const server = createServer({ name: 'exports', version: '1.0.0' });
  server.tool(
    { name: 'export', inputSchema: s.object({ rows: s.integer({ minimum: 1 }) }) },
    async (args, ctx) => {
      ctx.progress(0, args.rows, 'started');
      closeSseStream(ctx); // legacy sessions only; returns false elsewhere
      await delay(50, undefined, { signal: ctx.signal });
      ctx.progress(args.rows, args.rows, 'done');
      return text(`exported ${args.rows} rows`);
    },
  );
  return server;
}

/** The handler with its stores spelled out (these are the defaults' bounds, made smaller). */
export function createExportHandler(): HttpHandler {
  return createHttpHandler(createExportServer(), {
    sessionStore: new MemorySessionStore<HttpSession>({
      idleTimeoutMs: 10 * 60_000,
      maxSessions: 1_000,
      // A store must close every session it drops.
      onEvict: (_id, session) => session.close(),
    }),
    eventStore: new MemoryEventStore({ maxEventsPerStream: 100, maxEvents: 10_000 }),
    retryMs: 100, // the reconnection delay suggested to clients in each stream's priming event
  });
}
