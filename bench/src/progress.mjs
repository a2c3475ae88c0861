/** Progress lines on stderr, so stdout carries only the table. */
const started = performance.now();

export function progress(message) {
  const elapsed = ((performance.now() - started) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[bench ${elapsed}s] ${message}\n`);
}
