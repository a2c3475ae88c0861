import { setTimeout as delay } from 'node:timers/promises';
import type { McpServer } from '@mcpforge/server';
import { closeSseStream } from '@mcpforge/server/http';

const NO_ARGS = { type: 'object', properties: {}, additionalProperties: false } as const;

/** Tools that stream (logs, progress) or ask the client (sampling, elicitation), plus SSE polling. */
export function addInteractiveTools(server: McpServer): void {
  server.tool(
    { name: 'test_tool_with_logging', description: 'Sends three log messages', inputSchema: NO_ARGS },
    async (_a, ctx) => {
      for (const message of ['Tool execution started', 'Tool processing data', 'Tool execution completed']) {
        ctx.log('info', message);
        await delay(50);
      }
      return { content: [{ type: 'text', text: 'Tool with logging executed successfully' }] };
    },
  );
  server.tool(
    { name: 'test_tool_with_progress', description: 'Reports progress 0, 50, 100', inputSchema: NO_ARGS },
    async (_a, ctx) => {
      for (const progress of [0, 50, 100]) {
        ctx.progress(progress, 100, `Completed step ${progress / 50 + 1} of 3`);
        await delay(50);
      }
      return {
        content: [{ type: 'text', text: String(ctx.meta?.['progressToken'] ?? 'no progress token') }],
      };
    },
  );
  server.tool(
    {
      name: 'test_sampling',
      description: 'Asks the client LLM to complete a prompt',
      inputSchema: { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] },
    },
    async (args, ctx) => {
      const answer = await ctx.sample({
        messages: [{ role: 'user', content: { type: 'text', text: String(args['prompt']) } }],
        maxTokens: 100,
      });
      const content = answer.content as { type?: string; text?: string } | undefined;
      const text = content?.type === 'text' ? content.text : JSON.stringify(content);
      return { content: [{ type: 'text', text: `LLM response: ${text}` }] };
    },
  );
  server.tool(
    {
      name: 'test_elicitation',
      description: 'Asks the user for a username and an email',
      inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    },
    async (args, ctx) => {
      const answer = await ctx.elicit({
        message: String(args['message']),
        requestedSchema: {
          type: 'object',
          properties: {
            username: { type: 'string', description: "User's response" },
            email: { type: 'string', description: "User's email address" },
          },
          required: ['username', 'email'],
        },
      });
      return {
        content: [
          {
            type: 'text',
            text: `User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`,
          },
        ],
      };
    },
  );
  server.tool(
    {
      name: 'test_elicitation_sep1034_defaults',
      description: 'Elicitation with defaults of every type',
      inputSchema: NO_ARGS,
    },
    async (_a, ctx) => {
      const answer = await ctx.elicit({
        message: 'Please review and update the form fields with defaults',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string', description: 'User name', default: 'John Doe' },
            age: { type: 'integer', description: 'User age', default: 30 },
            score: { type: 'number', description: 'User score', default: 95.5 },
            status: {
              type: 'string',
              description: 'User status',
              enum: ['active', 'inactive', 'pending'],
              default: 'active',
            },
            verified: { type: 'boolean', description: 'Verification status', default: true },
          },
          required: [],
        },
      });
      return { content: [{ type: 'text', text: completed(answer) }] };
    },
  );
  server.tool(
    {
      name: 'test_elicitation_sep1330_enums',
      description: 'Elicitation with every enum variant',
      inputSchema: NO_ARGS,
    },
    async (_a, ctx) => {
      const answer = await ctx.elicit({
        message: 'Please select options from the enum fields',
        requestedSchema: {
          type: 'object',
          properties: {
            untitledSingle: {
              type: 'string',
              description: 'Select one option',
              enum: ['option1', 'option2', 'option3'],
            },
            titledSingle: {
              type: 'string',
              description: 'Select one option with titles',
              oneOf: [
                { const: 'value1', title: 'First Option' },
                { const: 'value2', title: 'Second Option' },
                { const: 'value3', title: 'Third Option' },
              ],
            },
            legacyEnum: {
              type: 'string',
              description: 'Select one option (legacy)',
              enum: ['opt1', 'opt2', 'opt3'],
              enumNames: ['Option One', 'Option Two', 'Option Three'],
            },
            untitledMulti: {
              type: 'array',
              description: 'Select multiple options',
              minItems: 1,
              maxItems: 3,
              items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            },
            titledMulti: {
              type: 'array',
              description: 'Select multiple options with titles',
              minItems: 1,
              maxItems: 3,
              items: {
                anyOf: [
                  { const: 'value1', title: 'First Choice' },
                  { const: 'value2', title: 'Second Choice' },
                  { const: 'value3', title: 'Third Choice' },
                ],
              },
            },
          },
          required: [],
        },
      });
      return { content: [{ type: 'text', text: completed(answer) }] };
    },
  );
  server.tool(
    {
      name: 'test_reconnection',
      description: 'Closes its SSE stream mid-call; the answer arrives after reconnection',
      inputSchema: NO_ARGS,
    },
    async (_a, ctx) => {
      await delay(100);
      closeSseStream(ctx);
      await delay(200);
      return {
        content: [
          {
            type: 'text',
            text: 'Reconnection test completed successfully. If you received this, the client properly reconnected after stream closure.',
          },
        ],
      };
    },
  );
}

function completed(answer: { action: string; content?: unknown }): string {
  return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
}
