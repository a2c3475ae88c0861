import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  type Connection,
  ConnectionTimeoutError,
  ErrorCode,
  fromChildProcess,
  RpcError,
} from '@mcpforge/wire';
import type { McpTransport, RpcOutcome, SendOptions } from './transport.js';

/** Largest message read from the server; a larger line is reported, not buffered. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** How much of the child's stderr is kept to explain a crash. */
const STDERR_TAIL_BYTES = 2048;
/** How much of that tail a report shows. */
const STDERR_SHOWN = 400;
/** How long a child gets to exit after its stdin ended, and again after SIGTERM. */
const EXIT_GRACE_MS = 1000;

/**
 * A server started as `command` with its stdio piped: MCP on stdin/stdout, stderr kept (its tail)
 * to explain a crash. `close()` ends stdin, then SIGTERM, then SIGKILL: the child never outlives it.
 */
export function stdioTransport(command: readonly string[], env: NodeJS.ProcessEnv): McpTransport {
  const [file, ...args] = command;
  if (file === undefined) throw new TypeError('stdioTransport needs a command');
  const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], env });
  const problems: string[] = [];
  let stderrTail = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_BYTES);
  });
  let spawnError: Error | undefined;
  child.on('error', (error) => {
    spawnError = error;
  });
  const connection = fromChildProcess(child, { maxMessageBytes: MAX_MESSAGE_BYTES, queueIncoming: false });
  connection.on('error', (error) => {
    if (problems.length < 20) problems.push(`stdout: ${error.message}`);
  });
  // The checker declares no client capabilities, so a server request is answered, never left hanging.
  connection.on('request', (message) => {
    if (!connection.closed)
      connection.respondError(message.id, ErrorCode.MethodNotFound, `Method not found: ${message.method}`);
  });

  const gone = (): string => describeExit(child, spawnError, stderrTail);

  return {
    async request(method, params, options: SendOptions): Promise<RpcOutcome> {
      return send(connection, method, params, options, gone);
    },
    async notify(method, params) {
      try {
        connection.notify(method, params);
        return undefined;
      } catch {
        return gone();
      }
    },
    problems: () => problems,
    close: () => stop(connection, child),
  };
}

async function send(
  connection: Connection,
  method: string,
  params: Record<string, unknown>,
  options: SendOptions,
  gone: () => string,
): Promise<RpcOutcome> {
  try {
    const result = await connection.request(method, params, { timeoutMs: options.timeoutMs });
    return { kind: 'result', result };
  } catch (error) {
    if (error instanceof RpcError) {
      return error.data === undefined
        ? { kind: 'error', code: error.code, message: error.message }
        : { kind: 'error', code: error.code, message: error.message, data: error.data };
    }
    if (error instanceof ConnectionTimeoutError) return { kind: 'timeout', timeoutMs: options.timeoutMs };
    // Give an exit that is under way the moment it needs to be seen.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { kind: 'failed', reason: gone() };
  }
}

function describeExit(child: ChildProcess, spawnError: Error | undefined, stderrTail: string): string {
  if (spawnError !== undefined) return `the server could not be started: ${spawnError.message}`;
  // The last lines, cut: enough to see the cause (a fatal log line can be kilobytes).
  const lines = stderrTail.trim().split('\n').slice(-3).join(' | ');
  const tail = lines.length > STDERR_SHOWN ? `…${lines.slice(-STDERR_SHOWN)}` : lines;
  const said = tail === '' ? '' : `; its stderr ended with: ${tail}`;
  if (child.exitCode !== null) return `the server exited with code ${child.exitCode}${said}`;
  if (child.signalCode !== null) return `the server was killed by ${child.signalCode}${said}`;
  return `the server closed its stdout${said}`;
}

async function stop(connection: Connection, child: ChildProcess): Promise<void> {
  connection.close();
  const exited = (): boolean =>
    child.exitCode !== null || child.signalCode !== null || child.pid === undefined;
  for (const signal of [undefined, 'SIGTERM', 'SIGKILL'] as const) {
    if (exited()) return;
    if (signal !== undefined) child.kill(signal);
    await exitWithin(child, EXIT_GRACE_MS);
  }
}

/** Settles when `child` exits or after `ms`, whichever comes first. */
async function exitWithin(child: ChildProcess, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    once(child, 'exit').catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}
