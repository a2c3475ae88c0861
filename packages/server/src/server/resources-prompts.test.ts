import { describe, expect, it } from 'vitest';
import { createTestClient, mcpErrorOf } from '../testing/index.js';
import type { HandlerContext } from './context.js';
import { DomainError } from './errors.js';
import { createServer } from './mcp-server.js';

function contentServer() {
  const server = createServer({ name: 'content', version: '1.0.0' });
  server.resource({ uri: 'test://static-text', name: 'static', mimeType: 'text/plain' }, (uri) => ({
    contents: [{ uri, mimeType: 'text/plain', text: 'static' }],
  }));
  server.resource({ uri: 'test://empty', name: 'empty' }, () => ({ contents: [] }));
  server.resource({ uri: 'test://denied', name: 'denied' }, () => {
    throw new DomainError('not allowed here');
  });
  server.resourceTemplate(
    { uriTemplate: 'test://template/{id}/data', name: 'data', mimeType: 'application/json' },
    async (uri, variables) => ({ contents: [{ uri, text: JSON.stringify({ id: variables['id'] }) }] }),
    { complete: { id: (value) => ['123', '124', '200'].filter((id) => id.startsWith(value)) } },
  );
  server.resourceTemplate({ uriTemplate: 'file:///{+path}', name: 'files' }, (uri, variables) => ({
    contents: [{ uri, text: `file ${variables['path']}` }],
  }));
  server.prompt(
    { name: 'with_args', arguments: [{ name: 'arg1', required: true }, { name: 'arg2' }] },
    (args) => ({
      messages: [
        { role: 'user', content: { type: 'text', text: `arg1='${args['arg1']}', arg2='${args['arg2']}'` } },
      ],
    }),
    {
      complete: {
        arg1: () => Array.from({ length: 150 }, (_, index) => `v${index}`),
      },
    },
  );
  return server;
}

describe('resources/read', () => {
  it('reads static resources and matches templates (simple and reserved expansion)', async () => {
    const client = createTestClient(contentServer());
    await client.initialize();
    expect(await client.request('resources/read', { uri: 'test://static-text' })).toEqual({
      contents: [{ uri: 'test://static-text', mimeType: 'text/plain', text: 'static' }],
    });
    expect(await client.request('resources/read', { uri: 'test://template/123/data' })).toEqual({
      contents: [{ uri: 'test://template/123/data', text: '{"id":"123"}' }],
    });
    expect(await client.request('resources/read', { uri: 'file:///etc/hosts' })).toEqual({
      contents: [{ uri: 'file:///etc/hosts', text: 'file etc/hosts' }],
    });
  });

  it('answers not found for unknown URIs and empty reads, -32602 for a bad uri or a domain error', async () => {
    const client = createTestClient(contentServer());
    await client.initialize();
    for (const uri of ['test://nonexistent-resource-for-conformance-testing', 'test://empty']) {
      const error = await mcpErrorOf(client.request('resources/read', { uri }));
      expect([error.code, error.data]).toEqual([-32002, { uri }]);
    }
    expect((await mcpErrorOf(client.request('resources/read', { uri: 5 }))).code).toBe(-32602);
    const denied = await mcpErrorOf(client.request('resources/read', { uri: 'test://denied' }));
    expect([denied.code, denied.message]).toEqual([-32602, 'not allowed here']);
  });
});

describe('prompts/get', () => {
  it('renders a prompt with its arguments', async () => {
    const client = createTestClient(contentServer());
    await client.initialize();
    expect(
      await client.request('prompts/get', { name: 'with_args', arguments: { arg1: 'a', arg2: 'b' } }),
    ).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: "arg1='a', arg2='b'" } }],
    });
  });

  it('answers -32602 for an unknown prompt, a missing required argument, a non-string argument', async () => {
    const client = createTestClient(contentServer());
    await client.initialize();
    expect((await mcpErrorOf(client.request('prompts/get', { name: 'nope' }))).message).toBe(
      'Unknown prompt: nope',
    );
    expect(
      (await mcpErrorOf(client.request('prompts/get', { name: 'with_args', arguments: {} }))).message,
    ).toBe('Missing required argument: arg1');
    expect(
      (await mcpErrorOf(client.request('prompts/get', { name: 'with_args', arguments: { arg1: 1 } }))).code,
    ).toBe(-32602);
  });
});

describe('completion/complete', () => {
  it('completes prompt arguments (at most 100 values) and template variables', async () => {
    const client = createTestClient(contentServer());
    await client.initialize();
    const prompt = (await client.request('completion/complete', {
      ref: { type: 'ref/prompt', name: 'with_args' },
      argument: { name: 'arg1', value: '' },
    })) as { completion: { values: string[]; total: number; hasMore: boolean } };
    expect(prompt.completion.values).toHaveLength(100);
    expect([prompt.completion.total, prompt.completion.hasMore]).toEqual([150, true]);
    expect(
      await client.request('completion/complete', {
        ref: { type: 'ref/resource', uri: 'test://template/{id}/data' },
        argument: { name: 'id', value: '12' },
      }),
    ).toEqual({ completion: { values: ['123', '124'], total: 2, hasMore: false } });
    expect(
      await client.request('completion/complete', {
        ref: { type: 'ref/prompt', name: 'with_args' },
        argument: { name: 'arg2', value: 'x' },
      }),
    ).toEqual({ completion: { values: [], total: 0, hasMore: false } });
    // Names of Object.prototype's members are arguments without a completer, not completers.
    for (const name of ['__proto__', 'toString', 'constructor']) {
      expect(
        await client.request('completion/complete', {
          ref: { type: 'ref/prompt', name: 'with_args' },
          argument: { name, value: 'w' },
        }),
      ).toEqual({ completion: { values: [], total: 0, hasMore: false } });
    }
    const unknown = await mcpErrorOf(
      client.request('completion/complete', {
        ref: { type: 'ref/prompt', name: 'nope' },
        argument: { name: 'a', value: '' },
      }),
    );
    expect(unknown.code).toBe(-32602);
  });

  it('gives the completer the handler context: era, meta and a signal a cancel aborts', async () => {
    const seen: HandlerContext[] = [];
    const server = createServer({ name: 'content', version: '1.0.0' });
    server.prompt({ name: 'p', arguments: [{ name: 'a' }, { name: 'slow' }] }, () => ({ messages: [] }), {
      complete: {
        a: (value, _context, ctx) => {
          seen.push(ctx);
          return [`${value}-${ctx.era}`];
        },
        slow: (_value, _context, ctx) =>
          new Promise<string[]>((resolve) => {
            ctx.signal.addEventListener('abort', () => resolve(['aborted']));
          }),
      },
    });
    const modern = createTestClient(server, { era: 'modern' });
    const answer = (await modern.request(
      'completion/complete',
      { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: 'x' } },
      { meta: { 'example.com/trace': 't-1' } },
    )) as { completion: { values: string[] } };
    expect(answer.completion.values).toEqual(['x-modern']);
    expect(seen[0]?.meta?.['example.com/trace']).toBe('t-1');

    const legacy = createTestClient(server);
    await legacy.initialize();
    const pending = legacy.send({
      jsonrpc: '2.0',
      id: 'slow-1',
      method: 'completion/complete',
      params: { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'slow', value: '' } },
    });
    await legacy.cancel('slow-1');
    expect(await pending).toBeUndefined(); // cancelled: the completer saw the abort, no answer is sent
  });
});
