import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSearchAgent } from './agent-endpoint.mjs';
import { openApiSeed } from './agent-seeds.mjs';
import { checkMetaToolsOnly, endpointRankings, exchangeBytes, firstDifference } from './endpoint-measure.mjs';
import { engines } from './engines.mjs';
import { publishedTools } from './published-tools.mjs';

/** A small API of two tags: enough for rankings to differ by query. */
const PETSTORE = {
  openapi: '3.0.3',
  info: { title: 'Pet shop', version: '1.0.0' },
  servers: [{ url: 'https://pets.example.com/v1' }],
  tags: [
    { name: 'pets', description: 'Animals for sale' },
    { name: 'orders', description: 'Purchases of pets by customers' },
  ],
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        tags: ['pets'],
        summary: 'List the pets for sale',
        responses: { 200: { description: 'ok' } },
      },
      post: {
        operationId: 'createPet',
        tags: ['pets'],
        summary: 'Add a new pet to the shop',
        responses: { 201: { description: 'ok' } },
      },
    },
    '/pets/{petId}': {
      parameters: [
        { name: 'petId', in: 'path', required: true, schema: { type: 'string' }, description: 'The pet' },
      ],
      get: {
        operationId: 'getPet',
        tags: ['pets'],
        summary: 'Get one pet by its id',
        responses: { 200: { description: 'ok' } },
      },
      delete: {
        operationId: 'deletePet',
        tags: ['pets'],
        summary: 'Remove a pet from the shop',
        responses: { 204: { description: 'ok' } },
      },
    },
    '/orders': {
      post: {
        operationId: 'placeOrder',
        tags: ['orders'],
        summary: 'Place an order for a pet',
        responses: { 201: { description: 'ok' } },
      },
    },
    '/orders/{orderId}': {
      parameters: [
        { name: 'orderId', in: 'path', required: true, schema: { type: 'string' }, description: 'The order' },
      ],
      delete: {
        operationId: 'cancelOrder',
        tags: ['orders'],
        summary: 'Cancel an order',
        responses: { 204: { description: 'ok' } },
      },
    },
  },
};

const QUERIES = ['remove a pet', 'cancel my order', 'list pets', 'buy a pet', 'pet by id'];

describe('an OpenAPI document through an agent in search mode', () => {
  let dir;
  let endpoint;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcpforge-bench-petstore-'));
    const source = join(dir, 'petstore.json');
    await writeFile(source, JSON.stringify(PETSTORE));
    endpoint = await startSearchAgent(openApiSeed(source, { workspace: 'shop', agent: 'pets' }));
  });
  afterAll(async () => {
    await endpoint?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('publishes every operation with delivery search; tools/list shows only the two meta-tools', async () => {
    expect(endpoint.catalog.delivery).toBe('search');
    expect(endpoint.catalog.tools).toHaveLength(6);
    expect(await checkMetaToolsOnly(endpoint.client)).toHaveLength(2);
  });

  it('ranks over HTTP exactly as the in-process index over the published drafts', async () => {
    const rankings = await endpointRankings(endpoint.client, QUERIES);
    const tools = publishedTools(endpoint.catalog, endpoint.seeded.operations);
    const byName = new Map(tools.map((tool) => [tool.name, tool.id]));
    expect(rankings.get('remove a pet').map((name) => byName.get(name))[0]).toBe('deletePet');
    expect(rankings.get('cancel my order').map((name) => byName.get(name))[0]).toBe('cancelOrder');
    const forge = (await engines()).list.find((engine) => engine.key === 'forge');
    const index = forge.build(tools);
    expect(firstDifference(rankings, index.search)).toBeUndefined();
    // The check sees a changed order.
    const swapped = new Map(rankings);
    swapped.set('list pets', [...rankings.get('list pets')].reverse());
    expect(firstDifference(swapped, index.search)?.query).toBe('list pets');
  });

  it('counts the bytes a client received, envelope included', async () => {
    const sizes = await exchangeBytes(endpoint.client, ['pet']);
    expect(sizes.toolsListBytes).toBeGreaterThan(endpoint.catalog.metrics.toolsListBytes);
    expect(sizes.toolsListTokens).toBe(Math.ceil(sizes.toolsListBytes / 3));
    // Six tools: no answer of 8, so no exchange of that kind is claimed.
    expect(sizes.searchAnswers).toBe(0);
    expect(sizes.exchangeTokens).toBeUndefined();
  });
});
