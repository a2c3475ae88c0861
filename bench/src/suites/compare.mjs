/**
 * Interleaved comparison: every contender's server is started and warmed up, then
 * measured in short slices, round-robin, so background load on a shared machine falls
 * on all of them alike. Throughput is the median of the slices; latency percentiles
 * are over all measured requests; `slices` keeps one rate per round, in round order, so
 * ratios can pair slices measured seconds apart. When a contender names its server's
 * `pid` (or `pids`, e.g. a gateway and its upstream), their CPU time over the measured
 * windows gives `cpuUsPerCall`.
 */
import { cpuMicros } from '../drivers/child.mjs';
import { progress } from '../progress.mjs';
import { latencySummary, median, round } from '../stats.mjs';

/**
 * @param label  what is measured (progress lines)
 * @param contenders  `[{ impl, start: async () => ({ run(warmupMs, measureMs), stop() }) }]`
 * @returns `{ [impl]: { value, p50Us, p99Us, errors, slices } | { error } }`
 */
export async function compare(label, contenders, { warmupMs, measureMs, rounds = 10, sliceWarmupMs = 250 }) {
  const live = [];
  const results = {};
  try {
    for (const contender of contenders) {
      progress(`${label}: ${contender.impl} starting and warming up (${warmupMs / 1000} s)`);
      try {
        const session = await contender.start();
        live.push({
          impl: contender.impl,
          session,
          slices: [],
          latencies: [],
          errors: 0,
          completed: 0,
          cpu: 0,
        });
        await session.run(warmupMs, 200);
      } catch (error) {
        results[contender.impl] = { error: firstLine(error) };
        progress(`${label}: ${contender.impl} FAILED: ${firstLine(error)}`);
        const started = live.find((entry) => entry.impl === contender.impl);
        if (started) {
          live.splice(live.indexOf(started), 1);
          await started.session.stop();
        }
      }
    }
    const sliceMs = Math.max(200, Math.round(measureMs / rounds));
    for (let r = 0; r < rounds; r++) {
      progress(`${label}: round ${r + 1}/${rounds}`);
      const order = live
        .slice(r % Math.max(1, live.length))
        .concat(live.slice(0, r % Math.max(1, live.length)));
      for (const entry of order) {
        if (results[entry.impl]?.error) continue;
        try {
          const slice = await entry.session.run(sliceWarmupMs, sliceMs, cpuHooks(entry));
          entry.slices.push(slice.completed / slice.seconds);
          for (const latency of slice.latencies) entry.latencies.push(latency);
          entry.errors += slice.errors;
          entry.completed += slice.completed;
        } catch (error) {
          results[entry.impl] = { error: firstLine(error) };
          progress(`${label}: ${entry.impl} FAILED: ${firstLine(error)}`);
        }
      }
    }
    for (const entry of live) {
      if (results[entry.impl]?.error) continue;
      results[entry.impl] = {
        value: round(median(entry.slices)),
        ...latencySummary(entry.latencies),
        errors: entry.errors,
        completed: entry.completed,
        cpuUsPerCall: serverPids(entry.session).length === 0 ? null : round(entry.cpu / entry.completed, 2),
        slices: entry.slices.map((rate) => round(rate)),
      };
    }
  } finally {
    await Promise.all(live.map((entry) => entry.session.stop()));
  }
  return results;
}

/** The processes whose CPU time a contender is charged: `pids`, else `pid`, else none. */
function serverPids(session) {
  if (Array.isArray(session.pids)) return session.pids;
  return session.pid === undefined ? [] : [session.pid];
}

/** Adds the server children's CPU time over the measured window to `entry.cpu`. */
function cpuHooks(entry) {
  const pids = serverPids(entry.session);
  if (pids.length === 0) return undefined;
  const total = () => pids.reduce((sum, pid) => sum + cpuMicros(pid), 0);
  let startedAt = 0;
  return {
    onMeasureStart: () => {
      startedAt = total();
    },
    onMeasureEnd: () => {
      entry.cpu += total() - startedAt;
    },
  };
}

export function firstLine(error) {
  return String(error?.message ?? error)
    .split('\n')[0]
    .slice(0, 200);
}
