import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer, type McpServer, s, text } from '@mcpforge/server';
import { createHttpHandler, type HttpHandlerOptions } from '@mcpforge/server/http';

/** A small server to put on HTTP: `echo`, and `ask`, which elicits the user's name. */
export function createEchoServer(): McpServer {
  const server = createServer({ name: 'echo-http', version: '1.0.0' });
  server.tool(
    { name: 'echo', description: 'Echo the text back', inputSchema: s.object({ text: s.string() }) },
    (args) => text(args.text),
  );
  server.tool({ name: 'ask', inputSchema: s.object({}) }, async (_args, ctx) => {
    const answer = await ctx.elicit(
      {
        message: 'What is your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
      'name',
    );
    return text(answer.action === 'accept' ? `Hello, ${String(answer.content?.['name'])}!` : 'Hello!');
  });
  return server;
}

/** A running HTTP endpoint. */
export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** Serves `server` at `/mcp` on 127.0.0.1 (port 0 = any free port). */
export async function listen(
  server: McpServer,
  port = 0,
  options: HttpHandlerOptions = {},
): Promise<Listening> {
  const handler = createHttpHandler(server, options); // build once, reuse for every request
  const listener = createHttpServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    if (req.url?.split('?')[0] === '/mcp') return handler.node(req, res);
    res.writeHead(404).end();
  });
  listener.listen(port, '127.0.0.1');
  await once(listener, 'listening');
  const { port: bound } = listener.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    async close() {
      handler.close(); // ends legacy sessions and open streams
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}
