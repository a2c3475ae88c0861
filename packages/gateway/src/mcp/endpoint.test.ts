import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import {
  LegacyClient,
  type ListeningGateway,
  listenGateway,
  modernRequest,
  RATES_ANSWER,
  type SeededAgent,
  seedAgent,
} from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

describeEachDatabase('the MCP endpoint of an agent', (fixture) => {
  let upstream: TestUpstream;
  let gateway: ListeningGateway;
  let seeded: SeededAgent;
  let url: string;

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
    });
    gateway = await listenGateway(fixture.db());
    seeded = await seedAgent(fixture.db(), upstream);
    url = `${gateway.origin}${seeded.path}`;
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it("answers the seed's curl examples: initialize, tools/list with frankfurter_latest_rate, tools/call reaching the upstream", async () => {
    const client = new LegacyClient(url, seeded.key);
    const init = await client.initialize();
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toMatch(/.+/);
    expect(init.body.result.protocolVersion).toBe('2025-06-18');
    expect(init.body.result.capabilities.tools).toEqual({ listChanged: true });
    expect((await client.notify('notifications/initialized')).status).toBe(202);

    const list = await client.request('tools/list');
    expect(list.status).toBe(200);
    expect(list.body.result.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'frankfurter_latest_rate',
    ]);
    expect(list.body.result.tools[0].inputSchema.required).toEqual(['base', 'quote']);

    const before = upstream.requests.length;
    const call = await client.request('tools/call', {
      name: 'frankfurter_latest_rate',
      arguments: { base: 'USD', quote: 'EUR' },
    });
    expect(call.status).toBe(200);
    expect(call.body.result.isError).toBeUndefined();
    expect(call.body.result.structuredContent).toEqual(RATES_ANSWER);
    expect(upstream.requests.slice(before).map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /v1/latest?base=USD&symbols=EUR',
    ]);
    expect((await client.request('ping')).body.result).toEqual({});
  });

  it("accepts the seed's tools/list and tools/call headers exactly (Accept: application/json only)", async () => {
    const client = new LegacyClient(url, seeded.key);
    await client.connect();
    const headers = {
      authorization: `Bearer ${seeded.key}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'mcp-session-id': client.sessionId as string,
    };
    const list = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
    });
    expect(list.status).toBe(200);
    expect(await list.text()).toContain('frankfurter_latest_rate');
    const call = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'frankfurter_latest_rate', arguments: { base: 'USD', quote: 'EUR' } },
      }),
    });
    expect(
      ((await call.json()) as { result: { structuredContent: unknown } }).result.structuredContent,
    ).toEqual(RATES_ANSWER);
  });

  it('GET needs a session; DELETE ends it, and the session id is refused afterwards', async () => {
    const noSession = await fetch(url, {
      headers: { authorization: `Bearer ${seeded.key}`, accept: 'text/event-stream' },
    });
    expect(noSession.status).toBe(400);
    const client = new LegacyClient(url, seeded.key);
    await client.connect();
    const ended = await fetch(url, { method: 'DELETE', headers: client.headers() });
    expect(ended.status).toBe(200);
    expect(ended.headers.get('x-request-id')).toMatch(/.+/);
    expect((await client.request('tools/list')).status).toBe(404);
  });

  it('serves the modern era statelessly: server/discover, tools/list and tools/call without a session', async () => {
    const discover = await modernRequest(url, seeded.key, 'server/discover');
    expect(discover.status).toBe(200);
    expect(discover.body.result.capabilities.tools).toEqual({ listChanged: true });
    const list = await modernRequest(url, seeded.key, 'tools/list');
    expect(list.body.result.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'frankfurter_latest_rate',
    ]);
    const call = await modernRequest(
      url,
      seeded.key,
      'tools/call',
      { name: 'frankfurter_latest_rate', arguments: { base: 'USD', quote: 'EUR' } },
      'frankfurter_latest_rate',
    );
    expect(call.status).toBe(200);
    expect(call.body.result.structuredContent).toEqual(RATES_ANSWER);
    expect(call.headers.get('mcp-session-id')).toBeNull();
  });

  it("enforces the tool's inputSchema before anything reaches the upstream", async () => {
    const client = new LegacyClient(url, seeded.key);
    await client.connect();
    const before = upstream.requests.length;
    const call = await client.request('tools/call', {
      name: 'frankfurter_latest_rate',
      arguments: { base: 'usd', quote: 'EUR' },
    });
    expect(call.body.result.isError).toBe(true);
    expect(upstream.requests.length).toBe(before);
    const unknown = await client.request('tools/call', { name: 'no_such_tool', arguments: {} });
    expect(unknown.body.error.code).toBe(-32602);
  });
});
