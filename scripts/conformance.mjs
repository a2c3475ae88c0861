#!/usr/bin/env node
// Runs the official MCP conformance suites against examples/everything over HTTP:
//   conformance-stable (active suite), conformance-next --suite all (each scenario at its own
//   spec version, tasks extension included) and conformance-next --suite all --spec-version 2026-07-28.
// The suites need Node >= 22: they are installed in tools/node22 and run by a Node 22 binary from the
// npm registry (scripts/node22.mjs), installed into .cache on first use. Full logs go to
// .cache/conformance/<run>.log.
// Exit code: 0 only when every run passed every check.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode22Tools } from './node22.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const logDir = join(root, '.cache', 'conformance');

const RUNS = [
  { name: 'stable (0.1.16, active suite)', log: 'stable', cli: 'conformanceStable', args: [] },
  {
    name: 'next (0.2.0-alpha.12, --suite all)',
    log: 'next-all',
    cli: 'conformanceNext',
    args: ['--suite', 'all'],
  },
  {
    name: 'next (0.2.0-alpha.12, --suite all --spec-version 2026-07-28)',
    log: 'next-2026-07-28',
    cli: 'conformanceNext',
    args: ['--suite', 'all', '--spec-version', '2026-07-28'],
  },
];

function step(message) {
  process.stdout.write(`\n▶ ${message}\n`);
}

function build() {
  step('building examples/everything');
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(
    process.execPath,
    [tsc, '-b', join(root, 'examples', 'everything', 'tsconfig.build.json')],
    {
      stdio: 'inherit',
      cwd: root,
    },
  );
  if (result.status !== 0) throw new Error('build failed');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [join(root, 'examples', 'everything', 'dist', 'main.js'), '--http', `127.0.0.1:${port}`],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${stderr}`)), 15_000);
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.includes('"msg":"listening"')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${stderr}`));
    });
  });
  return { url: `http://127.0.0.1:${port}/mcp`, child, stderr: () => stderr };
}

async function stopServer(server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

function runSuite(run, tools, url) {
  return new Promise((resolve) => {
    const child = spawn(tools.node, [tools[run.cli], 'server', '--url', url, ...run.args], { cwd: root });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

function summarize(output) {
  const at = output.lastIndexOf('=== SUMMARY ===');
  const summary = at === -1 ? '(no summary printed)' : output.slice(at).trim();
  const total = /Total: (\d+) passed, (\d+) failed/.exec(summary);
  return {
    summary,
    passed: total ? Number(total[1]) : 0,
    failed: total ? Number(total[2]) : 1,
  };
}

async function main() {
  const tools = ensureNode22Tools();
  build();
  mkdirSync(logDir, { recursive: true });
  let passed = 0;
  let failed = 0;
  let anyFailure = false;
  for (const run of RUNS) {
    step(run.name);
    const server = await startServer();
    let result;
    try {
      result = await runSuite(run, tools, server.url);
    } finally {
      await stopServer(server);
    }
    writeFileSync(
      join(logDir, `${run.log}.log`),
      `${result.output}\n--- server stderr ---\n${server.stderr()}`,
    );
    const { summary, passed: p, failed: f } = summarize(result.output);
    process.stdout.write(`${summary}\n(exit ${result.code}; full log: .cache/conformance/${run.log}.log)\n`);
    passed += p;
    failed += f;
    if (result.code !== 0 || f > 0) anyFailure = true;
  }
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  process.exitCode = anyFailure ? 1 : 0;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
