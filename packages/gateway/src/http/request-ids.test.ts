import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import {
  LegacyClient,
  type ListeningGateway,
  listenGateway,
  postJson,
  RATES_ANSWER,
  type SeededAgent,
  seedAgent,
} from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE}-00f067aa0ba902b7-01`;

describeEachDatabase('request and trace ids', (fixture) => {
  let upstream: TestUpstream;
  let gateway: ListeningGateway;
  let seeded: SeededAgent;
  let client: LegacyClient;

  beforeAll(async () => {
    upstream = await startUpstream((request, response) => {
      if (request.url.includes('base=XXX')) response.writeHead(500).end('boom at /internal/path');
      else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
    });
    gateway = await listenGateway(fixture.db());
    seeded = await seedAgent(fixture.db(), upstream);
    client = new LegacyClient(`${gateway.origin}${seeded.path}`, seeded.key);
    await client.connect();
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('every answer carries a new x-request-id and a random x-trace-id, refusals and unrouted paths included', async () => {
    const answers = [
      await client.request('tools/list'),
      await postJson(client.url, { jsonrpc: '2.0', id: 1, method: 'ping' }),
      await postJson(`${gateway.origin}/nowhere`, {}),
    ];
    const requestIds = answers.map((answer) => answer.headers.get('x-request-id'));
    const traceIds = answers.map((answer) => answer.headers.get('x-trace-id'));
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 404]);
    for (const id of requestIds)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    for (const id of traceIds) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(requestIds).size).toBe(3);
    expect(new Set(traceIds).size).toBe(3);
  });

  it('a W3C traceparent is continued: x-trace-id, the upstream traceparent and a tool error share its trace-id', async () => {
    const headers = { ...client.headers(), traceparent: TRACEPARENT };
    const ok = await postJson(
      client.url,
      {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'frankfurter_latest_rate', arguments: { base: 'USD', quote: 'EUR' } },
      },
      headers,
    );
    expect(ok.headers.get('x-trace-id')).toBe(TRACE);
    expect(upstream.requests.at(-1)?.headers['traceparent']).toMatch(
      new RegExp(`^00-${TRACE}-[0-9a-f]{16}-01$`),
    );

    const failed = await postJson(
      client.url,
      {
        jsonrpc: '2.0',
        id: 8,
        method: 'tools/call',
        params: { name: 'frankfurter_latest_rate', arguments: { base: 'XXX', quote: 'EUR' } },
      },
      headers,
    );
    const error = failed.body.result.structuredContent;
    expect(failed.body.result.isError).toBe(true);
    expect(error).toMatchObject({
      trace_id: TRACE,
      request_id: failed.headers.get('x-request-id'),
      stage: 'upstream',
    });
    expect(failed.text).not.toContain('/internal/path');
    expect(failed.text).not.toContain('boom');
  });

  it('a malformed traceparent starts a new trace and is never echoed', async () => {
    for (const traceparent of [
      `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
      `ff-${TRACE}-00f067aa0ba902b7-01`,
      `00-${TRACE}-${'0'.repeat(16)}-01`,
      'marker-3f9d-not-a-traceparent',
    ]) {
      const answer = await postJson(
        client.url,
        { jsonrpc: '2.0', id: 2, method: 'ping' },
        { ...client.headers(), traceparent },
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-trace-id')).toMatch(/^[0-9a-f]{32}$/);
      expect(answer.headers.get('x-trace-id')).not.toBe(TRACE);
      expect(answer.text).not.toContain('marker-3f9d');
      expect([...answer.headers.values()].join(' ')).not.toContain('marker-3f9d');
    }
  });
});
