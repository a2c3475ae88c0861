import { type McpServer, s, text } from '@mcpforge/server';

/** The greeting `hello` answers with. */
export const GREETING = 'Hello from mcpforge!';

/** Registers `hello`: no arguments, a fixed greeting. */
export function registerHello(server: McpServer): void {
  server.tool(
    {
      name: 'hello',
      description: 'Say hello. Takes no arguments.',
      // `properties` is always an object, even empty: some providers reject `null`.
      inputSchema: s.object({}),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    () => text(GREETING),
  );
}
