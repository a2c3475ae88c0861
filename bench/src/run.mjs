#!/usr/bin/env node
/**
 * forge against the official SDKs (v1 and v2) and the raw floor, and the gateway against direct
 * REST and the REST-to-MCP servers, in one run.
 * Progress goes to stderr; the table to stdout; results to bench/results/latest.{json,md}.
 *
 *   node bench/src/run.mjs            (after `npm run build`)
 *   BENCH_SECONDS=2 node bench/src/run.mjs
 *   BENCH_ONLY=stdio,http node bench/src/run.mjs
 *   node bench/src/run.mjs --json     (the report as JSON on stdout instead of the table)
 *
 * Environment: BENCH_SECONDS (measured seconds per implementation and workload, default 5),
 * BENCH_WARMUP_SECONDS (default 3), BENCH_ROUNDS (interleaved slices, default 10),
 * BENCH_ONLY (comma list of suites), BENCH_OUT (results folder, default bench/results).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { durations } from './durations.mjs';
import { describeMachine, loadAverage } from './machine.mjs';
import { progress } from './progress.mjs';
import { ratios } from './report/ratios.mjs';
import { renderNotes, renderTable } from './report/table.mjs';
import { resultFiles, writtenLine } from './results-files.mjs';
import { runFramingSuite } from './suites/framing.mjs';
import { runGatewaySuite } from './suites/gateway.mjs';
import { runHttpSuite } from './suites/http.mjs';
import { runMemorySuite } from './suites/memory.mjs';
import { runPatternsSuite } from './suites/patterns.mjs';
import { runSearchQualitySuite } from './suites/search-quality.mjs';
import { runStartupSuite } from './suites/startup.mjs';
import { runStdioSuite } from './suites/stdio.mjs';
import { runValidationSuite } from './suites/validation.mjs';

const SUITES = [
  'stdio',
  'http',
  'gateway',
  'framing',
  'validation',
  'patterns',
  'memory',
  'startup',
  'search',
];

/** Which forge entry points are built and importable. */
async function detectForge() {
  const found = { stdio: false, http: false, module: undefined, problems: [] };
  try {
    const forge = await import('@mcpforge/server');
    found.module = forge;
    found.stdio = typeof forge.createServer === 'function' && typeof forge.run === 'function';
    if (!found.stdio) found.problems.push('@mcpforge/server has no createServer/run yet');
  } catch (error) {
    found.problems.push(
      `@mcpforge/server not importable (run \`npm run build\`): ${error.message.split('\n')[0]}`,
    );
  }
  try {
    const http = await import('@mcpforge/server/http');
    found.http = typeof http.createHttpHandler === 'function';
  } catch (error) {
    found.problems.push(`@mcpforge/server/http not importable: ${error.message.split('\n')[0]}`);
  }
  return found;
}

function selectedSuites(env = process.env) {
  if (!env.BENCH_ONLY) return SUITES;
  const wanted = env.BENCH_ONLY.split(',').map((name) => name.trim());
  const unknown = wanted.filter((name) => !SUITES.includes(name));
  if (unknown.length > 0)
    throw new Error(`unknown suite(s) ${unknown.join(', ')}; known: ${SUITES.join(', ')}`);
  return wanted;
}

async function main() {
  const suites = selectedSuites();
  const { warmupMs, measureMs } = durations();
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 10) || 10);
  const timing = { warmupMs, measureMs, rounds };
  const machine = describeMachine();
  const loadBefore = loadAverage();
  progress(
    `${machine.nproc} cores, ${machine.cpu}, node ${machine.node}; load average ${loadBefore.join(' ')}`,
  );
  progress(
    `suites: ${suites.join(', ')}; warm-up ${warmupMs / 1000} s, ${measureMs / 1000} s measured in ${rounds} slices`,
  );

  const forge = await detectForge();
  for (const problem of forge.problems) progress(`forge: ${problem}`);
  const base = ['sdk1', 'sdk2', 'floor'];
  const available = forge.stdio ? ['forge', ...base] : base;
  const availableHttp = forge.http ? ['forge', ...base] : base;

  const rows = [];
  const record = (row) => {
    if (!forge.stdio && row.group !== 'http' && row.group !== 'gateway' && row.results.forge === undefined) {
      row.results.forge = { error: 'forge not built' };
    }
    if (!forge.http && row.group === 'http' && row.results.forge === undefined) {
      row.results.forge = { error: 'forge HTTP not built' };
    }
    row.ratios = ratios(row.results);
    rows.push(row);
  };
  const started = Date.now();
  for (const suite of suites) {
    if (suite === 'stdio') await runStdioSuite({ available, timing, record });
    if (suite === 'http') await runHttpSuite({ available: availableHttp, timing, record });
    if (suite === 'gateway') await runGatewaySuite({ timing, record });
    if (suite === 'framing') await runFramingSuite({ record });
    if (suite === 'validation') await runValidationSuite({ forge: forge.module, record });
    if (suite === 'patterns') await runPatternsSuite({ forge: forge.module, record });
    if (suite === 'memory') await runMemorySuite({ available, availableHttp, record });
    if (suite === 'startup') await runStartupSuite({ available, record });
    if (suite === 'search') await runSearchQualitySuite({ record });
  }
  const report = {
    generatedAt: new Date().toISOString(),
    durationSeconds: Math.round((Date.now() - started) / 1000),
    machine,
    loadAverage: { before: loadBefore, after: loadAverage() },
    settings: { warmupMs, measureMs, rounds, httpConnections: 32, suites },
    rows,
  };
  const table = renderTable(rows);
  const notes = renderNotes(rows);
  const files = resultFiles();
  await mkdir(files.dir, { recursive: true });
  await writeFile(files.json, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(files.md, markdown(report, table, notes));
  progress(`done in ${report.durationSeconds} s; ${writtenLine(files)}`);
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else process.stdout.write(`${table}\n${notes ? `\n${notes}\n` : ''}`);
}

function markdown(report, table, notes) {
  const { machine, settings, loadAverage: load } = report;
  return [
    '# forge benchmark: latest run',
    '',
    `${report.generatedAt} · ${machine.nproc} cores, ${machine.cpu}, ${machine.memoryGiB} GiB · Node ${machine.node} · ${machine.platform} · revision ${machine.revision ?? 'unknown'}`,
    '',
    `Each figure: ${settings.warmupMs / 1000} s warm-up, then ${settings.measureMs / 1000} s measured in ${settings.rounds} interleaved slices: figures are the median slice, ratios the median of per-round ratios. HTTP: ${settings.httpConnections} keep-alive connections. Load average before/after: ${load.before.join(' ')} / ${load.after.join(' ')}. Run took ${report.durationSeconds} s.`,
    '',
    table,
    '',
    ...(notes ? [notes, ''] : []),
  ].join('\n');
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
