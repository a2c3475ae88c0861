import { describe, expect, it } from 'vitest';
import { text } from '../results/index.js';
import { createTestClient, mcpErrorOf } from '../testing/index.js';
import { createServer } from './mcp-server.js';

const empty = { type: 'object' } as const;

function manyTools(count: number, pageSize: number) {
  const server = createServer({ name: 'many', version: '1.0.0', pageSize, secret: 'k' });
  for (let index = 0; index < count; index++)
    server.tool({ name: `t${index}`, inputSchema: empty }, () => text(`${index}`));
  return server;
}

describe('lists', () => {
  it('paginates in registration order with opaque cursors', async () => {
    const client = createTestClient(manyTools(7, 3));
    await client.initialize();
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.listTools(cursor);
      names.push(...page.tools.map((tool) => String(tool['name'])));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined);
    expect(pages).toBe(3);
    expect(names).toEqual(['t0', 't1', 't2', 't3', 't4', 't5', 't6']);
  });

  it('refuses cursors it did not issue, and cursors of an older revision', async () => {
    const server = manyTools(5, 2);
    const client = createTestClient(server);
    await client.initialize();
    const { nextCursor } = await client.listTools();
    for (const cursor of ['abc', 'eyJvIjoyLCJyIjo1fQ.xxxxxxxxxxxxxxxxxxxxxx', '', 12]) {
      expect((await mcpErrorOf(client.request('tools/list', { cursor }))).code).toBe(-32602);
    }
    expect((await client.listTools(nextCursor)).tools.map((tool) => tool['name'])).toEqual(['t2', 't3']);
    server.tool({ name: 'late', inputSchema: empty }, () => text('late'));
    expect((await mcpErrorOf(client.listTools(nextCursor))).message).toContain('changed');
    const other = createTestClient(manyTools(5, 2));
    await other.initialize();
    const foreign = (await other.listTools()).nextCursor;
    expect(foreign).toBe(nextCursor); // same secret, same revision: same cursor
  });

  it('returns the same cached object for repeated tools/list until the set changes', async () => {
    const server = manyTools(3, 100);
    const client = createTestClient(server);
    await client.initialize();
    const first = await client.listTools();
    expect(await client.listTools()).toBe(first);
    expect(first.nextCursor).toBeUndefined();
    server.removeTool('t1');
    const after = await client.listTools();
    expect(after).not.toBe(first);
    expect(after.tools.map((tool) => tool['name'])).toEqual(['t0', 't2']);
  });

  it('publishes tools exactly as declared', async () => {
    const server = createServer({ name: 'x', version: '1' });
    const inputSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { address: { type: 'object', properties: { street: { type: 'string' } } } },
      properties: { address: { $ref: '#/$defs/address' } },
      additionalProperties: false,
    };
    server.tool(
      {
        name: 'full',
        title: 'Full',
        description: 'All fields',
        inputSchema,
        outputSchema: { type: 'object' },
        annotations: { readOnlyHint: true },
        icons: [{ src: 'data:image/png;base64,AA==' }],
        execution: { taskSupport: 'optional' },
        _meta: { 'x.y/z': 1 },
      },
      () => text('x'),
    );
    const client = createTestClient(server);
    await client.initialize();
    expect((await client.listTools()).tools).toEqual([
      {
        name: 'full',
        title: 'Full',
        description: 'All fields',
        inputSchema,
        outputSchema: { type: 'object' },
        annotations: { readOnlyHint: true },
        icons: [{ src: 'data:image/png;base64,AA==' }],
        execution: { taskSupport: 'optional' },
        _meta: { 'x.y/z': 1 },
      },
    ]);
  });

  it('paginates prompts, resources and templates too', async () => {
    const server = createServer({ name: 'x', version: '1', pageSize: 1 });
    server.prompt({ name: 'a' }, () => ({ messages: [] }));
    server.prompt({ name: 'b' }, () => ({ messages: [] }));
    server.resource({ uri: 'r://1', name: '1' }, (uri) => ({ contents: [{ uri, text: '' }] }));
    server.resourceTemplate({ uriTemplate: 'r://{id}', name: 'id' }, (uri) => ({
      contents: [{ uri, text: '' }],
    }));
    const client = createTestClient(server);
    await client.initialize();
    const prompts = (await client.request('prompts/list')) as { prompts: unknown[]; nextCursor: string };
    expect(prompts.prompts).toEqual([{ name: 'a' }]);
    expect(await client.request('prompts/list', { cursor: prompts.nextCursor })).toEqual({
      prompts: [{ name: 'b' }],
    });
    expect(await client.request('resources/list')).toEqual({ resources: [{ uri: 'r://1', name: '1' }] });
    expect(await client.request('resources/templates/list')).toEqual({
      resourceTemplates: [{ uriTemplate: 'r://{id}', name: 'id' }],
    });
    // a cursor of one list is not valid for another
    expect((await mcpErrorOf(client.request('tools/list', { cursor: prompts.nextCursor }))).code).toBe(
      -32602,
    );
  });
});
