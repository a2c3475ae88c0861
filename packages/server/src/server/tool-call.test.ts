import { describe, expect, it } from 'vitest';
import { McpError } from '../protocol/index.js';
import { structured, text } from '../results/index.js';
import { s } from '../schema/index.js';
import { createTestClient, mcpErrorOf } from '../testing/index.js';
import { DomainError, ToolDefinitionError } from './errors.js';
import { createServer } from './mcp-server.js';
import type { InternalErrorReport, ServerOptions } from './options.js';

function searchServer(reports: InternalErrorReport[] = []) {
  const server = createServer({
    name: 'lib',
    version: '1.0.0',
    onInternalError: (report) => reports.push(report),
  });
  server.tool(
    {
      name: 'library.search',
      description: 'Search',
      inputSchema: s.object({
        query: s.string({ minLength: 1, maxLength: 200 }),
        limit: s.optional(s.integer({ minimum: 1, maximum: 5 })),
      }),
    },
    (args) => text(`${args.query}:${args.limit ?? 3}`),
  );
  return server;
}

describe('tool registration', () => {
  it('refuses bad names and duplicates with typed codes', () => {
    const server = searchServer();
    const schema = { type: 'object' };
    for (const name of ['', 'has space', 'x'.repeat(129), 'slash/no']) {
      try {
        server.tool({ name, inputSchema: schema }, () => text('x'));
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ToolDefinitionError);
        expect((error as ToolDefinitionError).code).toBe('ERR_TOOL_NAME');
      }
    }
    expect(() => server.tool({ name: 'library.search', inputSchema: schema }, () => text('x'))).toThrow(
      expect.objectContaining({ code: 'ERR_TOOL_DUPLICATE' }),
    );
    server.tool({ name: `A-z_0.9-${'y'.repeat(120)}`, inputSchema: schema }, () => text('ok'));
  });

  it('refuses a non-object input schema and an invalid schema', () => {
    const server = searchServer();
    expect(() => server.tool({ name: 'a', inputSchema: { type: 'string' } }, () => text('x'))).toThrow(
      expect.objectContaining({ code: 'ERR_TOOL_SCHEMA' }),
    );
    expect(() =>
      server.tool({ name: 'b', inputSchema: { type: 'object', properties: { x: { type: 'nope' } } } }, () =>
        text('x'),
      ),
    ).toThrow(expect.objectContaining({ code: 'ERR_TOOL_SCHEMA' }));
    expect(() =>
      server.tool(
        { name: 'c', inputSchema: { type: 'object' }, outputSchema: { type: 'object', minimum: 'x' } },
        () => text('x'),
      ),
    ).toThrow(ToolDefinitionError);
  });
});

