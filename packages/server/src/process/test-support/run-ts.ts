import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The workspace's shared TypeScript child-process hooks (root `test-support/`). */
export const REGISTER = fileURLToPath(
  new URL('../../../../../test-support/ts-hooks/register.mjs', import.meta.url),
);

/** Starts a TypeScript file in a real `node` child process with piped stdio (the caller ends it). */
export function spawnTypeScript(
  file: string,
  args: readonly string[] = [],
  env: Record<string, string | undefined> = {},
): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', REGISTER, file, ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** What a finished child wrote and how it ended. */
export interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a TypeScript file in a real `node` child process and collects its output.
 * Kills the child after `timeoutMs` so a test can never hang.
 */
export function runTypeScript(
  file: string,
  args: readonly string[] = [],
  env: Record<string, string | undefined> = {},
  timeoutMs = 15_000,
): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', REGISTER, file, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
