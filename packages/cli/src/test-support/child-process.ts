import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Child processes on the workspace's TypeScript sources (the root `test-support/ts-hooks`),
 * each printing one JSON line on stdout once it serves; their stderr is kept for the log checks.
 * @module
 */

/** The workspace's hooks that run TypeScript sources in a child. */
export const REGISTER = fileURLToPath(
  new URL('../../../../test-support/ts-hooks/register.mjs', import.meta.url),
);

/** The `mcpforge` bin's source. */
export const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/** A started child. */
export interface Child {
  readonly process: ChildProcessWithoutNullStreams;
  /** The first stdout line, parsed. */
  readonly ready: Promise<Record<string, unknown>>;
  /** Everything it wrote on stderr so far. */
  stderr(): string;
  /** SIGKILL, or SIGTERM and its exit. */
  kill(signal?: 'SIGKILL' | 'SIGTERM'): Promise<void>;
}

/** Starts `node --import REGISTER script ...args` with `env` added to this process's environment. */
export function startChild(script: string, args: readonly string[], env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', REGISTER, script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout });
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as Record<string, unknown>));
    child.once('exit', (code) =>
      reject(new Error(`${script} exited ${code} before a line; stderr: ${stderr}`)),
    );
  });
  ready.catch(() => undefined);
  return {
    process: child,
    ready,
    stderr: () => stderr,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}

/** What a process that ran to its end left: its exit code (-1 when killed) and its output. */
export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node ...nodeArgs` to its end, with `env` added to this process's environment and no colour. */
export function runToEnd(
  nodeArgs: readonly string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      nodeArgs,
      { env: { ...process.env, NO_COLOR: '1', ...options.env }, timeout: options.timeoutMs ?? 0 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
