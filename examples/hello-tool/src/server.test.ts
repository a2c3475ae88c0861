import { createTestClient, type TestClient } from '@mcpforge/server/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { createHelloServer } from './server.js';
import { GREETING } from './tools/hello.js';

describe.each(['legacy', 'modern'] as const)('hello-tool (%s era)', (era) => {
  let client: TestClient;

  beforeEach(async () => {
    client = createTestClient(createHelloServer(), { era });
    if (era === 'legacy') await client.initialize();
  });

  it('lists hello and echo with object schemas that always have properties', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool['name'])).toEqual(['hello', 'echo']);
    expect(tools[0]?.['inputSchema']).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
    expect(tools[1]?.['inputSchema']).toMatchObject({
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
      additionalProperties: false,
    });
  });

  it('says hello without arguments', async () => {
    expect(await client.callTool('hello')).toMatchObject({ content: [{ type: 'text', text: GREETING }] });
    expect(await client.callTool('hello', {})).toMatchObject({
      content: [{ type: 'text', text: 'Hello from mcpforge!' }],
    });
  });

  it('echoes text unchanged', async () => {
    const text = 'line one\nline two \u2028 "quoted" ✓';
    expect(await client.callTool('echo', { text })).toMatchObject({ content: [{ type: 'text', text }] });
  });

  it.each([
    ['hello', { name: 'x' }],
    ['echo', {}],
    ['echo', { text: 42 }],
    ['echo', { text: 'hi', loud: true }],
  ])('refuses %s with %j as a tool error', async (name, args) => {
    const result = await client.callTool(name, args);
    expect(result.isError).toBe(true);
  });

  it('answers an unknown tool with -32602', async () => {
    await expect(client.callTool('goodbye')).rejects.toMatchObject({ code: -32602 });
  });
});
