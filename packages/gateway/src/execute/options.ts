import type { LookupFunction } from 'node:net';
import type { UpstreamHost } from '../catalog/upstream-hosts-table.js';
import type { Environment } from './request-headers.js';

/** Connect timeout when none is set: a TCP and TLS handshake that takes longer is a dead host. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/**
 * Sockets per upstream origin when none is set: room for the 32 calls in flight of the
 * benchmark with headroom; more calls queue rather than flood one upstream.
 */
export const DEFAULT_CONNECTIONS_PER_ORIGIN = 64;
/** How long an idle socket is kept: under the 5 s idle timeout common to HTTP servers, so the upstream rarely closes first. */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 4_000;
/** Where a non-JSON answer is cut: a page of HTML or a log is rarely worth more of a model's context. */
export const DEFAULT_MAX_TEXT_BYTES = 64 * 1024;
/** Deepest JSON answer accepted: far beyond real APIs, far below what recursive steps can take. */
export const DEFAULT_MAX_JSON_DEPTH = 100;

/** Bounds of the executor; per-call timeout and size cap come from each operation's binding. */
export interface ExecutorLimits {
  /**
   * Time to open a connection (TCP, and TLS for https).
   * @default DEFAULT_CONNECT_TIMEOUT_MS (5 s)
   */
  connectTimeoutMs?: number | undefined;
  /** @default DEFAULT_CONNECTIONS_PER_ORIGIN (64) */
  connectionsPerOrigin?: number | undefined;
  /** @default DEFAULT_KEEP_ALIVE_TIMEOUT_MS (4 s) */
  keepAliveTimeoutMs?: number | undefined;
  /** @default DEFAULT_MAX_TEXT_BYTES (64 KiB) */
  maxTextBytes?: number | undefined;
  /** @default DEFAULT_MAX_JSON_DEPTH (100) */
  maxJsonDepth?: number | undefined;
}

/** The allow-list of a workspace, by workspace id (the caller caches it). */
export type AllowListLookup = (
  workspaceId: string,
) => readonly UpstreamHost[] | Promise<readonly UpstreamHost[]>;

/** Options of `createExecutor`. */
export interface ExecutorOptions {
  /** Where each call's upstream host must be listed, with the address classes it may reach. */
  allowList: AllowListLookup;
  /**
   * Where `${VAR}` in static headers is read, at each call.
   * @default process.env
   */
  env?: Environment | undefined;
  limits?: ExecutorLimits | undefined;
  /**
   * Resolves upstream host names (every answer is checked by the SSRF guard).
   * @default dns.lookup
   */
  lookup?: LookupFunction | undefined;
}

/** Options with every default filled in. */
export interface ResolvedExecutorOptions {
  allowList: AllowListLookup;
  env: Environment;
  lookup: LookupFunction | undefined;
  connectTimeoutMs: number;
  connectionsPerOrigin: number;
  keepAliveTimeoutMs: number;
  maxTextBytes: number;
  maxJsonDepth: number;
}

function positiveInteger(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  // NaN or a fraction would silently turn a bound off or make it meaningless.
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`createExecutor: limits.${name} must be a positive integer, got ${String(value)}`);
  }
  return value;
}

/** Checks the options and fills the defaults. @throws TypeError, RangeError naming the option. */
export function resolveExecutorOptions(options: ExecutorOptions): ResolvedExecutorOptions {
  if (typeof options?.allowList !== 'function') {
    throw new TypeError('createExecutor: allowList must be a function from a workspace id to its allow-list');
  }
  if (options.lookup !== undefined && typeof options.lookup !== 'function') {
    throw new TypeError('createExecutor: lookup must be a dns.lookup-like function');
  }
  if (options.env !== undefined && (typeof options.env !== 'object' || options.env === null)) {
    throw new TypeError('createExecutor: env must be an object of environment variables');
  }
  const limits = options.limits ?? {};
  return {
    allowList: options.allowList,
    env: options.env ?? process.env,
    lookup: options.lookup,
    connectTimeoutMs: positiveInteger(
      limits.connectTimeoutMs,
      'connectTimeoutMs',
      DEFAULT_CONNECT_TIMEOUT_MS,
    ),
    connectionsPerOrigin: positiveInteger(
      limits.connectionsPerOrigin,
      'connectionsPerOrigin',
      DEFAULT_CONNECTIONS_PER_ORIGIN,
    ),
    keepAliveTimeoutMs: positiveInteger(
      limits.keepAliveTimeoutMs,
      'keepAliveTimeoutMs',
      DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    ),
    maxTextBytes: positiveInteger(limits.maxTextBytes, 'maxTextBytes', DEFAULT_MAX_TEXT_BYTES),
    maxJsonDepth: positiveInteger(limits.maxJsonDepth, 'maxJsonDepth', DEFAULT_MAX_JSON_DEPTH),
  };
}
