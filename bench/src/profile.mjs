#!/usr/bin/env node
/**
 * Profiles one forge workload: runs the forge child with --cpu-prof under the same lean
 * driver as the bench, then prints where the child's CPU time went (self time by
 * function and by file), so a missed budget points at code.
 *
 *   node bench/src/profile.mjs stdio-legacy-64 | stdio-modern-64 | stdio-legacy-1 | http-legacy-session | http-legacy-stateless | http-modern
 *
 * BENCH_SECONDS sets the profiled window (default 5); the .cpuprofile is kept in
 * bench/results/profiles/ for Chrome DevTools or speedscope.
 */
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { spawnServer, waitForPort } from './drivers/child.mjs';
import { HttpLoad } from './drivers/http-client.mjs';
import { StdioClient } from './drivers/stdio-client.mjs';
import { durations } from './durations.mjs';
import { progress } from './progress.mjs';
import { HTTP_MODES } from './suites/http.mjs';
import { checkEchoResponse, ERA_SETUP, echoOk, eraBody } from './suites/http-eras.mjs';
import { checkEcho, handshake } from './suites/stdio-session.mjs';
import { ECHO_TEXT, echoCallParts } from './workload.mjs';

const WORKLOADS = {
  'stdio-legacy-1': { transport: 'stdio', era: 'legacy', window: 1 },
  'stdio-legacy-64': { transport: 'stdio', era: 'legacy', window: 64 },
  'stdio-modern-1': { transport: 'stdio', era: 'modern', window: 1 },
  'stdio-modern-64': { transport: 'stdio', era: 'modern', window: 64 },
  'http-legacy-session': { transport: 'http', era: 'legacy-session' },
  'http-legacy-stateless': { transport: 'http', era: 'legacy-stateless' },
  'http-modern': { transport: 'http', era: 'modern' },
};

const name = process.argv[2];
const workload = WORKLOADS[name];
if (workload === undefined) {
  process.stderr.write(`usage: profile.mjs <${Object.keys(WORKLOADS).join('|')}>\n`);
  process.exit(2);
}
const impl = process.argv[3] ?? 'forge';
const dir = fileURLToPath(new URL(`../results/profiles/${name}-${impl}/`, import.meta.url));
await rm(dir, { recursive: true, force: true });
await mkdir(dir, { recursive: true });
const { measureMs } = durations();
const nodeArgs = ['--cpu-prof', `--cpu-prof-dir=${dir}`];

let result;
if (workload.transport === 'stdio') {
  const server = spawnServer(impl, 'stdio', { nodeArgs });
  const client = new StdioClient(server.child);
  if (workload.era === 'legacy') await handshake(client);
  progress(`${name}: profiling ${impl} for ${measureMs / 1000} s`);
  result = await client.load({
    parts: echoCallParts(workload.era),
    window: workload.window,
    warmupMs: 500,
    measureMs,
    check: checkEcho(ECHO_TEXT),
  });
  await server.stop();
} else {
  const mode = HTTP_MODES[workload.era][impl];
  if (mode === undefined) throw new Error(`${impl} does not serve ${name}`);
  const server = spawnServer(impl, mode, { nodeArgs });
  const port = await waitForPort(server);
  const load = await HttpLoad.open({ port, connections: 32, open: ERA_SETUP[workload.era] });
  progress(`${name}: profiling ${impl} for ${measureMs / 1000} s`);
  result = await load.run({
    body: eraBody(workload.era),
    ok: echoOk,
    check: checkEchoResponse,
    warmupMs: 500,
    measureMs,
  });
  load.close();
  await server.stop(); // SIGTERM → process.exit → the profile is written
}
progress(`${name}: ${Math.round(result.completed / result.seconds)} requests/s under the profiler`);

const files = (await readdir(dir)).filter((file) => file.endsWith('.cpuprofile'));
if (files.length === 0) throw new Error(`no .cpuprofile written in ${dir}`);
const profile = JSON.parse(await readFile(`${dir}${files[0]}`, 'utf8'));
process.stdout.write(summarise(profile));
process.stdout.write(`\nprofile: ${dir}${files[0]}\n`);

/**
 * Self time by function and by file, and inclusive time of the functions on the stack,
 * as shares of the busy time (idle excluded), as text tables.
 */
function summarise(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const key = (frame) =>
    `${shortFile(frame.url) || `(${frame.functionName || 'native'})`}:${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}`;
  let busy = 0;
  let idle = 0;
  const byFunction = new Map();
  const byFile = new Map();
  const inclusive = new Map();
  for (const [id, micros] of self) {
    const frame = byId.get(id).callFrame;
    if (frame.functionName === '(idle)') {
      idle += micros;
      continue;
    }
    busy += micros;
    const file = shortFile(frame.url) || `(${frame.functionName || 'native'})`;
    byFunction.set(key(frame), (byFunction.get(key(frame)) ?? 0) + micros);
    byFile.set(file, (byFile.get(file) ?? 0) + micros);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const name = key(byId.get(at).callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
    }
  }
  const table = (title, map, limit, filter = () => true) => {
    const rows = [...map.entries()]
      .filter(([name]) => filter(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit);
    return [
      title,
      ...rows.map(([name, micros]) => `${((micros / busy) * 100).toFixed(1).padStart(5)}%  ${name}`),
    ].join('\n');
  };
  const head = `busy ${(busy / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms; shares are of busy time`;
  return `${[
    head,
    table('self time by function', byFunction, 30),
    table('self time by file', byFile, 25),
    table(
      'inclusive time, forge and bench code on the stack',
      inclusive,
      30,
      (name) => name.startsWith('packages/') || name.startsWith('bench/'),
    ),
  ].join('\n\n')}\n`;
}

function shortFile(url) {
  if (!url) return '';
  const path = url.replace(/^file:\/\//, '');
  const at = path.indexOf('/node_modules/');
  if (at !== -1) return path.slice(at + 14);
  const root = path.indexOf('/packages/');
  if (root !== -1) return path.slice(root + 1);
  const bench = path.indexOf('/bench/');
  return bench !== -1 ? path.slice(bench + 1) : path;
}
