import { createTestClient } from '@mcpforge/server/testing';
import { describe, expect, it } from 'vitest';
import { createCatalogServer } from './resources-prompts.js';

async function legacy() {
  const client = createTestClient(createCatalogServer());
  await client.initialize();
  return client;
}

describe('resources, templates, prompts, completions', () => {
  it('declares what is registered', async () => {
    const result = (await (await legacy()).initialize().catch((error: unknown) => error)) as { code: number };
    expect(result.code).toBe(-32600); // a second initialize is refused
    const client = createTestClient(createCatalogServer());
    expect((await client.initialize())['capabilities']).toEqual({
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      completions: {},
      logging: {},
    });
  });

  it('reads a static resource and a template match', async () => {
    const client = await legacy();
    expect(await client.request('resources/read', { uri: 'catalog://shelves/poetry' })).toEqual({
      contents: [{ uri: 'catalog://shelves/poetry', text: '["Odes"]' }],
    });
    expect(await client.request('resources/templates/list')).toEqual({
      resourceTemplates: [
        { uriTemplate: 'catalog://shelves/{shelf}', name: 'shelf', mimeType: 'application/json' },
      ],
    });
  });

  it('not found: -32002 in legacy, -32602 with data.uri in modern', async () => {
    const uri = 'catalog://shelves/cooking';
    await expect((await legacy()).request('resources/read', { uri })).rejects.toMatchObject({
      code: -32002,
      data: { uri },
    });
    const modern = createTestClient(createCatalogServer(), { era: 'modern' });
    await expect(modern.request('resources/read', { uri })).rejects.toMatchObject({
      code: -32602,
      data: { uri },
    });
  });

  it('modern reads carry caching hints; the handler may override them', async () => {
    const modern = createTestClient(createCatalogServer(), { era: 'modern' });
    expect(await modern.request('resources/read', { uri: 'catalog://shelves' })).toMatchObject({
      resultType: 'complete',
      ttlMs: 60_000,
      cacheScope: 'public',
    });
    expect(await modern.request('resources/read', { uri: 'catalog://shelves/poetry' })).toMatchObject({
      ttlMs: 5_000,
      cacheScope: 'private',
    });
  });

  it('prompts: arguments are strings and required ones are checked; a DomainError is -32602', async () => {
    const client = await legacy();
    expect(
      await client.request('prompts/get', { name: 'recommend', arguments: { shelf: 'poetry' } }),
    ).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'Recommend one book from poetry.' } }],
    });
    await expect(client.request('prompts/get', { name: 'recommend' })).rejects.toMatchObject({
      code: -32602,
      message: 'Missing required argument: shelf',
    });
    await expect(
      client.request('prompts/get', { name: 'recommend', arguments: { shelf: 'cooking' } }),
    ).rejects.toMatchObject({ code: -32602, message: "no shelf 'cooking'" });
  });

  it('completes template variables and prompt arguments', async () => {
    const client = await legacy();
    expect(
      await client.request('completion/complete', {
        ref: { type: 'ref/resource', uri: 'catalog://shelves/{shelf}' },
        argument: { name: 'shelf', value: 'p' },
      }),
    ).toEqual({ completion: { values: ['poetry'], total: 1, hasMore: false } });
  });
});
