/**
 * The limits of the gateway's own `node:http` listener, set deliberately rather than left to
 * Node's defaults: those held a connection sending partial headers, with no key, for 90 s
 * (`headersTimeout` 60 s, checked every 30 s), and an authenticated request whose body never
 * ended for 300 s (`requestTimeout`) (issue 19, point 5). Every open connection holds memory,
 * so their number is bounded too; one past the bound is answered 503 with `Retry-After`.
 * @module
 */

import type { ServerOptions } from 'node:http';
import { DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_HEADER_BYTES } from '@mcpforge/server/http';

/** Time to receive a request's headers: a real client sends them in one packet. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/**
 * Time to receive a whole request, body included (an SSE GET is whole once its headers are in):
 * a 4 MiB MCP body at 150 KB/s, far more than a client on a slow link needs for real messages.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Connections served at once (the toolkit's `DEFAULT_MAX_CONNECTIONS`, half the usual 1,024 open files). */
export const DEFAULT_GATEWAY_MAX_CONNECTIONS = DEFAULT_MAX_CONNECTIONS;
/**
 * How often Node looks for connections past those timeouts: its 30 s default is what turned a
 * 60 s timeout into 90 s. The check walks the open connections, a few thousand at most.
 */
const CONNECTIONS_CHECK_MS = 1_000;

/** The listener's limits (`StartGatewayOptions.listen`). */
export interface ListenerLimitOptions {
  /** @default DEFAULT_GATEWAY_MAX_CONNECTIONS (512) */
  maxConnections?: number | undefined;
  /** @default DEFAULT_HEADERS_TIMEOUT_MS (10 s) */
  headersTimeoutMs?: number | undefined;
  /** At least `headersTimeoutMs`. @default DEFAULT_REQUEST_TIMEOUT_MS (30 s) */
  requestTimeoutMs?: number | undefined;
}

/** The limits checked, with the defaults filled in. */
export interface ListenerLimits {
  maxConnections: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  // NaN, 0 or a negative value would turn the limit off (Node reads 0 as "no timeout").
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`${name}: must be a positive integer (got ${String(value)})`);
  }
  return value;
}

/** Checks the limits. @throws RangeError naming the option. */
export function resolveListenerLimits(options: ListenerLimitOptions = {}): ListenerLimits {
  const headersTimeoutMs = positiveInteger(
    'listen.headersTimeoutMs',
    options.headersTimeoutMs,
    DEFAULT_HEADERS_TIMEOUT_MS,
  );
  const requestTimeoutMs = positiveInteger(
    'listen.requestTimeoutMs',
    options.requestTimeoutMs,
    Math.max(DEFAULT_REQUEST_TIMEOUT_MS, headersTimeoutMs),
  );
  if (requestTimeoutMs < headersTimeoutMs) {
    throw new RangeError(
      `listen.requestTimeoutMs: must be at least listen.headersTimeoutMs (${headersTimeoutMs}), got ${requestTimeoutMs}`,
    );
  }
  return {
    maxConnections: positiveInteger(
      'listen.maxConnections',
      options.maxConnections,
      DEFAULT_GATEWAY_MAX_CONNECTIONS,
    ),
    headersTimeoutMs,
    requestTimeoutMs,
  };
}

/** `createServer` options applying `limits`. */
export function listenerServerOptions(limits: ListenerLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(CONNECTIONS_CHECK_MS, limits.headersTimeoutMs),
    maxHeaderSize: DEFAULT_MAX_HEADER_BYTES,
  };
}
