import { s, text } from '@mcpforge/server';
import { createTestClient } from '@mcpforge/server/testing';
import { describe, expect, it } from 'vitest';
import { createManyToolsServer } from './lists.js';

describe('lists, cursors and caching', () => {
  it('pages in registration order with opaque cursors', async () => {
    const client = createTestClient(createManyToolsServer(5));
    await client.initialize();
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor);
      names.push(...page.tools.map((tool) => String(tool['name'])));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(names).toEqual(['tool_1', 'tool_2', 'tool_3', 'tool_4', 'tool_5']);
  });

  it('a forged cursor or one from before a change is -32602; list_changed goes out', async () => {
    const server = createManyToolsServer(3);
    const client = createTestClient(server);
    await client.initialize();
    const { nextCursor } = await client.listTools();
    await expect(client.listTools(`${nextCursor}x`)).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid cursor',
    });
    server.tool({ name: 'late', inputSchema: s.object({}) }, () => text('late'));
    expect(client.notifications.map((note) => note.method)).toContain('notifications/tools/list_changed');
    await expect(client.listTools(nextCursor)).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid cursor: the list changed; start again without a cursor',
    });
  });

  it('modern pages carry resultType, ttlMs and cacheScope, and a repeated list is the same object', async () => {
    const server = createManyToolsServer(1);
    const client = createTestClient(server, { era: 'modern' });
    const first = await client.listTools();
    expect(first).toMatchObject({ resultType: 'complete', ttlMs: 30_000, cacheScope: 'public' });
    expect(await client.listTools()).toBe(first);
  });
});
