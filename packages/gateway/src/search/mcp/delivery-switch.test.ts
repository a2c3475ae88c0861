import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { publishAgent } from '../../catalog/agent-versions-table.js';
import { getAgent, updateAgentDraft } from '../../catalog/agents-table.js';
import { describeEachDatabase } from '../../test-support/describe-each-database.js';
import {
  LegacyClient,
  type ListeningGateway,
  listenGateway,
  RATES_ANSWER,
} from '../../test-support/gateway-fixture.js';
import { type SeededSearchAgents, seedSearchAgents } from '../../test-support/search-fixture.js';
import { startUpstream, type TestUpstream } from '../../test-support/upstream-server.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON-RPC results by path
type Json = any;

/** Embeddings where the Russian words for rates land on the rates axis (a stand-in for a multilingual model). */
function embed(text: string): number[] {
  const lower = text.toLowerCase();
  const rate = /курс|валют|rate|exchange|currenc/u.test(lower) ? 1 : 0;
  return [rate, 1 - rate, 0.01];
}

describeEachDatabase(
  'search mode through the gateway: a publish that switches the delivery, the re-ranker option',
  (fixture) => {
    let upstream: TestUpstream;
    let embeddings: Server;
    let gateway: ListeningGateway;
    let seeded: SeededSearchAgents;
    const logged: { fields: Json; message: string }[] = [];
    let embeddingsUp = true;

    beforeAll(async () => {
      upstream = await startUpstream((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
      });
      embeddings = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          if (!embeddingsUp) return void response.writeHead(500).end();
          const { input } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { input: string[] };
          const data = input.map((text, index) => ({ index, embedding: embed(text) }));
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
        });
      });
      await new Promise<void>((resolve) => embeddings.listen(0, '127.0.0.1', resolve));
      const port = (embeddings.address() as AddressInfo).port;
      const log = (fields: Json, message: string) => logged.push({ fields, message });
      gateway = await listenGateway(fixture.db(), {
        catalogRefreshMs: 50,
        search: { reranker: { url: `http://127.0.0.1:${port}/v1/embeddings`, model: 'test' } },
        logger: { info() {}, warn: log, error: log },
      });
      seeded = await seedSearchAgents(fixture.db(), upstream);
    });
    afterAll(async () => {
      await gateway?.gateway.approvals.close();
      await gateway?.close();
      await upstream?.close();
      embeddings?.closeAllConnections();
      await new Promise((resolve) => embeddings?.close(resolve));
    });

    it('publishing direct -> search -> direct swaps what tools/list shows, in one open session', async () => {
      const client = new LegacyClient(`${gateway.origin}${seeded.direct.path}`, seeded.direct.key);
      await client.connect();
      const listed = async () =>
        (await client.request('tools/list')).body.result.tools.map((tool: Json) => tool.name) as string[];
      expect(await listed()).toHaveLength(seeded.operations.length);
      const publishAs = async (delivery: 'search' | 'direct') => {
        const agent = await getAgent(fixture.db(), seeded.workspace, seeded.direct.agent);
        await updateAgentDraft(fixture.db(), seeded.workspace, seeded.direct.agent, {
          ...agent.draft,
          delivery,
        });
        await publishAgent(fixture.db(), seeded.workspace, seeded.direct.agent);
      };
      const until = async (check: (names: string[]) => boolean) => {
        for (let i = 0; i < 200; i++) {
          const names = await listed();
          if (check(names)) return names;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error('the endpoint never served the new version');
      };
      await publishAs('search');
      expect(await until((names) => names.length === 2)).toEqual(['search_tools', 'call_tool']);
      const found = await client.request('tools/call', {
        name: 'search_tools',
        arguments: { query: 'exchange rate' },
      });
      expect(found.body.result.structuredContent.tools[0].name).toBe('frankfurter_latest_rate');
      await publishAs('direct');
      const back = await until((names) => names.length > 2);
      expect(back).toHaveLength(seeded.operations.length);
      const call = await client.request('tools/call', {
        name: 'frankfurter_latest_rate',
        arguments: { base: 'USD', quote: 'EUR' },
      });
      expect(call.body.result.structuredContent).toEqual(RATES_ANSWER);
    });

    it('with search.reranker set, a Russian query over the English catalog finds the rates tool; a failing endpoint keeps BM25 and is logged', async () => {
      const client = new LegacyClient(`${gateway.origin}${seeded.search.path}`, seeded.search.key);
      await client.connect();
      const search = async (query: string) =>
        (
          await client.request('tools/call', { name: 'search_tools', arguments: { query, limit: 1 } })
        ).body.result.structuredContent.tools.map((tool: Json) => tool.name);
      expect(await search('курс валют')).toEqual(['frankfurter_latest_rate']);
      embeddingsUp = false;
      expect(await search('monthly report')).toHaveLength(1);
      expect(logged).toContainEqual({
        message: 'search re-ranking failed',
        fields: expect.objectContaining({ agent: seeded.search.agent, code: 'search_rerank_failed' }),
      });
      embeddingsUp = true;
    });
  },
);
