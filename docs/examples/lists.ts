import { createServer, type McpServer, s, text } from '@mcpforge/server';

/** A server with a small page size, to show cursors; the default page holds 1000 items. */
export function createManyToolsServer(count: number): McpServer {
  const server = createServer({ name: 'many', version: '1.0.0', pageSize: 2, cacheTtlMs: 30_000 });
  for (let index = 1; index <= count; index++) {
    server.tool({ name: `tool_${index}`, inputSchema: s.object({}) }, () => text(`tool ${index}`));
  }
  return server;
}
