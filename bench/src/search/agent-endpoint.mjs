/**
 * A catalog served by a real gateway as an agent in search mode, as a user gets it:
 * `startGateway` (what `mcpforge gateway serve` runs) on PGlite in a temporary data directory,
 * on 127.0.0.1; a seed puts the agent in its database and publishes it with `delivery: 'search'`
 * (./agent-seeds.mjs: an OpenAPI import, or the demo's `office` agent); the benchmark then talks
 * to it through the official MCP SDK client over Streamable HTTP (./agent-client.mjs) with the
 * seed's `mcp_client` key.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PREFIX, loadPublishedCatalog, startGateway } from '@mcpforge/gateway';
import { connectAgentClient } from './agent-client.mjs';
import { checkMetaToolsOnly, endpointLatency, endpointRankings, exchangeBytes } from './endpoint-measure.mjs';
import { publishedTools } from './published-tools.mjs';

/** A logger that keeps the gateway's "catalog revision served" lines (the seed 003 metrics) and drops the rest. */
function catalogLog(reports) {
  return {
    info: (fields, message) => {
      if (message === 'catalog revision served') reports.push(fields);
    },
    warn() {},
    error() {},
  };
}

/**
 * Starts the gateway, runs `seed(db)` (→ `{ workspace, agent, key, operations?, counts? }`),
 * checks that the agent was published in search mode and connects a client. Returns the client,
 * the published catalog, what the seed returned, the time it took, and `close()`.
 */
export async function startSearchAgent(seed) {
  const dataDir = await mkdtemp(join(tmpdir(), 'mcpforge-bench-search-'));
  const catalogReports = [];
  const running = await startGateway({
    dataDir,
    listen: { host: '127.0.0.1', port: 0 },
    // One client sends every query back to back; the default per-key limit would refuse some.
    rateLimit: false,
    logger: catalogLog(catalogReports),
  });
  let client;
  try {
    const started = performance.now();
    const seeded = await seed(running.db);
    const seedMs = performance.now() - started;
    const catalog = await loadPublishedCatalog(running.db, seeded.workspace, seeded.agent);
    if (catalog.delivery !== 'search') {
      throw new Error(
        `agent ${seeded.workspace}/${seeded.agent} was published with delivery '${catalog.delivery}'`,
      );
    }
    const url = new URL(`${running.url}${DEFAULT_PREFIX}/v1/${seeded.workspace}/${seeded.agent}`);
    client = await connectAgentClient(url, seeded.key);
    return {
      client,
      catalog,
      seeded,
      seedMs,
      url: url.href,
      /** The gateway's own "catalog revision served" log lines, as an operator sees them. */
      catalogReports,
      async close() {
        await client.close();
        await running.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    await running.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Seeds an agent in search mode and reads, through its endpoint, what the benchmark needs: the
 * catalog tools as published, each query's ranking, the HTTP round-trip latency (`repetitions`
 * rounds) and the exchange's real size. The gateway is closed after.
 */
export async function measureSearchAgent({ seed, queries, repetitions }) {
  const endpoint = await startSearchAgent(seed);
  try {
    const { client, catalog, seeded } = endpoint;
    await checkMetaToolsOnly(client);
    const rankings = await endpointRankings(client, queries);
    const latency = await endpointLatency(client, [...rankings.keys()], repetitions);
    const exchange = await exchangeBytes(client, [...rankings.keys()]);
    return {
      tools: publishedTools(catalog, seeded.operations ?? []),
      rankings,
      latency,
      exchange,
      seedMs: endpoint.seedMs,
      how: seeded.how,
      counts: seeded.counts,
      agent: `${seeded.workspace}/${seeded.agent}`,
      metrics: catalog.metrics,
      revision: catalog.revision,
      catalogReports: endpoint.catalogReports,
    };
  } finally {
    await endpoint.close();
  }
}
