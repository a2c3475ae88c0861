import type { JsonRpcMessage, JsonRpcResponse } from '@mcpforge/wire';
import type { Session } from '../server/session.js';
import type { EventStore } from './event-store.js';
import type { HttpRequestInfo } from './exchange.js';
import type { HostGuardOptions } from './host-guard.js';
import type { HttpSession } from './legacy-session.js';
import type { ResponseMode } from './outbound-stream.js';
import type { SessionStore } from './session-store.js';

/**
 * What the HTTP handler needs of a server definition: the transport seam `handle`, plus
 * optional hooks it uses when present.
 */
export interface HttpServable {
  handle(message: JsonRpcMessage, session: Session): Promise<JsonRpcResponse | undefined>;
  /** `handle` without the promise when the answer is ready at once (the hot path). */
  dispatch?(
    message: JsonRpcMessage,
    session: Session,
  ): JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined>;
  /** The published input schema of a tool, to check `Mcp-Param-*` headers. */
  toolInputSchema?(name: string): object | undefined;
  /** A legacy session ended (DELETE, expiry, eviction, shutdown). */
  closeSession?(session: Session): void;
  /** The client went away from a modern request: abort it. */
  cancel?(session: Session, requestId: string | number, reason?: unknown): unknown;
}

/** Picks the server definition for a request (multi-tenant); return cached definitions. */
export type ServerResolver<S extends HttpServable> = (request: HttpRequestInfo) => S | Promise<S>;

/** Options of {@link createHttpHandler}. */
export interface HttpHandlerOptions<S extends HttpServable = HttpServable> {
  /**
   * How POST answers are framed: `auto` (default) answers JSON unless the handler streams
   * something first, then switches to SSE; `sse` always streams when the client accepts it;
   * `json` never streams (related notifications are dropped).
   */
  responseMode?: ResponseMode;
  /** Largest accepted POST body. Default 4 MiB; beyond → 413. */
  maxBodyBytes?: number;
  /** DNS-rebinding protection (on by default, localhost names only); `false` disables. */
  hostValidation?: HostGuardOptions | false;
  /**
   * Runs before any MCP processing; its return value is kept as the request's `auth`.
   * Throw {@link HttpAuthError} to answer 401/403 (with `WWW-Authenticate`).
   */
  authenticate?: (request: HttpRequestInfo) => unknown;
  /**
   * Who an `authenticate` result names. A legacy session is bound to the principal of its
   * `initialize`; a later request of that session (POST, GET, DELETE) from another principal
   * gets 404, as if the session did not exist. Default: no principal without `authenticate`,
   * else the canonical JSON of the result; return a stable identity (a user id) when the result
   * varies between requests of one caller.
   */
  principalOf?: (auth: unknown) => string | undefined;
  /** With a resolver: a key per request under which the resolved definition is cached. */
  resolverCacheKey?: (request: HttpRequestInfo) => string;
  /**
   * How legacy (2025-era) clients are served: `sessions` (default: `initialize` opens a
   * session, GET streams, resumption), `stateless` (no session: every POST stands alone,
   * answered as an initialized 2025 session; no GET stream, no server → client requests),
   * or `false` (modern only; legacy requests get 400 -32022). `true` means `sessions`.
   */
  legacy?: boolean | 'sessions' | 'stateless';
  /** Where legacy sessions live. Default: in memory, 30 min idle, at most 10,000. */
  sessionStore?: SessionStore<HttpSession<S>>;
  /** Idle expiry of the default session store. */
  sessionIdleTimeoutMs?: number;
  /** Bound of the default session store. */
  maxSessions?: number;
  /** Records legacy SSE events for `Last-Event-ID` resumption. Default: bounded in memory; `false` disables. */
  eventStore?: EventStore | false;
  /** How long a legacy server → client request (sampling, elicitation, roots) waits. Default 10 min. */
  serverRequestTimeoutMs?: number;
  /** SSE keep-alive comment interval. Default 15 s; 0 disables. */
  keepAliveMs?: number;
  /** `retry` hint sent in priming events. Default 1 s. */
  retryMs?: number;
}

/** Refuse a request from `authenticate` (401 or 403), optionally with a `WWW-Authenticate` challenge. */
export class HttpAuthError extends Error {
  readonly status: 401 | 403;
  readonly wwwAuthenticate: string | undefined;
  constructor(status: 401 | 403, message: string, wwwAuthenticate?: string) {
    super(message);
    this.name = 'HttpAuthError';
    this.status = status;
    this.wwwAuthenticate = wwwAuthenticate;
  }
}
