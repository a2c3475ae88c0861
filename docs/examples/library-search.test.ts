import { createTestClient } from '@mcpforge/server/testing';
import { describe, expect, it } from 'vitest';
import { createLibraryServer } from './library-search.js';

async function client() {
  const testClient = createTestClient(createLibraryServer());
  await testClient.initialize();
  return testClient;
}

describe('validation rules (seed 002)', () => {
  it('publishes the schema as written: properties, required, additionalProperties false', async () => {
    const { tools } = await (await client()).listTools();
    expect(tools[0]?.['inputSchema']).toEqual({
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 200 },
        limit: { type: 'integer', minimum: 1, maximum: 5 },
      },
      required: ['query'],
      additionalProperties: false,
    });
  });

  it.each([
    [{ query: 'dune', limit: '3' }, "argument 'limit': must be integer"],
    [{ query: 'dune', limit: true }, "argument 'limit': must be integer"],
    [{ query: 'dune', limit: 2.5 }, "argument 'limit': must be integer"],
    [{ query: 'dune', limit: 6 }, "argument 'limit': must be <= 5"],
    [{ query: 'dune', path: '/etc' }, "argument 'path': is not allowed (additionalProperties)"],
    [
      { query: 'dune', include_private: true },
      "argument 'include_private': is not allowed (additionalProperties)",
    ],
    [{}, "argument 'query': is required"],
  ])('refuses %j without coercion', async (args, message) => {
    expect(await (await client()).callTool('library.search', args)).toEqual({
      content: [{ type: 'text', text: message }],
      isError: true,
    });
  });

  it('a query of only spaces is an empty list, not an error', async () => {
    const result = await (await client()).callTool('library.search', { query: '   ' });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ results: [] });
  });

  it('finds and limits', async () => {
    const result = await (await client()).callTool('library.search', { query: 'dune', limit: 1 });
    expect(result.structuredContent).toEqual({ results: [{ id: 'doc-1', title: 'Dune' }] });
    expect(result.content).toEqual([{ type: 'text', text: '{"results":[{"id":"doc-1","title":"Dune"}]}' }]);
  });

  it('a tool that is not listed cannot be called; an unexpected cursor is refused', async () => {
    const testClient = await client();
    await expect(testClient.callTool('library.create_draft', {})).rejects.toMatchObject({ code: -32602 });
    await expect(testClient.listTools('abc')).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid cursor',
    });
  });
});
