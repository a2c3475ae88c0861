/**
 * How long each measurement runs. `BENCH_SECONDS` sets the measured window (default 5 s);
 * `BENCH_WARMUP_SECONDS` the warm-up before it (default 3 s, capped at the window).
 */
export function durations(env = process.env) {
  const measure = positive(env.BENCH_SECONDS, 5);
  const warmup = Math.min(positive(env.BENCH_WARMUP_SECONDS, 3), measure);
  return { warmupMs: warmup * 1000, measureMs: measure * 1000 };
}

function positive(raw, fallback) {
  const value = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(value) && value > 0 ? value : fallback;
}
