/**
 * @module
 * Runs one runnable block with bash, the way a reader would paste it into a terminal at the
 * repository root: `set -euo pipefail`, stdin empty, TMPDIR a scratch folder of the check's own.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { RunnableBlock } from './markers.js';

/**
 * Longest a block may run. Runnable blocks are meant to take a few seconds; the margin is for
 * a loaded machine running the whole suite in parallel.
 */
export const DEFAULT_BLOCK_TIMEOUT_MS = 60_000;

/** How long a stopped server gets between SIGTERM and SIGKILL. */
const STOP_GRACE_MS = 5_000;

/** What running a block gave. */
export interface BlockRun {
  /** The exit code, or null when a signal ended it. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Whether the block was stopped because it ran past its time. */
  readonly timedOut: boolean;
  /** For a `server` block: whether its ready text appeared (then the check stopped it). */
  readonly serverReady: boolean;
  /** The script as run (a `port` replaced by a free one). */
  readonly script: string;
}

export interface RunBlockOptions {
  /** Where the commands run: the repository root. */
  readonly cwd: string;
  /** The environment of the commands. */
  readonly env: NodeJS.ProcessEnv;
  readonly timeoutMs?: number | undefined;
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('freePort: no TCP address');
  return address.port;
}

/** The script with the block's declared port replaced, so the check never collides with a running server. */
export async function scriptToRun(block: RunnableBlock): Promise<string> {
  if (block.port === undefined) return block.script;
  const port = await freePort();
  return block.script.replace(new RegExp(`\\b${block.port}\\b`, 'g'), String(port));
}

/** Signals the whole process group of a detached child (npm, its shell and node), ignoring a finished one. */
function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/**
 * Runs `block` to its end, or, for a `server` block, until its ready text appears on stdout or
 * stderr and the check has stopped it. Never rejects for what the commands do: the caller
 * judges the outcome.
 */
export async function runBlock(block: RunnableBlock, options: RunBlockOptions): Promise<BlockRun> {
  const script = await scriptToRun(block);
  const child = spawn('bash', ['-c', `set -euo pipefail\n${script}`], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a timeout or a server stop reaches every process it started.
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  let serverReady = false;
  let timedOut = false;
  let stopTimer: NodeJS.Timeout | undefined;
  const stop = (): void => {
    signalGroup(child.pid, 'SIGTERM');
    stopTimer ??= setTimeout(() => signalGroup(child.pid, 'SIGKILL'), STOP_GRACE_MS);
  };
  const watch = (): void => {
    if (block.server !== undefined && !serverReady && `${stdout}\n${stderr}`.includes(block.server)) {
      serverReady = true;
      stop();
    }
  };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    watch();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    watch();
  });
  const timeout = setTimeout(() => {
    timedOut = true;
    stop();
  }, options.timeoutMs ?? DEFAULT_BLOCK_TIMEOUT_MS);
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timeout);
  clearTimeout(stopTimer);
  // A server block's children may outlive the shell; make sure none is left listening.
  if (block.server !== undefined) signalGroup(child.pid, 'SIGKILL');
  return { code, signal, stdout, stderr, timedOut, serverReady, script };
}
