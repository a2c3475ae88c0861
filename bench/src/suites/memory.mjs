/**
 * Memory: RSS of an idle stdio server; heap growth over 100k calls (after GC, in a
 * child run with --expose-gc); heap retained per idle legacy HTTP session.
 */
import { residentBytes, spawnServer, waitForPort } from '../drivers/child.mjs';
import { HttpConnection } from '../drivers/http-client.mjs';
import { progress } from '../progress.mjs';
import { round } from '../stats.mjs';
import {
  ECHO_TEXT,
  echoCallParts,
  heapCallLine,
  INITIALIZED_LINE,
  initializeLine,
  LEGACY_VERSION,
} from '../workload.mjs';
import { firstLine } from './compare.mjs';
import { parseRpcBody } from './http-eras.mjs';
import { checkEcho, openStdio } from './stdio-session.mjs';

const MiB = 1024 * 1024;

async function each(impls, label, measure) {
  const results = {};
  for (const impl of impls) {
    progress(`${label}: ${impl}`);
    try {
      results[impl] = await measure(impl);
    } catch (error) {
      results[impl] = { error: firstLine(error) };
      progress(`${label}: ${impl} FAILED: ${firstLine(error)}`);
    }
  }
  return results;
}

async function idleRss(impl) {
  const { server, client } = await openStdio(impl);
  try {
    await client.load({ parts: echoCallParts('legacy'), window: 1, limit: 10, check: checkEcho(ECHO_TEXT) });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { value: round((await residentBytes(server.child.pid)) / MiB, 1) };
  } finally {
    await server.stop();
  }
}

async function heapViaTool(client) {
  const response = await client.request(heapCallLine);
  const text = response.result?.content?.[0]?.text;
  if (typeof text !== 'string')
    throw new Error(`heap probe failed: ${JSON.stringify(response).slice(0, 200)}`);
  return JSON.parse(text);
}

async function heapGrowth(impl, calls) {
  const { server, client } = await openStdio(impl, { env: { BENCH_HEAP: '1' }, nodeArgs: ['--expose-gc'] });
  try {
    const parts = echoCallParts('legacy');
    await client.load({ parts, window: 64, limit: 10_000, check: checkEcho(ECHO_TEXT) });
    const before = await heapViaTool(client);
    const run = await client.load({ parts, window: 64, limit: calls, check: checkEcho(ECHO_TEXT) });
    const after = await heapViaTool(client);
    if (run.errors > 0) throw new Error(`${run.errors} error responses`);
    return {
      value: round((after.heapUsed - before.heapUsed) / 1024, 1),
      heapBeforeKiB: round(before.heapUsed / 1024),
      heapAfterKiB: round(after.heapUsed / 1024),
      calls: run.completed,
    };
  } finally {
    await server.stop();
  }
}

async function openSession(connection) {
  const init = await connection.post('', initializeLine(0));
  const sessionId = init.headers['mcp-session-id'];
  if (init.status !== 200 || sessionId === undefined || parseRpcBody(init)?.result === undefined) {
    throw new Error(`initialize: HTTP ${init.status} ${init.body.slice(0, 200)}`);
  }
  const ack = await connection.post(
    `Mcp-Session-Id: ${sessionId}\r\nMCP-Protocol-Version: ${LEGACY_VERSION}\r\n`,
    INITIALIZED_LINE,
  );
  if (ack.status >= 300) throw new Error(`initialized: HTTP ${ack.status}`);
}

async function openSessions(connections, count) {
  let opened = 0;
  await Promise.all(
    connections.map(async (connection) => {
      while (opened < count) {
        opened++;
        await openSession(connection);
      }
    }),
  );
}

async function heapViaRoute(connection) {
  const response = await connection.get('/__heap');
  if (response.status !== 200) throw new Error(`GET /__heap: HTTP ${response.status}`);
  return JSON.parse(response.body);
}

/** Heap retained per idle legacy session: open `count` sessions (never closed), GC, compare. */
async function bytesPerSession(impl, mode, count) {
  const server = spawnServer(impl, mode, { env: { BENCH_HEAP: '1' }, nodeArgs: ['--expose-gc'] });
  const connections = [];
  try {
    const port = await waitForPort(server);
    for (let i = 0; i < 8; i++) connections.push(new HttpConnection(port));
    await openSessions(connections, 50); // warm the code paths
    const before = await heapViaRoute(connections[0]);
    await openSessions(connections, count);
    const after = await heapViaRoute(connections[0]);
    return {
      value: round((after.heapUsed - before.heapUsed) / count / 1024, 2),
      sessions: count,
      heapBeforeKiB: round(before.heapUsed / 1024),
      heapAfterKiB: round(after.heapUsed / 1024),
    };
  } catch (error) {
    throw new Error(`${error.message}\n${server.stderrTail()}`);
  } finally {
    for (const connection of connections) connection.close();
    await server.stop();
  }
}

export const SESSION_MODES = { forge: 'http', sdk1: 'http-session', sdk2: 'http-session' };

export async function runMemorySuite({ available, availableHttp, record, calls = 100_000, sessions = 1000 }) {
  record({
    id: 'memory.idle-rss',
    group: 'memory',
    label: 'RSS of an idle stdio server',
    unit: 'MiB',
    better: 'lower',
    results: await each(available, 'idle RSS', idleRss),
  });
  record({
    id: 'memory.heap-growth',
    group: 'memory',
    label: `heap growth over ${calls / 1000}k stdio calls (after GC)`,
    unit: 'KiB',
    better: 'lower',
    results: await each(available, `heap growth over ${calls} calls`, (impl) => heapGrowth(impl, calls)),
  });
  const perSession = await each(
    availableHttp.filter((impl) => SESSION_MODES[impl] !== undefined),
    'bytes per session',
    (impl) => bytesPerSession(impl, SESSION_MODES[impl], sessions),
  );
  if (availableHttp.includes('floor')) perSession.floor = { unsupported: 'the floor keeps no sessions' };
  record({
    id: 'memory.per-session',
    group: 'memory',
    label: `heap retained per idle legacy HTTP session (N=${sessions})`,
    unit: 'KiB',
    better: 'lower',
    results: perSession,
  });
}
