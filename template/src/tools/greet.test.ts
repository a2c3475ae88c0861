import { createTestClient, type TestClient } from '@mcpforge/server/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { Manager } from '../domain/manager.js';
import { createTemplateServer } from '../server.js';

describe('greet', () => {
  let manager: Manager;
  let client: TestClient;

  beforeEach(async () => {
    manager = new Manager({ salutation: 'Hello' });
    client = createTestClient(createTemplateServer(manager));
    await client.initialize();
  });

  it('is listed with a strict schema and read-only hints', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({
      name: 'greet',
      inputSchema: { type: 'object', required: ['name'], additionalProperties: false },
      annotations: { readOnlyHint: true, openWorldHint: false },
    });
  });

  it('greets with structured content and the same JSON as text', async () => {
    const result = await client.callTool('greet', { name: 'Ada' });
    expect(result.structuredContent).toEqual({ message: 'Hello, Ada!', count: 1 });
    expect(result.content).toEqual([
      { type: 'text', text: JSON.stringify({ message: 'Hello, Ada!', count: 1 }) },
    ]);
  });

  it('shares one Manager across calls and sees its new settings', async () => {
    await client.callTool('greet', { name: 'Ada' });
    manager.configure({ salutation: 'Welcome' });
    expect((await client.callTool('greet', { name: 'Lin' })).structuredContent).toEqual({
      message: 'Welcome, Lin!',
      count: 2,
    });
  });

  it.each([
    ['no name', {}],
    ['an empty name', { name: '' }],
    ['a numeric name', { name: 7 }],
    ['an unknown argument', { name: 'Ada', salutation: 'Yo' }],
  ])('refuses %s as a tool error and does not count it', async (_case, args) => {
    const result = await client.callTool('greet', args);
    expect(result.isError).toBe(true);
    expect(manager.greet('check').count).toBe(1);
  });
});
