#!/usr/bin/env node
/**
 * Runs the whole benchmark several times, one run after another, and folds the runs into
 * bench/results/spread.{json,md}: medians with the lowest and highest run, so the published
 * figures are the typical run and its spread, never the best one.
 *
 *   npm run bench:spread                  (3 runs, about 6 minutes each)
 *   BENCH_RUNS=5 BENCH_ONLY=stdio,http npm run bench:spread
 *   npm run bench:check -- bench/results/spread.json
 *
 * Every BENCH_* variable of run.mjs applies to each run; each run writes its own folder
 * bench/results/runs/<n>/.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { missedBudgets } from './budgets.mjs';
import { progress } from './progress.mjs';
import { foldRuns, renderSpread } from './report/spread.mjs';

const DEFAULT_RUNS = 3;
const resultsDir = process.env.BENCH_OUT || fileURLToPath(new URL('../results/', import.meta.url));
const runScript = fileURLToPath(new URL('./run.mjs', import.meta.url));

function runCount() {
  const raw = process.env.BENCH_RUNS ?? String(DEFAULT_RUNS);
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 2) {
    throw new RangeError(`BENCH_RUNS must be an integer >= 2 (a spread needs two runs); got ${raw}`);
  }
  return runs;
}

async function main() {
  const runs = runCount();
  const reports = [];
  for (let run = 1; run <= runs; run++) {
    const out = join(resultsDir, 'runs', String(run));
    progress(`run ${run} of ${runs} → ${out}`);
    const child = spawnSync(process.execPath, [runScript], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, BENCH_OUT: out },
    });
    if (child.status !== 0) throw new Error(`run ${run} failed (exit ${child.status})`);
    reports.push(JSON.parse(await readFile(join(out, 'latest.json'), 'utf8')));
  }
  const folded = foldRuns(reports);
  const table = renderSpread(folded);
  const missed = missedBudgets(folded);
  await mkdir(resultsDir, { recursive: true });
  const json = join(resultsDir, 'spread.json');
  const md = join(resultsDir, 'spread.md');
  await writeFile(json, `${JSON.stringify(folded, null, 2)}\n`);
  await writeFile(md, markdown(folded, table, missed));
  progress(`wrote ${json} and ${md}`);
  process.stdout.write(`${table}\n\n${budgetLine(missed)}\n`);
}

function budgetLine(missed) {
  if (missed.length === 0) return 'Budgets, judged on the median run: all met.';
  return `Budgets, judged on the median run: ${missed.length} missed:\n${missed.map((line) => `- ${line}`).join('\n')}`;
}

function markdown(folded, table, missed) {
  const { machine } = folded;
  return [
    `# mcpforge benchmark: spread of ${folded.runs} runs`,
    '',
    `${folded.runTimes[0]} … ${folded.runTimes.at(-1)} · ${machine.nproc} cores, ${machine.cpu} · Node ${machine.node} · revision ${machine.revision ?? 'unknown'}`,
    '',
    'Each ratio is the median of the runs (each run: the median of its interleaved slices), then the lowest and highest run.',
    '',
    table,
    '',
    budgetLine(missed),
    '',
  ].join('\n');
}

main().catch((error) => {
  process.stderr.write(`bench:spread failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
