import { setTimeout as delay } from 'node:timers/promises';
import type { TaskServer } from '@mcpforge/server/tasks';

function text(value: string, isError = false) {
  return isError
    ? { content: [{ type: 'text' as const, text: value }], isError }
    : { content: [{ type: 'text' as const, text: value }] };
}

const CONFIRM = {
  method: 'elicitation/create',
  params: {
    message: 'Confirm?',
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  },
} as const;

/** The fixtures of the `tasks-*` scenarios (io.modelcontextprotocol/tasks, SEP-2663). */
export function addTaskTools(server: TaskServer): void {
  server.tool(
    {
      name: 'greet',
      description: 'Greets synchronously (never a task)',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    },
    (args) => text(`Hello, ${String(args['name'])}!`),
  );
  server.taskTool(
    {
      name: 'slow_compute',
      description: 'Sleeps for `seconds`, then answers; runs as a task when the client supports tasks',
      inputSchema: {
        type: 'object',
        properties: { seconds: { type: 'number', minimum: 0 }, label: { type: 'string' } },
        required: ['seconds'],
      },
    },
    { support: 'optional' },
    async (args, ctx) => {
      await delay(Number(args['seconds']) * 1000, undefined, { signal: ctx.signal });
      return text(`Computed ${String(args['label'] ?? 'result')} after ${String(args['seconds'])}s`);
    },
  );
  server.taskTool(
    {
      name: 'failing_job',
      description: 'Always ends in a tool error after ~1 s (task required)',
      inputSchema: { type: 'object', properties: {} },
    },
    { support: 'required' },
    async (_args, ctx) => {
      await delay(1000, undefined, { signal: ctx.signal });
      return text('failing_job failed on purpose', true);
    },
  );
  server.taskTool(
    {
      name: 'protocol_error_job',
      description: 'Fails with a protocol error',
      inputSchema: { type: 'object', properties: {} },
    },
    { support: 'optional' },
    async () => {
      await delay(100);
      throw new Error('protocol_error_job crashed on purpose');
    },
  );
  server.taskTool(
    {
      name: 'confirm_delete',
      description: 'Asks for confirmation, then "deletes" the file',
      inputSchema: { type: 'object', properties: { filename: { type: 'string' } } },
    },
    { support: 'optional' },
    async (args, ctx) => {
      const answers = await ctx.input({ confirm: CONFIRM });
      const answer = answers['confirm'] as { action?: string } | undefined;
      return text(
        `${answer?.action === 'accept' ? 'Deleted' : 'Kept'} ${String(args['filename'] ?? 'file')}`,
      );
    },
  );
  server.taskTool(
    {
      name: 'multi_input',
      description: 'Asks two questions at once',
      inputSchema: { type: 'object', properties: {} },
    },
    { support: 'optional' },
    async (_args, ctx) => {
      const answers = await ctx.input({
        first: { method: 'elicitation/create', params: { ...CONFIRM.params, message: 'First question?' } },
        second: { method: 'elicitation/create', params: { ...CONFIRM.params, message: 'Second question?' } },
      });
      return text(`Answered: ${Object.keys(answers).join(', ')}`);
    },
  );
  server.taskTool(
    {
      name: 'test_tool_with_task',
      description: 'Gathers a name through MRTR, then runs as a task',
      inputSchema: { type: 'object', properties: {} },
    },
    { support: 'required', gatherInputFirst: true },
    async (_args, ctx) => {
      const answers = await ctx.input({
        user_name: {
          method: 'elicitation/create',
          params: {
            message: 'What is your name?',
            requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          },
        },
      });
      const name = (answers['user_name'] as { content?: { name?: string } } | undefined)?.content?.name ?? '';
      await delay(200, undefined, { signal: ctx.signal });
      return text(`Task finished for ${name}`);
    },
  );
}