describe('tool registration: schema patterns (issue 19)', () => {
  it('refuses a pattern the linear-time engine cannot run, naming the tool and where', () => {
    const server = searchServer();
    let thrown: unknown;
    try {
      server.tool(
        {
          name: 'sign_up',
          inputSchema: {
            type: 'object',
            properties: { email: { type: 'string', pattern: '^(?!admin@).+@.+$' } },
          },
        },
        () => text('x'),
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolDefinitionError);
    expect(thrown).toMatchObject({
      code: 'ERR_TOOL_SCHEMA',
      tool: 'sign_up',
      schemaPath: '/inputSchema/properties/email/pattern',
      cause: { code: 'ERR_SCHEMA_PATTERN', schemaPath: '/properties/email/pattern' },
    });
    expect((thrown as Error).message).toBe(
      'Tool \'sign_up\': invalid inputSchema: /properties/email/pattern: pattern "^(?!admin@).+@.+$" cannot run in linear time: lookahead (?!...) is not supported',
    );
    expect(() =>
      server.tool(
        {
          name: 'echo_quote',
          inputSchema: { type: 'object' },
          outputSchema: { type: 'object', patternProperties: { '(?<=a)b': {} } },
        },
        () => text('x'),
      ),
    ).toThrow(
      expect.objectContaining({ tool: 'echo_quote', schemaPath: '/outputSchema/patternProperties/(?<=a)b' }),
    );
  });
});

describe('tools/call: prepareArguments and onInvalidArguments', () => {
  function strictServer(options: Partial<ServerOptions> = {}) {
    const server = createServer({ name: 'strict', version: '1.0.0', ...options });
    server.tool(
      {
        name: 'order',
        inputSchema: {
          type: 'object',
          properties: { item: { type: 'string' } },
          required: ['item'],
          additionalProperties: false,
        },
      },
      (args) => structured({ got: args }),
    );
    return server;
  }

  it('by default refuses with the text naming each field (unchanged)', async () => {
    const client = createTestClient(strictServer());
    await client.initialize();
    expect(await client.callTool('order', { item: 1 })).toEqual({
      content: [{ type: 'text', text: "argument 'item': must be string" }],
      isError: true,
    });
  });

  it('validates and hands over what prepareArguments returns, and refuses with its issues', async () => {
    const seen: unknown[] = [];
    const client = createTestClient(
      strictServer({
        prepareArguments: (args, tool) => {
          seen.push(tool);
          if (args['_x_refuse'] === true)
            return { ok: false, issues: [{ path: '_x_refuse', rule: 'control', message: 'refused here' }] };
          const kept = { ...args };
          delete kept['_x_token'];
          return { ok: true, arguments: kept };
        },
      }),
    );
    await client.initialize();
    const sent = { item: 'widget', _x_token: 'secret' };
    expect((await client.callTool('order', sent)).structuredContent).toEqual({ got: { item: 'widget' } });
    expect(sent).toEqual({ item: 'widget', _x_token: 'secret' });
    expect(await client.callTool('order', { item: 'widget', _x_refuse: true })).toEqual({
      content: [{ type: 'text', text: 'refused here' }],
      isError: true,
    });
    expect(seen).toEqual(['order', 'order']);
  });

  it('lets onInvalidArguments shape the refusal, with the issues and the request context', async () => {
    const client = createTestClient(
      strictServer({
        onInvalidArguments: (invalid, ctx) => ({
          content: [{ type: 'text', text: invalid.message }],
          structuredContent: {
            error_code: 'arguments_invalid',
            tool: invalid.tool,
            paths: invalid.issues.map((issue) => issue.path),
            era: ctx.era,
          },
          isError: true,
        }),
      }),
    );
    await client.initialize();
    expect(await client.callTool('order', { item: 2, extra: true })).toEqual({
      content: [
        {
          type: 'text',
          text: "argument 'extra': is not allowed (additionalProperties); argument 'item': must be string",
        },
      ],
      structuredContent: {
        error_code: 'arguments_invalid',
        tool: 'order',
        paths: ['extra', 'item'],
        era: 'legacy',
      },
      isError: true,
    });
  });

  it('answers a throwing onInvalidArguments as a handler failure (-32603), never with its text', async () => {
    const reports: InternalErrorReport[] = [];
    const client = createTestClient(
      strictServer({
        onInternalError: (report) => reports.push(report),
        onInvalidArguments: () => {
          throw new Error('shaper secret');
        },
      }),
    );
    await client.initialize();
    const error = await mcpErrorOf(client.callTool('order', {}));
    expect([error.code, error.message]).toEqual([-32603, 'Internal error']);
    expect(reports[0]?.target).toBe('order');
  });
});

describe('tools/call', () => {
  it('calls a tool with validated arguments', async () => {
    const client = createTestClient(searchServer());
    await client.initialize();
    expect(await client.callTool('library.search', { query: 'cats', limit: 2 })).toEqual(text('cats:2'));
    expect(await client.callTool('library.search', { query: '   ' })).toEqual(text('   :3'));
  });

  it('turns invalid arguments into an isError result naming the field and rule', async () => {
    const client = createTestClient(searchServer());
    await client.initialize();
    for (const limit of [true, '3', 1.5, 9]) {
      const result = await client.callTool('library.search', { query: 'x', limit });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain("argument 'limit'");
    }
    const extra = await client.callTool('library.search', { query: 'x', path: '/etc' });
    expect(extra.isError).toBe(true);
    expect(JSON.stringify(extra.content)).toContain("'path'");
    const missing = await client.callTool('library.search', {});
    expect(JSON.stringify(missing.content)).toContain("argument 'query': is required");
  });

  it('answers -32602 for an unknown tool and malformed params', async () => {
    const client = createTestClient(searchServer());
    await client.initialize();
    const unknown = await mcpErrorOf(client.callTool('nope', {}));
    expect(unknown.code).toBe(-32602);
    expect(unknown.message).toBe('Unknown tool: nope');
    expect((await mcpErrorOf(client.request('tools/call', { name: 42 }))).code).toBe(-32602);
    expect(
      (await mcpErrorOf(client.request('tools/call', { name: 'library.search', arguments: [1] }))).code,
    ).toBe(-32602);
    expect(
      (await mcpErrorOf(client.request('tools/call', { name: 'library.search', arguments: 'x' }))).code,
    ).toBe(-32602);
  });

  it('hides a thrown error behind a safe -32603 with an error id, and keeps serving', async () => {
    const reports: InternalErrorReport[] = [];
    const server = searchServer(reports);
    server.tool({ name: 'boom', inputSchema: { type: 'object' } }, () => {
      throw new Error('password=hunter2 at /secret/path');
    });
    server.tool({ name: 'boom-async', inputSchema: { type: 'object' } }, async () => {
      throw new Error('async secret');
    });
    const client = createTestClient(server);
    await client.initialize();
    for (const name of ['boom', 'boom-async']) {
      const error = await mcpErrorOf(client.callTool(name));
      expect(error.code).toBe(-32603);
      expect(error.message).toBe('Internal error');
      expect(JSON.stringify(error)).not.toContain('secret');
      const errorId = (error.data as { errorId: string }).errorId;
      expect(reports.find((report) => report.errorId === errorId)?.target).toBe(name);
    }
    expect(await client.callTool('library.search', { query: 'still' })).toEqual(text('still:3'));
  });

  it('maps DomainError to isError and McpError to its own JSON-RPC error', async () => {
    const server = searchServer();
    server.tool({ name: 'missing', inputSchema: { type: 'object' } }, () => {
      throw new DomainError('not found: a.txt');
    });
    server.tool({ name: 'teapot', inputSchema: { type: 'object' } }, async () => {
      throw new McpError(-31000, 'custom', { why: 1 });
    });
    const client = createTestClient(server);
    await client.initialize();
    expect(await client.callTool('missing')).toEqual({
      content: [{ type: 'text', text: 'not found: a.txt' }],
      isError: true,
    });
    const error = await mcpErrorOf(client.callTool('teapot'));
    expect([error.code, error.message, error.data]).toEqual([-31000, 'custom', { why: 1 }]);
  });

  it('checks structuredContent against the output schema unless isError', async () => {
    const reports: InternalErrorReport[] = [];
    const server = searchServer(reports);
    const outputSchema = s.object({ count: s.integer() });
    server.tool({ name: 'good', inputSchema: { type: 'object' }, outputSchema }, () =>
      structured({ count: 1 }),
    );
    server.tool({ name: 'bad', inputSchema: { type: 'object' }, outputSchema }, () =>
      structured({ count: 'one' }),
    );
    server.tool({ name: 'none', inputSchema: { type: 'object' }, outputSchema }, () => text('no structure'));
    server.tool({ name: 'failing', inputSchema: { type: 'object' }, outputSchema }, () => ({
      content: [{ type: 'text', text: 'bad input' }],
      isError: true,
    }));
    const client = createTestClient(server);
    await client.initialize();
    expect((await client.callTool('good')).structuredContent).toEqual({ count: 1 });
    for (const name of ['bad', 'none']) {
      const error = await mcpErrorOf(client.callTool(name));
      expect([error.code, error.message]).toEqual([-32603, 'Internal error']);
    }
    expect(String((reports[0]?.error as Error | undefined)?.message)).toContain('outputSchema');
    expect((await client.callTool('failing')).isError).toBe(true);
  });

  it('answers synchronously-built results without waiting for other calls', async () => {
    const server = searchServer();
    let release: () => void = () => {};
    server.tool(
      { name: 'slow', inputSchema: { type: 'object' } },
      () =>
        new Promise((resolve) => {
          release = () => resolve(text('slow'));
        }),
    );
    const client = createTestClient(server);
    await client.initialize();
    const slow = client.callTool('slow');
    expect(await client.callTool('library.search', { query: 'q' })).toEqual(text('q:3'));
    release();
    expect(await slow).toEqual(text('slow'));
  });
});
