import { type McpServer, s, structured } from '@mcpforge/server';
import type { Manager } from '../domain/manager.js';

/** `greet` arguments. The builders default to `additionalProperties: false`. */
export const greetInput = s.object({
  name: s.string({ minLength: 1, maxLength: 100, description: 'Who to greet.' }),
});

/** `greet` result. */
export const greetOutput = s.object({
  message: s.string(),
  count: s.integer({ minimum: 1, description: 'Greetings made by this process so far.' }),
});

/** Registers `greet`: one narrow operation, read-only, with a precise schema. */
export function registerGreet(server: McpServer, manager: Manager): void {
  server.tool(
    {
      name: 'greet',
      title: 'Greet someone',
      description: 'Greet a person by name with the configured salutation.',
      inputSchema: greetInput,
      outputSchema: greetOutput,
      // Hints for the host, not authorization.
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (args) => structured(manager.greet(args.name)),
  );
}
