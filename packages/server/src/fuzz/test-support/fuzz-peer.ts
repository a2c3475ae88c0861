/**
 * @module
 * What the fuzz tests need of a transport: send one message and get back the problems with what
 * was answered, ask the server for its memory after a GC, and say whether it is still alive.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The fuzz server's memory tool (defined in fuzz-server.mjs). */
export const HEAP_TOOL = 'fuzz_heap';

const SERVER_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'fuzz-server.mjs');

/** How long one message may take to be answered before it counts as lost. */
export const ANSWER_TIMEOUT_MS = 10_000;

/** Bytes of the server's stderr kept for a failure report. */
const STDERR_TAIL_BYTES = 16 * 1024;

export interface Memory {
  heapUsed: number;
  rss: number;
}

export interface FuzzPeer {
  /**
   * Sends one message (`copies` times at once); resolves with every problem in what came back
   * (empty when all is well).
   */
  exchange(text: string, copies: 1 | 2): Promise<string[]>;
  /** Calls a normal tool; resolves with its text, proving the server still serves. */
  echo(text: string): Promise<string>;
  /** The server's memory right after a full GC. */
  memory(): Promise<Memory>;
  /** Exit code or signal once the server process has ended; undefined while it runs. */
  exited(): string | undefined;
  /** The end of what the server wrote to stderr. */
  stderrTail(): string;
  close(): Promise<void>;
}

/** The fuzz server as a child process, with `--expose-gc` so memory can be read after a GC. */
export interface ServerProcess {
  child: ChildProcess;
  exited(): string | undefined;
  stderrTail(): string;
  stop(): Promise<void>;
}

export function spawnServer(args: string[] = []): ServerProcess {
  const child = spawn(process.execPath, ['--expose-gc', SERVER_SCRIPT, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, MCPFORGE_LOG_LEVEL: 'warn' },
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES);
  });
  // A write to a server that died must surface as its exit, not as an unhandled EPIPE.
  child.stdin?.on('error', () => {});
  let exit: string | undefined;
  const ended = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = signal === null ? `exit code ${code}` : `signal ${signal}`;
      resolve();
    }),
  );
  return {
    child,
    exited: () => exit,
    stderrTail: () => stderr,
    async stop() {
      if (exit === undefined) child.kill('SIGKILL');
      await ended;
    },
  };
}

/** Runs `work` with a deadline; rejects with `what` when it passes. */
export async function within<T>(work: Promise<T>, what: string, ms = ANSWER_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
