#!/usr/bin/env node
/**
 * Compares bench/results/latest.json (or the file given as argument) with the
 * performance budgets; exits 1 listing every missed budget.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { BUDGETS, missedBudgets } from './budgets.mjs';

const path = process.argv[2] ?? fileURLToPath(new URL('../results/latest.json', import.meta.url));
let report;
try {
  report = JSON.parse(await readFile(path, 'utf8'));
} catch (error) {
  process.stderr.write(`bench:check: cannot read ${path}: ${error.message}\nRun \`npm run bench\` first.\n`);
  process.exit(2);
}
const missed = missedBudgets(report);
const when = `${report.generatedAt} on ${report.machine?.nproc} cores (${report.machine?.cpu})`;
if (missed.length === 0) {
  process.stdout.write(`bench:check: all ${BUDGETS.length} budgets met (${when})\n`);
} else {
  process.stdout.write(
    `bench:check: ${missed.length} budget(s) missed (${when}):\n${missed.map((line) => `  - ${line}`).join('\n')}\n`,
  );
  process.exit(1);
}
