import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The fixture server script (imports `@mcpforge/server` from dist). */
export const FIXTURE = join(here, 'fixture-server.mjs');

/** A fixture child process spoken to with raw lines. */
export interface RawChild {
  child: ChildProcess;
  stderr: () => string;
  /** Every JSON message read from stdout, in order. */
  messages: unknown[];
  /** Non-JSON lines on stdout (must stay empty). */
  garbage: string[];
  write(line: string): void;
  send(message: unknown): void;
  /** The next message satisfying `predicate` (already received ones included). */
  waitFor(
    predicate: (message: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
  kill(): void;
}

export function spawnFixture(env: Record<string, string> = {}, args: string[] = []): RawChild {
  const child = spawn(process.execPath, [FIXTURE, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const messages: unknown[] = [];
  const garbage: string[] = [];
  const waiters = new Set<() => void>();
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    try {
      messages.push(JSON.parse(line));
    } catch {
      garbage.push(line);
    }
    for (const wake of waiters) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    stderr: () => stderr,
    messages,
    garbage,
    write(line) {
      child.stdin?.write(line);
    },
    send(message) {
      child.stdin?.write(`${JSON.stringify(message)}\n`);
    },
    waitFor(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find((message) => predicate(message as Record<string, unknown>));
          if (found === undefined) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found as Record<string, unknown>);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out; got ${JSON.stringify(messages)}; stderr ${stderr}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    exited,
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
