import { createServer, type McpServer, s, text } from '@mcpforge/server';

/** The quickstart server: one read-only tool, `greet`. */
export function createGreeterServer(): McpServer {
  const server = createServer({ name: 'greeter', version: '1.0.0' });
  server.tool(
    {
      name: 'greet',
      description: 'Greet a person by name.',
      inputSchema: s.object({ name: s.string({ minLength: 1, maxLength: 100 }) }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) => text(`Hello, ${args.name}!`),
  );
  return server;
}
