import { afterAll, beforeAll, expect, it } from 'vitest';
import { publishAgent } from '../catalog/agent-versions-table.js';
import { updateAgentDraft } from '../catalog/agents-table.js';
import { publishOperation } from '../catalog/operation-versions-table.js';
import { createOperation } from '../catalog/operations-table.js';
import { frankfurterDraft } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import {
  LegacyClient,
  type ListeningGateway,
  listenGateway,
  RATES_ANSWER,
  seedAgent,
} from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

/** Reads an SSE response until its text contains `needle`. */
async function readUntil(response: Response, needle: string): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes(needle)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

describeEachDatabase('catalog changes reach open sessions', (fixture) => {
  let upstream: TestUpstream;
  let gateway: ListeningGateway;

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
    });
    gateway = await listenGateway(fixture.db());
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('a session open when the agent is published again gets notifications/tools/list_changed and the new tools', async () => {
    const db = fixture.db();
    const seeded = await seedAgent(db, upstream);
    const client = new LegacyClient(`${gateway.origin}${seeded.path}`, seeded.key);
    await client.connect();
    const stream = await fetch(client.url, { headers: { ...client.headers(), accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('x-trace-id')).toMatch(/^[0-9a-f]{32}$/);

    const draft = frankfurterDraft({
      name: 'frankfurter_currencies',
      description: 'Currencies the rates service knows.',
    });
    draft['binding'] = { method: 'GET', baseUrl: upstream.origin, path: '/v1/currencies' };
    draft['inputSchema'] = { type: 'object', properties: {}, additionalProperties: false };
    await createOperation(db, seeded.workspace, { slug: 'currencies', draft });
    await publishOperation(db, seeded.workspace, 'currencies');
    await updateAgentDraft(db, seeded.workspace, seeded.agent, { operations: ['latest-rate', 'currencies'] });
    await publishAgent(db, seeded.workspace, seeded.agent);

    // Delivered by LISTEN/NOTIFY from the publish, with no request of this session in between.
    const events = await readUntil(stream, 'notifications/tools/list_changed');
    expect(events).toContain('"method":"notifications/tools/list_changed"');
    const list = await client.request('tools/list');
    expect(list.body.result.tools.map((tool: { name: string }) => tool.name).sort()).toEqual([
      'frankfurter_currencies',
      'frankfurter_latest_rate',
    ]);
  });
});
