import { createTestClient } from '@mcpforge/server/testing';
import { describe, expect, it } from 'vitest';
import { createGreeterServer } from './quickstart-server.js';

describe('quickstart greeter', () => {
  it('greets over a legacy session', async () => {
    const client = createTestClient(createGreeterServer());
    await client.initialize();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool['name'])).toEqual(['greet']);
    expect(await client.callTool('greet', { name: 'Ada' })).toEqual({
      content: [{ type: 'text', text: 'Hello, Ada!' }],
    });
  });

  it('refuses an empty name with an isError result the model can read', async () => {
    const client = createTestClient(createGreeterServer());
    await client.initialize();
    const result = await client.callTool('greet', { name: '' });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      { type: 'text', text: "argument 'name': must NOT have fewer than 1 characters" },
    ]);
  });

  it('greets a modern (2026-07-28) request with no handshake', async () => {
    const client = createTestClient(createGreeterServer(), { era: 'modern' });
    const result = await client.callTool('greet', { name: 'Ada' });
    expect(result).toMatchObject({
      content: [{ type: 'text', text: 'Hello, Ada!' }],
      resultType: 'complete',
    });
    expect(result._meta?.['io.modelcontextprotocol/serverInfo']).toEqual({
      name: 'greeter',
      version: '1.0.0',
    });
  });
});
