// GitHub's REST API description (`generated/api.github.com.json` of @octokit/openapi, 1,000+
// operations, about 13 MB) for the OpenAPI import test, without making every install carry the
// package (385 MB unpacked): `npm pack` fetches its tarball from the registry once, and only that
// one file is extracted into .cache/octokit-openapi-<version>/. Staged and renamed into place,
// so parallel callers never read half a file.
//
//   node scripts/octokit-openapi.mjs            prints the path of the file (installing it first)
//   node scripts/octokit-openapi.mjs --report   imports it into an in-memory PGlite with the built
//                                               gateway (npm run build first) and prints the figures
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cleanNpmEnv } from './node22.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = join(root, '.cache');

/** The release the test imports; pinned so every machine imports the same document. */
export const OCTOKIT_OPENAPI_VERSION = '23.0.2';
const PACKAGE = '@octokit/openapi';
const MEMBER = 'package/generated/api.github.com.json';

function log(message) {
  process.stderr.write(`▶ ${message}\n`);
}

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
  return result.stdout.toString('utf8');
}

/** The path of api.github.com.json, fetched and extracted into .cache on first use. */
export function ensureGithubOpenApi() {
  const target = join(cacheDir, `octokit-openapi-${OCTOKIT_OPENAPI_VERSION}`);
  const file = join(target, 'api.github.com.json');
  if (existsSync(file)) return file;
  log(`fetching ${PACKAGE}@${OCTOKIT_OPENAPI_VERSION} from the npm registry (only ${MEMBER} is kept)`);
  mkdirSync(cacheDir, { recursive: true });
  const staging = mkdtempSync(join(cacheDir, 'octokit-openapi-staging-'));
  try {
    run('npm', ['pack', `${PACKAGE}@${OCTOKIT_OPENAPI_VERSION}`, '--silent', '--pack-destination', staging], {
      cwd: staging,
      env: cleanNpmEnv(),
    });
    const tarball = readdirSync(staging).find((name) => name.endsWith('.tgz'));
    if (tarball === undefined) throw new Error(`npm pack ${PACKAGE} left no tarball`);
    run('tar', ['-xzf', join(staging, tarball), '-C', staging, MEMBER]);
    const extracted = join(staging, 'out');
    mkdirSync(extracted);
    renameSync(join(staging, MEMBER), join(extracted, 'api.github.com.json'));
    try {
      renameSync(extracted, target);
    } catch (error) {
      // Another caller put its copy in place first: the same file.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return file;
}

/** Memory peaks, sampled every 50 ms while `work` runs. */
async function sampled(work) {
  const peak = { rss: 0, heapUsed: 0 };
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peak.rss = Math.max(peak.rss, rss);
    peak.heapUsed = Math.max(peak.heapUsed, heapUsed);
  };
  const timer = setInterval(sample, 50);
  const started = performance.now();
  try {
    const result = await work();
    sample();
    return { result, ms: performance.now() - started, peak };
  } finally {
    clearInterval(timer);
  }
}

/** Imports the document into an in-memory PGlite with the built gateway and prints the figures. */
async function report() {
  const path = ensureGithubOpenApi();
  const gateway = await import(pathToFileURL(join(root, 'packages/gateway/dist/index.js')).href);
  const openapi = await import(pathToFileURL(join(root, 'packages/gateway/dist/openapi/index.js')).href);
  const db = await gateway.openDatabase();
  try {
    const { result, ms, peak } = await sampled(async () => {
      const phases = {};
      let at = performance.now();
      const lap = (name) => {
        const now = performance.now();
        phases[name] = Math.round(now - at);
        at = now;
      };
      const loaded = await openapi.loadOpenApiDocument(path);
      lap('loadMs');
      const plan = openapi.convertDocument(loaded.document, { approval: 'unsafe' });
      lap('convertMs');
      const applied = await openapi.applyImportPlan(db, plan, { workspace: 'github' });
      lap('applyMs');
      const again = await openapi.applyImportPlan(db, plan, { workspace: 'github' });
      lap('reimportMs');
      if (again.counts.unchanged !== applied.operations.length)
        throw new Error('the re-import changed drafts');
      return { loaded, plan, applied, phases };
    });
    const { loaded, plan, applied, phases } = result;
    const mib = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    const figures = {
      document: `${PACKAGE}@${OCTOKIT_OPENAPI_VERSION} generated/api.github.com.json`,
      bytes: loaded.bytes,
      operations: plan.operations.length + plan.skipped.length,
      imported: applied.counts.created + applied.counts.updated + applied.counts.unchanged,
      skipped: applied.counts.skipped,
      warnings: applied.counts.warnings,
      secrets: plan.secrets.length,
      totalMs: Math.round(ms),
      ...phases,
      peakRssMiB: mib(peak.rss),
      peakHeapUsedMiB: mib(peak.heapUsed),
      catalogBytes: applied.metrics.catalogBytes,
      estimatedTokens: applied.metrics.estimatedTokens,
      largestTool: applied.metrics.largestTool,
      largestToolBytes: applied.metrics.largestToolBytes,
      node: process.version,
    };
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
  } finally {
    await db.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--report')) await report();
  else process.stdout.write(`${ensureGithubOpenApi()}\n`);
}
