/**
 * The mcpforge gateway as `mcpforge gateway serve` runs it (`startGateway`), seeded with the
 * demo's rates operation pointing at the bench's upstream, through the gateway's domain
 * functions: workspace, allow-list entry (loopback allowed: the upstream is local),
 * operation published, agent published, one `mcp_client` key.
 *
 *   UPSTREAM_URL=http://127.0.0.1:PORT node gateway.mjs          PGlite in a temporary data dir
 *   ... BENCH_DATABASE_URL=postgres://... node gateway.mjs        PostgreSQL (a fresh database)
 *
 * Prints `key <mcp_client key>` then `listening <port>`. The per-key rate limit is off: the
 * bench sends thousands of calls a second with one key, which the default limit (100/s) refuses.
 *
 * BENCH_PGLITE_THREAD=main|worker picks where PGlite runs (default: the gateway's, a worker).
 * Its event-loop delay is sampled all along: a line `loop reset` on stdin starts a window, a line
 * `loop report` prints `loop <p50 µs> <p99 µs> <max µs>` for the window.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  createAgent,
  createKey,
  createOperation,
  createWorkspace,
  publishAgent,
  publishOperation,
  putUpstreamHost,
  startGateway,
} from '@mcpforge/gateway';
import { AGENT, OPERATION, operationDraft, WORKSPACE } from '../gateway-workload.mjs';

const upstream = process.env.UPSTREAM_URL;
if (!upstream) throw new Error('gateway.mjs: UPSTREAM_URL is not set');
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const dataDir = databaseUrl === undefined ? await mkdtemp(join(tmpdir(), 'mcpforge-bench-gw-')) : undefined;

const running = await startGateway({
  databaseUrl,
  dataDir,
  pgliteThread: process.env.BENCH_PGLITE_THREAD || undefined,
  listen: { host: '127.0.0.1', port: 0 },
  rateLimit: false,
});
// As every bench server (http-common.mjs): idle keep-alive connections outlive the slices of
// the other contenders, so no slice pays a reconnect.
running.server.keepAliveTimeout = 60_000;

const { db } = running;
await createWorkspace(db, { slug: WORKSPACE });
await putUpstreamHost(db, WORKSPACE, { hostPattern: new URL(upstream).host, allowLoopback: true });
await createOperation(db, WORKSPACE, { slug: OPERATION, draft: operationDraft(upstream) });
await publishOperation(db, WORKSPACE, OPERATION);
await createAgent(db, WORKSPACE, { slug: AGENT, draft: { operations: [OPERATION] } });
await publishAgent(db, WORKSPACE, AGENT);
const key = await createKey(db, { type: 'mcp_client', name: 'bench', workspace: WORKSPACE, agent: AGENT });

let stopping;
async function stop() {
  stopping ??= (async () => {
    await running.close();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
  return stopping;
}
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();

const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
let commands = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  commands += chunk;
  for (let end = commands.indexOf('\n'); end >= 0; end = commands.indexOf('\n')) {
    const command = commands.slice(0, end).trim();
    commands = commands.slice(end + 1);
    if (command === 'loop reset') loopDelay.reset();
    if (command === 'loop report') {
      const us = (ns) => Math.round(ns / 1000);
      process.stdout.write(
        `loop ${us(loopDelay.percentile(50))} ${us(loopDelay.percentile(99))} ${us(loopDelay.max)}\n`,
      );
    }
  }
});

process.stdout.write(`key ${key.value}\nlistening ${new URL(running.url).port}\n`);
