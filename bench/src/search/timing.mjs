/** Search latency, build time and the heap an index holds. */

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { latencySummary, median, round } from '../stats.mjs';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

/**
 * p50/p99 (µs) of single searches: every query `repetitions` times, interleaved, after a warm-up.
 * Collections the searches themselves cause stay in the samples.
 */
export function searchLatency(search, queries, repetitions, limit = 8) {
  for (let i = 0; i < 3; i++) for (const query of queries) search(query, limit);
  // Start from a collected heap: the garbage of loading the catalog (a 70 MB dereferenced
  // document) is not the search's, and a full collection of it would land in some sample.
  gc();
  const samples = new Float64Array(queries.length * repetitions);
  let at = 0;
  for (let r = 0; r < repetitions; r++) {
    for (const query of queries) {
      const started = performance.now();
      search(query, limit);
      samples[at++] = performance.now() - started;
    }
  }
  return { ...latencySummary(samples), searches: samples.length };
}

/** Median build time (ms) over `times` builds, and the heap the last index holds (KiB). */
export function buildCost(build, times = 5) {
  const durations = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    build();
    durations.push(performance.now() - started);
  }
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  let index = build();
  gc();
  gc();
  const heapKiB = (process.memoryUsage().heapUsed - before) / 1024;
  index = index === undefined ? null : index;
  return { buildMs: round(median(durations), 1), heapKiB: round(heapKiB), keep: index };
}
