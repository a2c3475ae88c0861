/** Percentiles and rounding for the report. */

/** Sorts `samples` (milliseconds) in place and returns p50/p99 in microseconds. */
export function latencySummary(samples) {
  if (samples.length === 0) return { p50Us: null, p99Us: null };
  const sorted = Float64Array.from(samples).sort();
  return {
    p50Us: round(percentile(sorted, 0.5) * 1000, 1),
    p99Us: round(percentile(sorted, 0.99) * 1000, 1),
  };
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, fraction) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank];
}

export function median(values) {
  return percentile(Float64Array.from(values).sort(), 0.5);
}

export function round(value, digits = 0) {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
