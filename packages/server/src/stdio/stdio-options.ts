import type { Readable, Writable } from 'node:stream';
import type { ConnectionOptions } from '@mcpforge/wire';

/**
 * How long calls still running get to finish when the server stops (stdin ended, SIGTERM):
 * enough for a typical tool call to complete its side effect and answer, short enough that a
 * host stopping the server is not kept waiting. `run()`'s `graceMs` and `serveStdio`'s
 * `closeGraceMs` both default to it.
 */
export const DEFAULT_GRACE_MS = 5000;

/** Options of {@link serveStdio}. */
export interface StdioOptions {
  /** Default `process.stdin`. */
  input?: Readable | undefined;
  /** Default `process.stdout`. Nothing but protocol is ever written to it. */
  output?: Writable | undefined;
  /** Largest incoming line; larger ones get a JSON-RPC error and the stream resynchronises. Default 16 MiB. */
  maxMessageBytes?: number | undefined;
  /** Timeout of server-to-client requests (sampling, elicitation, roots). Default 60 000 ms. */
  requestTimeoutMs?: number | undefined;
  /**
   * How long handlers still running when the connection closes may finish (and, when the input
   * ended, have their answers written) before being aborted. Default 5000 ms.
   */
  closeGraceMs?: number | undefined;
  /** Malformed input and stream failures (already answered on the wire when JSON-RPC says so). */
  onError?: ((error: Error) => void) | undefined;
}

/**
 * The wire connection's options: nothing queued for `nextMessage()` (the server listens to the
 * events), and only the limits that were given, so wire's own defaults and checks apply.
 */
export function connectionOptions(options: StdioOptions): ConnectionOptions {
  const resolved: ConnectionOptions = { queueIncoming: false };
  if (options.maxMessageBytes !== undefined) resolved.maxMessageBytes = options.maxMessageBytes;
  if (options.requestTimeoutMs !== undefined) resolved.requestTimeoutMs = options.requestTimeoutMs;
  return resolved;
}
