#!/usr/bin/env node
/**
 * The OpenAPI import of GitHub's REST API (1,223 operations, scripts/octokit-openapi.mjs fetches
 * the document once), measured two ways in one run, each in its own process so their memory
 * peaks are their own (issue 22, point 10):
 *
 *   memory   in-memory PGlite, drafts only (the figure the OpenAPI docs quote)
 *   disk     on-disk PGlite in a temporary data directory, with --publish and an agent, as an
 *            operator runs `mcpforge gateway import openapi ... --publish --allow-host --agent`
 *
 * The budget: the on-disk publish within 2x the in-memory drafts-only time.
 *
 *   npm run build && node bench/src/import-github.mjs       prints both figures and the ratio
 *   node bench/src/import-github.mjs --json                 one JSON line
 *
 * Writes bench/results/import-github.json. A busy machine slows both runs alike; the ratio is
 * what to read.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureGithubOpenApi } from '../../scripts/octokit-openapi.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** The on-disk publish may take at most this many times the in-memory drafts-only import. */
export const IMPORT_BUDGET_RATIO = 2;

/** One import in this process: `memory` or `disk`; prints its figures as one JSON line. */
async function child(mode, source) {
  const gateway = await import(pathToFileURL(join(root, 'packages/gateway/dist/index.js')).href);
  const openapi = await import(pathToFileURL(join(root, 'packages/gateway/dist/openapi/index.js')).href);
  const dataDir = mode === 'disk' ? mkdtempSync(join(tmpdir(), 'mcpforge-bench-import-')) : undefined;
  try {
    const db = await gateway.openDatabase(dataDir === undefined ? {} : { dataDir });
    let peakRss = 0;
    const sample = () => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    };
    const timer = setInterval(sample, 50);
    const started = performance.now();
    const report = await openapi.importOpenApi(db, source, {
      workspace: 'github',
      ...(mode === 'disk' ? { publish: true, allowHost: true, agent: 'github' } : {}),
    });
    const ms = performance.now() - started;
    clearInterval(timer);
    sample();
    await db.close();
    process.stdout.write(
      `${JSON.stringify({
        mode,
        ms: Math.round(ms),
        peakRssMiB: Math.round(peakRss / 1048576),
        created: report.counts.created,
        published: report.operations.filter((o) => o.publishedVersion !== undefined).length,
      })}\n`,
    );
  } finally {
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  }
}

function runChild(mode, source) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [fileURLToPath(import.meta.url), '--child', mode, source],
      { maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        if (error !== null) reject(new Error(`the ${mode} import failed: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout.trim().split('\n').at(-1)));
      },
    );
  });
}

async function main() {
  const source = ensureGithubOpenApi();
  const memory = await runChild('memory', source);
  const disk = await runChild('disk', source);
  const ratio = Math.round((disk.ms / memory.ms) * 100) / 100;
  const result = {
    document: 'GitHub REST API (@octokit/openapi api.github.com.json)',
    memory,
    disk,
    ratio,
    budget: IMPORT_BUDGET_RATIO,
    withinBudget: ratio <= IMPORT_BUDGET_RATIO,
    node: process.version,
  };
  writeFileSync(join(root, 'bench/results/import-github.json'), `${JSON.stringify(result, null, 2)}\n`);
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    const line = (label, r) =>
      `${label.padEnd(34)} ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${String(r.peakRssMiB).padStart(5)} MiB peak RSS  (${r.created} created, ${r.published} published)`;
    process.stdout.write(
      [
        line('in memory, drafts only', memory),
        line('on disk, --publish and an agent', disk),
        `ratio ${ratio}x (budget ${IMPORT_BUDGET_RATIO}x): ${result.withinBudget ? 'within' : 'OVER'}`,
        '',
      ].join('\n'),
    );
  }
  if (!result.withinBudget) process.exitCode = 1;
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
else await main();
