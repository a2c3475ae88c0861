import { setTimeout as delay } from 'node:timers/promises';
import { type HandlerContext, McpError, type McpServer } from '@mcpforge/server';

const NO_ARGS = { type: 'object', properties: {}, additionalProperties: false } as const;
const NAME_REQUEST = {
  method: 'elicitation/create',
  params: {
    message: 'What is your name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  },
} as const;
const ROOTS_REQUEST = { method: 'roots/list', params: {} } as const;

function text(value: string) {
  return { content: [{ type: 'text' as const, text: value }] };
}

/** An elicitation answer's field, refusing malformed `inputResponses` with -32602. */
function field(response: unknown, name: string): string {
  if (typeof response !== 'object' || response === null || Array.isArray(response)) {
    throw new McpError(-32602, 'Invalid params: inputResponses entry must be an object');
  }
  const content = (response as { content?: Record<string, unknown> }).content;
  return String(content?.[name] ?? '');
}

function samplingText(response: unknown): string {
  const content = (response as { content?: { type?: string; text?: string } } | undefined)?.content;
  return content?.type === 'text' ? String(content.text) : JSON.stringify(content ?? null);
}

function rootsText(response: unknown): string {
  const roots = (response as { roots?: Array<{ uri?: string }> } | undefined)?.roots ?? [];
  return roots.map((root) => root.uri).join(', ');
}

/** MRTR (2026-07-28 `input_required`) tools and the stateless-era diagnostics. */
export function addModernTools(server: McpServer): void {
  server.tool(
    {
      name: 'test_input_required_result_elicitation',
      description: 'Asks for the user name through MRTR elicitation',
      inputSchema: NO_ARGS,
    },
    async (_a, ctx) => {
      const answers = await ctx.input({ user_name: NAME_REQUEST });
      return text(`Hello, ${field(answers['user_name'], 'name')}!`);
    },
  );
  server.tool(
    {
      name: 'test_input_required_result_sampling',
      description: 'Asks the client LLM through MRTR sampling',
      inputSchema: NO_ARGS,
    },
    async (_a, ctx) => {
      const answers = await ctx.input({
        capital_question: {
          method: 'sampling/createMessage',
          params: {
            messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
            maxTokens: 100,
          },
        },
      });
      return text(`Sampling result: ${samplingText(answers['capital_question'])}`);
    },
  );
  server.tool(
    {
      name: 'test_input_required_result_list_roots',
      description: 'Asks for the client roots through MRTR',
      inputSchema: NO_ARGS,
    },
    async (_a, ctx) => {
      const answers = await ctx.input({ client_roots: ROOTS_REQUEST });
      return text(`Client roots: ${rootsText(answers['client_roots'])}`);
    },
  );
  server.tool(
    {
      name: 'test_input_required_result_request_state',
      description: 'MRTR round trip carrying requestState',
      inputSchema: NO_ARGS,
    },
    async (_a, ctx) => {
      const answers = await ctx.input(
        {
          confirm: {
            method: 'elicitation/create',
            params: {
              message: 'Please confirm',
              requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
            },
          },
        },
        { state: { step: 'confirm' } },
      );
      const verified = (ctx.state as { step?: string } | undefined)?.step === 'confirm';
      return text(`${verified ? 'state-ok' : 'state-missing'}: confirmed=${field(answers['confirm'], 'ok')}`);
    },
  );
  server.tool(
    {
      name: 'test_input_required_result_multiple_inputs',
      description: 'MRTR with elicitation, sampling and roots at once',
      inputSchema: NO_ARGS,
    },
    async (_a, ctx) => {
      const answers = await ctx.input(
        {
          user_name: NAME_REQUEST,
          greeting: {
            method: 'sampling/createMessage',
            params: {
              messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
              maxTokens: 50,
            },
          },
          client_roots: ROOTS_REQUEST,
        },
        { state: { step: 'all' } },
      );
      return text(
        `name=${field(answers['user_name'], 'name')}; greeting=${samplingText(answers['greeting'])}; roots=${rootsText(answers['client_roots'])}`,
      );
    },
  );
  server.tool(
    {
      name: 'test_input_required_result_multi_round',
      description: 'Two MRTR rounds with evolving requestState',
      inputSchema: NO_ARGS,
    },
    async (_a, ctx) => {
      const first = await ctx.input(
        {
          step1: {
            method: 'elicitation/create',
            params: {
              message: 'Step 1: What is your name?',
              requestedSchema: {
                type: 'object',
                properties: { name: { type: 'string' } },
                required: ['name'],
              },
            },
          },
        },
        { state: { round: 1 } },
      );
      const second = await ctx.input(
        {
          step2: {
            method: 'elicitation/create',
            params: {
              message: 'Step 2: What is your favorite color?',
              requestedSchema: {
                type: 'object',
                properties: { color: { type: 'string' } },
                required: ['color'],
              },
            },
          },
        },
        { state: { round: 2 } },
      );
      return text(
        `Hello ${field(first['step1'], 'name')}, your favorite color is ${field(second['step2'], 'color')}`,
      );
    },
  );
  server.tool(
    {
      name: 'test_input_required_result_tampered_state',
      description: 'MRTR with integrity-protected requestState',
      inputSchema: NO_ARGS,
    },
    async (_a, ctx) => {
      const answers = await ctx.input({ user_name: NAME_REQUEST }, { state: { protected: true } });
      return text(`state verified for ${field(answers['user_name'], 'name')}`);
    },
  );
  server.tool(
    {
      name: 'test_input_required_result_capabilities',
      description: 'MRTR asking only for declared client capabilities',
      inputSchema: NO_ARGS,
    },
    async (_a, ctx) => {
      const requests: Parameters<HandlerContext['input']>[0] = {};
      if (ctx.clientCapabilities.elicitation !== undefined) requests['user_name'] = NAME_REQUEST;
      if (ctx.clientCapabilities.sampling !== undefined) {
        requests['greeting'] = {
          method: 'sampling/createMessage',
          params: {
            messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
            maxTokens: 50,
          },
        };
      }
      if (ctx.clientCapabilities.roots !== undefined) requests['client_roots'] = ROOTS_REQUEST;
      if (Object.keys(requests).length === 0) return text('No input capabilities declared');
      const answers = await ctx.input(requests);
      return text(`Received inputs: ${Object.keys(answers).join(', ')}`);
    },
  );

  server.tool(
    { name: 'test_missing_capability', description: 'Needs the sampling capability', inputSchema: NO_ARGS },
    async (_a, ctx) => {
      const answer = await ctx.sample({
        messages: [{ role: 'user', content: { type: 'text', text: 'ping' } }],
        maxTokens: 10,
      });
      return text(`Sampled: ${samplingText(answer)}`);
    },
  );
  server.tool(
    { name: 'test_logging_tool', description: 'Logs at every call', inputSchema: NO_ARGS },
    async (_a, ctx) => {
      ctx.log('info', 'logging tool called');
      await delay(10);
      ctx.log('warning', 'logging tool finishing');
      return text('Logging tool done');
    },
  );
  server.tool(
    {
      name: 'test_streaming_elicitation',
      description: 'Streams progress, then asks for input',
      inputSchema: NO_ARGS,
    },
    async (_a, ctx) => {
      ctx.progress(1, 2, 'thinking');
      const answers = await ctx.input({ user_name: NAME_REQUEST });
      return text(`Hello, ${field(answers['user_name'], 'name')}!`);
    },
  );
  let dynamicTool = false;
  server.tool(
    { name: 'test_trigger_tool_change', description: 'Adds or removes a tool', inputSchema: NO_ARGS },
    () => {
      dynamicTool = !dynamicTool;
      if (dynamicTool) {
        server.tool(
          { name: 'test_dynamic_tool', description: 'Appears and disappears', inputSchema: NO_ARGS },
          () => text('dynamic'),
        );
      } else {
        server.removeTool('test_dynamic_tool');
      }
      return text(`Tool list changed (dynamic tool ${dynamicTool ? 'added' : 'removed'})`);
    },
  );
  let dynamicPrompt = false;
  server.tool(
    { name: 'test_trigger_prompt_change', description: 'Adds or removes a prompt', inputSchema: NO_ARGS },
    () => {
      dynamicPrompt = !dynamicPrompt;
      if (dynamicPrompt) {
        server.prompt({ name: 'test_dynamic_prompt', description: 'Appears and disappears' }, () => ({
          messages: [{ role: 'user', content: { type: 'text', text: 'dynamic' } }],
        }));
      } else {
        server.removePrompt('test_dynamic_prompt');
      }
      return text(`Prompt list changed (dynamic prompt ${dynamicPrompt ? 'added' : 'removed'})`);
    },
  );
}
