/**
 * The gateway's event-loop delay under load on PGlite, with PGlite on a worker thread (the
 * default) and on the event loop's own thread (the adapter before issue 26), in one interleaved
 * comparison: 32 keep-alive connections calling the rates tool (legacy with a session), so every
 * call writes history. The gateway process samples its own event loop (`monitorEventLoopDelay`,
 * 1 ms resolution) over each measured slice; a figure is the median over slices of the slice's
 * p99 (and p50, max), next to the calls/s and call latency of the same slices.
 *
 *   node bench/src/suites/gateway-event-loop.mjs     this comparison alone (after `npm run build`)
 */
import { pathToFileURL } from 'node:url';
import { durations } from '../durations.mjs';
import { progress } from '../progress.mjs';
import { median, round } from '../stats.mjs';
import { compare } from './compare.mjs';
import { gatewayContender, startUpstream } from './gateway-contenders.mjs';

/** As the gateway suite's rows (GATEWAY_CONNECTIONS; not imported: gateway.mjs imports this). */
const CONNECTIONS = 32;

/** Where PGlite runs, as the row ids and labels name it. */
export const PGLITE_THREADS = [
  ['worker', 'pglite-worker', 'on its worker thread (default)'],
  ['main', 'pglite-main', "on the event loop's thread (before)"],
];

/** Reads the server's `loop <p50> <p99> <max>` answer to `loop report`. */
function loopReport(server) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => done(new Error('no "loop" line from the gateway')), 10_000);
    const onData = (chunk) => {
      seen += chunk.toString();
      const match = /^loop (\d+) (\d+) (\d+)$/m.exec(seen);
      if (match)
        done(undefined, { p50Us: Number(match[1]), p99Us: Number(match[2]), maxUs: Number(match[3]) });
    };
    const done = (error, value) => {
      clearTimeout(timer);
      server.child.stdout.off('data', onData);
      if (error) reject(error);
      else resolve(value);
    };
    server.child.stdout.on('data', onData);
    server.child.stdin.write('loop report\n');
  });
}

/** The gateway contender, its event-loop delay read over each measured window into `windows`. */
function sampledGateway({ impl, thread, upstream, windows }) {
  const contender = gatewayContender({
    impl,
    upstream,
    era: 'legacy-session',
    connections: CONNECTIONS,
    env: { BENCH_PGLITE_THREAD: thread },
  });
  return {
    impl,
    async start() {
      const session = await contender.start();
      let runs = 0;
      return {
        ...session,
        async run(warmupMs, measureMs, hooks) {
          const slice = await session.run(warmupMs, measureMs, {
            onMeasureStart() {
              hooks?.onMeasureStart();
              session.server.child.stdin.write('loop reset\n');
            },
            onMeasureEnd() {
              hooks?.onMeasureEnd();
            },
          });
          const report = await loopReport(session.server);
          // compare() warms each contender up with one run before the slices: only slices count.
          if (++runs > 1) windows.push(report);
          return slice;
        },
      };
    },
  };
}

/** Median over slices of each figure, in ms. */
function summary(windows) {
  const ms = (pick) => round(median(windows.map(pick)) / 1000, 2);
  return { p50Ms: ms((w) => w.p50Us), p99Ms: ms((w) => w.p99Us), maxMs: ms((w) => w.maxUs) };
}

/** Records the two rows `gateway.event-loop.pglite-worker` and `gateway.event-loop.pglite-main`. */
export async function runGatewayEventLoop({ upstream, timing, record }) {
  const windows = Object.fromEntries(PGLITE_THREADS.map(([thread]) => [thread, []]));
  const contenders = PGLITE_THREADS.map(([thread, impl]) =>
    sampledGateway({ impl, thread, upstream, windows: windows[thread] }),
  );
  const results = await compare('gateway event loop', contenders, timing);
  for (const [thread, impl, where] of PGLITE_THREADS) {
    const calls = results[impl];
    const loop = windows[thread].length > 0 ? summary(windows[thread]) : undefined;
    progress(`gateway event loop: PGlite ${where}: ${JSON.stringify(loop ?? calls)}`);
    record({
      id: `gateway.event-loop.${impl}`,
      group: 'gateway',
      label: `gateway event-loop delay p99 under load (32 conns, legacy, history on), PGlite ${where}`,
      unit: 'ms',
      better: 'lower',
      results: {
        forge:
          calls?.error !== undefined || loop === undefined
            ? { error: calls?.error ?? 'no event-loop sample' }
            : {
                value: loop.p99Ms,
                eventLoop: loop,
                callsPerSecond: calls.value,
                p50Us: calls.p50Us,
                p99Us: calls.p99Us,
              },
      },
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { warmupMs, measureMs } = durations();
  const timing = { warmupMs, measureMs, rounds: Math.max(1, Number(process.env.BENCH_ROUNDS ?? 10) || 10) };
  const upstream = await startUpstream();
  const rows = [];
  try {
    await runGatewayEventLoop({ upstream, timing, record: (row) => rows.push(row) });
  } finally {
    await upstream.stop();
  }
  process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
}
