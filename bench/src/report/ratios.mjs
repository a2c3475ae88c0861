import { median } from '../stats.mjs';

/**
 * forge/floor, forge/SDK v2, forge/best alternative, forge/proxy and proxy/floor for a row. When both sides were measured in the same
 * interleaved rounds, the ratio is the median of the per-round ratios (each pair measured
 * seconds apart, so a burst of background load hits both); otherwise value over value.
 * No ratio when either side is zero or negative (a heap that shrank has no meaningful ratio).
 */
export function ratios(results) {
  return {
    forgeFloor: ratio(results.forge, results.floor),
    forgeV2: ratio(results.forge, results.sdk2),
    forgeAlt: againstBest(results, ratio),
    cpuForgeFloor: cpuRatio(results.forge, results.floor),
    cpuForgeV2: cpuRatio(results.forge, results.sdk2),
    cpuForgeAlt: againstBest(results, cpuRatio),
    // The gateway rows' bare proxy: how close the gateway comes to the ceiling of any proxy,
    // and how far that ceiling is from the direct call.
    forgeProxy: ratio(results.forge, results.proxy),
    proxyFloor: ratio(results.proxy, results.floor),
    cpuForgeProxy: cpuRatio(results.forge, results.proxy),
    cpuProxyFloor: cpuRatio(results.proxy, results.floor),
  };
}

/** The other products a row can compare forge with (the gateway suite's REST-to-MCP servers). */
export const ALTERNATIVES = ['ivotoby', 'generator'];

/**
 * forge against the best of the alternatives measured in the row: the smallest of its ratios
 * to each (the best alternative is the one forge leads least). Null when none was measured.
 */
function againstBest(results, measure) {
  const values = ALTERNATIVES.map((impl) => measure(results.forge, results[impl])).filter(
    (value) => typeof value === 'number',
  );
  return values.length === 0 ? null : Math.min(...values);
}

/**
 * The same comparison from the servers' CPU time per call: their CPU per call over
 * forge's, i.e. how many calls forge serves with the CPU the other needs for one.
 * Free of the wake-up latency that dominates one-in-flight rates on a VM.
 */
function cpuRatio(mine, theirs) {
  const a = mine?.cpuUsPerCall;
  const b = theirs?.cpuUsPerCall;
  return a > 0 && b > 0 ? round2(b / a) : null;
}

function ratio(mine, theirs) {
  if (!(mine?.value > 0) || !(theirs?.value > 0)) return null;
  const a = mine.slices;
  const b = theirs.slices;
  if (
    Array.isArray(a) &&
    Array.isArray(b) &&
    a.length > 0 &&
    a.length === b.length &&
    b.every((rate) => rate > 0)
  ) {
    return round2(median(a.map((rate, i) => rate / b[i])));
  }
  return round2(mine.value / theirs.value);
}

function round2(value) {
  return Math.round(value * 100) / 100;
}
