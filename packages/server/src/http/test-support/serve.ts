import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpHandler, type HttpHandler } from '../handler.js';
import type { HttpHandlerOptions, HttpServable } from '../options.js';

/** A handler listening on 127.0.0.1 with a random port; `close()` ends everything. */
export interface Served {
  url: string;
  port: number;
  handler: HttpHandler;
  server: Server;
  close(): Promise<void>;
}

export async function serve<S extends HttpServable>(
  target: S,
  options: HttpHandlerOptions<S> = {},
): Promise<Served> {
  const handler = createHttpHandler(target, options);
  const server = createServer(handler.node);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    handler,
    server,
    async close() {
      handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const MODERN = '2026-07-28';

/** `_meta` of a modern request. */
export function modernMeta(capabilities: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
}

/** Headers of a modern POST for `method` (and `name` when it has one). */
export function modernHeaders(method: string, name?: string): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
  };
  if (name !== undefined) headers['mcp-name'] = name;
  return headers;
}

/** Reads SSE `data:` payloads (JSON) from a response body. */
export async function sseMessages(response: Response): Promise<unknown[]> {
  const text = await response.text();
  const messages: unknown[] = [];
  for (const block of text.split('\n\n')) {
    for (const line of block.split('\n')) {
      if (line.startsWith('data: ') && line.length > 6) messages.push(JSON.parse(line.slice(6)));
    }
  }
  return messages;
}
