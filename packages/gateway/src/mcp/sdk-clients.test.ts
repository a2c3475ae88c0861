import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import {
  type ListeningGateway,
  listenGateway,
  RATES_ANSWER,
  type SeededAgent,
  seedAgent,
} from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

// No reconnection: a test that fails must fail now, not retry in the background.
const reconnectionOptions = {
  maxRetries: 0,
  initialReconnectionDelay: 1,
  maxReconnectionDelay: 1,
  reconnectionDelayGrowFactor: 1,
};

describeEachDatabase('official SDK clients through the gateway', (fixture) => {
  let upstream: TestUpstream;
  let gateway: ListeningGateway;
  let seeded: SeededAgent;
  let url: URL;

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
    });
    gateway = await listenGateway(fixture.db());
    seeded = await seedAgent(fixture.db(), upstream);
    url = new URL(`${gateway.origin}${seeded.path}`);
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('SDK v1 (StreamableHTTPClientTransport with an Authorization header) lists and calls the tool', async () => {
    const client = new ClientV1({ name: 'sdk-v1', version: '1.0.0' });
    const transport = new HttpV1(url, {
      reconnectionOptions,
      requestInit: { headers: { authorization: `Bearer ${seeded.key}` } },
    });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['frankfurter_latest_rate']);
      const result = await client.callTool({
        name: 'frankfurter_latest_rate',
        arguments: { base: 'USD', quote: 'EUR' },
      });
      expect(result.structuredContent).toEqual(RATES_ANSWER);
      expect(upstream.requests.at(-1)?.url).toBe('/v1/latest?base=USD&symbols=EUR');
    } finally {
      await transport.terminateSession().catch(() => undefined);
      await client.close();
    }
  });

  it('SDK v1 without the key is refused at connect', async () => {
    const client = new ClientV1({ name: 'sdk-v1', version: '1.0.0' });
    await expect(client.connect(new HttpV1(url, { reconnectionOptions }))).rejects.toThrow();
  });

  for (const era of ['legacy', 'modern'] as const) {
    it(`SDK v2 (${era} era) lists and calls the tool`, async () => {
      const client = new ClientV2(
        { name: 'sdk-v2', version: '2.0.0' },
        era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
      );
      const transport = new HttpV2(url, {
        reconnectionOptions,
        requestInit: { headers: { authorization: `Bearer ${seeded.key}` } },
      });
      await client.connect(transport);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual(['frankfurter_latest_rate']);
        const result = await client.callTool({
          name: 'frankfurter_latest_rate',
          arguments: { base: 'USD', quote: 'EUR' },
        });
        expect(result.structuredContent).toEqual(RATES_ANSWER);
      } finally {
        await client.close();
      }
    });
  }
});
