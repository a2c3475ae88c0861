/** Where a run writes its results: `BENCH_OUT` (a folder) or bench/results. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DEFAULT_RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

export function resultFiles(env = process.env) {
  // An empty BENCH_OUT would write into the working directory; treat it as unset.
  const dir = env.BENCH_OUT ? env.BENCH_OUT : DEFAULT_RESULTS_DIR;
  return { dir, json: join(dir, 'latest.json'), md: join(dir, 'latest.md') };
}

/** The end of the run's last progress line: the files written, as paths a shell can open. */
export function writtenLine(files) {
  return `wrote ${files.json} and ${files.md}`;
}
