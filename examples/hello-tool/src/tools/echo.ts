import { type McpServer, s, text } from '@mcpforge/server';

/** Registers `echo`: returns its `text` argument unchanged. */
export function registerEcho(server: McpServer): void {
  server.tool(
    {
      name: 'echo',
      description: 'Return the given text unchanged.',
      inputSchema: s.object({ text: s.string({ maxLength: 10_000, description: 'Text to return.' }) }),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) => text(args.text),
  );
}
