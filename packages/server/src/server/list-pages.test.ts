import { describe, expect, it } from 'vitest';
import { text } from '../results/index.js';
import { createTestClient, mcpErrorOf } from '../testing/index.js';
import { createServer } from './mcp-server.js';

const empty = { type: 'object' } as const;

async function pagedClient() {
  const server = createServer({ name: 'pages', version: '1.0.0', pageSize: 2, secret: 'k' });
  for (let index = 0; index < 5; index++)
    server.tool({ name: `t${index}`, inputSchema: empty }, () => text(`${index}`));
  const client = createTestClient(server);
  await client.initialize();
  return client;
}

describe('ListPages cursors', () => {
  it('a deeply nested cursor is an invalid cursor, not a stack overflow (issue 8, defect 7)', async () => {
    const client = await pagedClient();
    const depth = 10_000;
    const cursor = JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown;
    const error = await mcpErrorOf(client.request('tools/list', { cursor }));
    expect(error.code).toBe(-32602);
    expect(error.message).toBe('Invalid cursor');
  });

  it('a cursor that is not a string is refused before it is used, even one wrapping a real cursor', async () => {
    const client = await pagedClient();
    const { nextCursor } = await client.listTools();
    await client.listTools(nextCursor); // now cached under its text
    for (const cursor of [[nextCursor], { toString: nextCursor }, null, true, 1, {}]) {
      const error = await mcpErrorOf(client.request('tools/list', { cursor }));
      expect({ code: error.code, message: error.message }).toEqual({
        code: -32602,
        message: 'Invalid cursor',
      });
    }
  });

  it('a cursor longer than any this server issues is refused without being kept', async () => {
    const client = await pagedClient();
    const error = await mcpErrorOf(client.request('tools/list', { cursor: 'x'.repeat(1_000_000) }));
    expect({ code: error.code, message: error.message }).toEqual({ code: -32602, message: 'Invalid cursor' });
  });
});
