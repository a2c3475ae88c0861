/**
 * The gateway: `tools/call` of the demo's rates operation through `@mcpforge/gateway` to a local
 * upstream, next to the same REST GET made straight to the upstream (the floor) and the
 * REST-to-MCP servers a user would pick instead, all in one run, measured in interleaved slices.
 *
 * - 32 keep-alive connections, legacy with a session and modern, gateway on PGlite;
 *   `@ivotoby/openapi-mcp-server` and the `openapi-mcp-generator` server in the legacy row, on
 *   stdio with 32 calls in flight (their Streamable HTTP modes do not follow the spec: see
 *   docs/performance.md);
 * - the bare proxy (`servers/bare-proxy.mjs`: node:http + undici, no MCP, no keys, no database)
 *   in the same slices: the ceiling of any HTTP-to-HTTP gateway on this machine, where client,
 *   proxy and upstream share the cores;
 * - added latency at 1 in flight: gateway p50/p99 minus direct REST p50/p99, on PGlite and on
 *   PostgreSQL (a fresh database on BENCH_POSTGRES_URL, dropped after; skipped when unreachable);
 * - the gateway's event-loop delay under load on PGlite, on its worker thread and on the event
 *   loop's thread (`gateway-event-loop.mjs`).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { generateServer, generatorVersion, OPENAPI_DOCUMENT } from '../alternatives/generated-server.mjs';
import { progress } from '../progress.mjs';
import { round } from '../stats.mjs';
import { compare, firstLine } from './compare.mjs';
import {
  gatewayContender,
  proxyContender,
  restContender,
  startUpstream,
  stdioAlternative,
} from './gateway-contenders.mjs';
import { runGatewayEventLoop } from './gateway-event-loop.mjs';
import { freshDatabase } from './gateway-postgres.mjs';

export const GATEWAY_CONNECTIONS = 32;
/** Calls in flight on the stdio alternatives: as many as the gateway's connections. */
export const ALTERNATIVE_WINDOW = 32;

const require = createRequire(import.meta.url);
const LEGACY_ONLY = 'the REST-to-MCP servers are measured on stdio (legacy 2025-11-25) only';

function ivotobyContender(upstream) {
  const dir = join(require.resolve('@ivotoby/openapi-mcp-server/package.json'), '..');
  return stdioAlternative({
    impl: 'ivotoby',
    script: join(dir, 'bin', 'mcp-server.js'),
    args: ['--api-base-url', upstream.url, '--openapi-spec', OPENAPI_DOCUMENT, '--transport', 'stdio'],
    upstream,
    window: ALTERNATIVE_WINDOW,
  });
}

function generatedContender(upstream, generated) {
  return {
    impl: 'generator',
    async start() {
      if (generated.error) throw generated.error;
      return stdioAlternative({
        impl: 'generator',
        script: generated.script,
        env: { API_BASE_URL: upstream.url },
        upstream,
        window: ALTERNATIVE_WINDOW,
      }).start();
    },
  };
}

/** p50/p99 of `mine` minus those of `floor`, in µs (differences of percentiles). */
export function addedLatency(mine, floor) {
  if (!(mine?.p50Us > 0) || !(floor?.p50Us > 0)) return null;
  return { p50Us: round(mine.p50Us - floor.p50Us, 1), p99Us: round(mine.p99Us - floor.p99Us, 1) };
}

export async function runGatewaySuite({ timing, record }) {
  const upstream = await startUpstream();
  progress(`gateway: rates upstream at ${upstream.url}; openapi-mcp-generator ${generatorVersion()}`);
  // Before any measurement: the generator runs synchronously and would stall the driver. A
  // failed generation fails that contender only.
  const generated = await generateServer().then(
    (script) => ({ script }),
    (error) => ({ error }),
  );
  try {
    for (const era of ['legacy-session', 'modern']) {
      const contenders = [
        gatewayContender({ upstream, era, connections: GATEWAY_CONNECTIONS }),
        restContender({ upstream, connections: GATEWAY_CONNECTIONS }),
        proxyContender({ upstream, era, connections: GATEWAY_CONNECTIONS }),
      ];
      if (era === 'legacy-session') {
        contenders.push(ivotobyContender(upstream), generatedContender(upstream, generated));
      }
      const results = await compare(`gateway ${era}`, contenders, timing);
      if (era === 'modern') {
        results.ivotoby = { unsupported: LEGACY_ONLY };
        results.generator = { unsupported: LEGACY_ONLY };
      }
      record({
        id: `gateway.call.${era}`,
        group: 'gateway',
        label: `gateway tools/call rates GET, ${era === 'modern' ? 'modern 2026-07-28' : 'legacy with session'}, 32 conns (alternatives: stdio, 32 in flight)`,
        unit: 'calls/s',
        better: 'higher',
        latency: true,
        results,
      });
    }
    await runAddedLatency({ upstream, timing, record });
    await runGatewayEventLoop({ upstream, timing, record });
  } finally {
    await upstream.stop();
  }
}

/** One call in flight: floor, bare proxy, gateway on PGlite and on PostgreSQL, interleaved in one comparison. */
async function runAddedLatency({ upstream, timing, record }) {
  const database = await freshDatabase();
  if (database.skipped) progress(`gateway: PostgreSQL row skipped: ${database.skipped}`);
  else progress(`gateway: PostgreSQL database ${database.name} created for this run`);
  const contenders = [
    restContender({ upstream, connections: 1 }),
    proxyContender({ upstream, era: 'legacy-session', connections: 1 }),
    gatewayContender({ upstream, era: 'legacy-session', connections: 1 }),
  ];
  if (!database.skipped) {
    contenders.push(
      gatewayContender({
        impl: 'postgres',
        upstream,
        era: 'legacy-session',
        connections: 1,
        databaseUrl: database.url,
      }),
    );
  }
  let results;
  try {
    results = await compare('gateway 1 in flight', contenders, timing);
  } finally {
    if (!database.skipped) {
      await database.drop().then(
        () => progress(`gateway: PostgreSQL database ${database.name} dropped`),
        (error) => progress(`gateway: could not drop ${database.name}: ${firstLine(error)}`),
      );
    }
  }
  const rows = [
    ['pglite', 'PGlite', results.forge],
    [
      'postgres',
      'PostgreSQL',
      database.skipped ? { error: `skipped: ${database.skipped}` } : results.postgres,
    ],
  ];
  for (const [id, name, gateway] of rows) {
    const rowResults = { forge: gateway, floor: results.floor, proxy: results.proxy };
    record({
      id: `gateway.latency.${id}`,
      group: 'gateway',
      label: `gateway tools/call rates GET, 1 in flight, on ${name} (legacy with session)`,
      unit: 'calls/s',
      better: 'higher',
      latency: true,
      added: addedLatency(gateway, results.floor),
      results: rowResults,
    });
  }
}
