/**
 * @module
 * What a block marked `fixture=NAME` gets before it runs: a service the check starts, and the
 * variables that point the block at it. `gateway-demo` is `mcpforge gateway demo`, on a free
 * port and a data directory in the check's scratch folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

/** A started fixture: the variables for the block, and how to stop it. */
export interface RunningFixture {
  readonly env: Readonly<Record<string, string>>;
  stop(): Promise<void>;
}

export interface FixtureOptions {
  /** The repository root. */
  readonly cwd: string;
  /** The block's environment (its TMPDIR is the scratch folder). */
  readonly env: NodeJS.ProcessEnv;
}

/** How long a fixture may take to start: the demo opens a new PGlite database. */
export const FIXTURE_START_TIMEOUT_MS = 90_000;
/** How long a stopped fixture gets between SIGTERM and SIGKILL. */
const STOP_GRACE_MS = 10_000;

/** The JSON line `mcpforge gateway demo --json` prints. */
export interface DemoLine {
  adminUrl: string;
  keys: { admin: string; approval: string };
  agents: Record<string, { mcpUrl: string; mcpKey: string }>;
}

/** `currency-rates` → `CURRENCY_RATES`: an agent slug as the tail of a variable name. */
export function variableSuffix(slug: string): string {
  return slug.toUpperCase().replace(/[^A-Z0-9]/g, '_');
}

/**
 * The variables of `gateway-demo`: GATEWAY (the admin API's base URL), ADMIN_KEY,
 * APPROVAL_KEY, MCP_URL and MCP_KEY (the first agent's), and MCP_URL_<AGENT>, MCP_KEY_<AGENT>
 * for every agent.
 * @throws Error when the line is not the demo's shape.
 */
export function demoEnvironment(line: unknown): Record<string, string> {
  const demo = line as DemoLine;
  const agents = Object.entries(demo?.agents ?? {});
  const first = agents[0];
  if (typeof demo?.adminUrl !== 'string' || typeof demo.keys?.admin !== 'string' || first === undefined) {
    throw new Error(`gateway-demo: not the demo's JSON line: ${JSON.stringify(line)?.slice(0, 200)}`);
  }
  const env: Record<string, string> = {
    GATEWAY: demo.adminUrl,
    ADMIN_KEY: demo.keys.admin,
    APPROVAL_KEY: demo.keys.approval,
    MCP_URL: first[1].mcpUrl,
    MCP_KEY: first[1].mcpKey,
  };
  for (const [slug, agent] of agents) {
    env[`MCP_URL_${variableSuffix(slug)}`] = agent.mcpUrl;
    env[`MCP_KEY_${variableSuffix(slug)}`] = agent.mcpKey;
  }
  return env;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(kill);
}

/** `mcpforge gateway demo --json` (the built CLI), until its JSON line. */
async function startGatewayDemo(options: FixtureOptions): Promise<RunningFixture> {
  const scratch = options.env['TMPDIR'] ?? '';
  const child = spawn(
    process.execPath,
    [
      join('packages', 'cli', 'dist', 'main.js'),
      'gateway',
      'demo',
      '--json',
      '--listen',
      '127.0.0.1:0',
      '--data-dir',
      join(scratch, 'gateway-demo'),
    ],
    { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    // Only the start matters for a report; the demo logs a line per call.
    if (stderr.length < 8000) stderr += chunk;
  });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no JSON line within ${FIXTURE_START_TIMEOUT_MS} ms`)),
        FIXTURE_START_TIMEOUT_MS,
      );
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        if (stdout.includes('\n')) return; // the line is read; nothing after it is kept
        stdout += chunk;
        const end = stdout.indexOf('\n');
        if (end !== -1) {
          clearTimeout(timer);
          resolve(stdout.slice(0, end));
        }
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`it exited (code ${code}, signal ${signal}) before its JSON line`));
      });
      child.on('error', reject);
    });
    const env = demoEnvironment(JSON.parse(line));
    return { env, stop: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    throw new Error(
      `fixture gateway-demo did not start: ${(error as Error).message}\nstdout:\n${stdout}\nstderr:\n${stderr}`,
    );
  }
}

/** The fixtures a marker may name, by name. */
export const FIXTURES: Readonly<Record<string, (options: FixtureOptions) => Promise<RunningFixture>>> = {
  'gateway-demo': startGatewayDemo,
};

/** Starts the fixture `name`. @throws Error naming what it printed when it does not start. */
export function startFixture(name: string, options: FixtureOptions): Promise<RunningFixture> {
  const start = FIXTURES[name];
  if (start === undefined) throw new Error(`unknown fixture '${name}'`);
  return start(options);
}
