/** Where `health` writes; `process.stdout` by default. */
export interface HealthOutput {
  write(chunk: string): unknown;
}

/**
 * The `--health` probe for hosts and containers: when `argv` contains `--health`
 * (or `-health`), prints `ok` and exits with status 0 before anything is built,
 * opened or connected. Otherwise it returns and the server starts as usual.
 * Call it first in `main`.
 *
 * @param argv arguments to look in (default `process.argv`)
 * @param out where to print (default `process.stdout`)
 * @param exit how to exit (default `process.exit`); tests pass their own
 */
export function health(
  argv: readonly string[] = process.argv,
  out: HealthOutput = process.stdout,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  if (!argv.includes('--health') && !argv.includes('-health')) return;
  out.write('ok\n');
  exit(0);
}
