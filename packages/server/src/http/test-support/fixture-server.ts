import { setTimeout as delay } from 'node:timers/promises';
import { createServer, type McpServer, type ServerOptions } from '../../server/index.js';
import { closeSseStream } from '../close-stream.js';

/** A small server exercising every HTTP path: plain, streaming, server-to-client, polling. */
export function fixtureServer(options: Partial<ServerOptions> = {}): McpServer {
  const server = createServer({ name: 'http-fixture', version: '1.0.0', ...options });
  server.tool(
    {
      name: 'echo',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    },
    (args) => ({ content: [{ type: 'text', text: String(args['text']) }] }),
  );
  server.tool(
    {
      name: 'route',
      inputSchema: {
        type: 'object',
        properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
        required: ['region'],
      },
    },
    (args) => ({ content: [{ type: 'text', text: `region ${String(args['region'])}` }] }),
  );
  server.tool({ name: 'progress', inputSchema: { type: 'object' } }, async (_args, ctx) => {
    for (const step of [0, 50, 100]) {
      ctx.progress(step, 100);
      await delay(5);
    }
    return { content: [{ type: 'text', text: 'done' }] };
  });
  server.tool({ name: 'ask', inputSchema: { type: 'object' } }, async (_args, ctx) => {
    const answer = await ctx.elicit({
      message: 'Name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    return {
      content: [{ type: 'text', text: `${answer.action}:${JSON.stringify(answer.content ?? null)}` }],
    };
  });
  server.tool({ name: 'poll', inputSchema: { type: 'object' } }, async (_args, ctx) => {
    ctx.progress(1, 2);
    closeSseStream(ctx);
    await delay(100);
    return { content: [{ type: 'text', text: 'after reconnect' }] };
  });
  server.tool({ name: 'slow', inputSchema: { type: 'object' } }, async (_args, ctx) => {
    await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
    slowAborted.count++;
    return { content: [{ type: 'text', text: 'aborted' }] };
  });
  return server;
}

/** Counts `slow` calls whose signal fired. */
export const slowAborted = { count: 0 };
