import type { EventStore } from './event-store.js';
import type { HttpRequestInfo } from './exchange.js';
import type { HostGuardOptions } from './host-guard.js';
import type { HttpWarning } from './http-warning.js';
import type { HttpSession } from './legacy-session.js';
import type { ResponseMode } from './outbound-stream.js';
import type { HttpServable } from './servable.js';
import type { SessionStore } from './session-store.js';

// In its own module since it is a class; re-exported where callers have always found it.
export { HttpAuthError } from './http-auth-error.js';
// In their own module: `legacy-session.ts` needs `HttpServable`, and these options need `HttpSession`.
export type { HttpServable, ServerResolver } from './servable.js';

/**
 * Options of {@link createHttpHandler}. Each is checked when the handler is built: a value of the
 * wrong type is a `TypeError`, a number out of range (NaN, negative) a `RangeError`, so a typo
 * never turns a limit off. See the Limits and defaults table in `docs/http.md`.
 */
export interface HttpHandlerOptions<S extends HttpServable = HttpServable> {
  /**
   * How POST answers are framed: `auto` answers JSON unless the handler streams something
   * first, then switches to SSE; `sse` always streams when the client accepts it; `json` never
   * streams (related notifications are dropped).
   * @default 'auto'
   */
  responseMode?: ResponseMode | undefined;
  /**
   * Largest accepted POST body in bytes, a positive integer (`Infinity` for none); beyond → 413.
   * @default 4 MiB (`DEFAULT_MAX_BODY_BYTES`)
   */
  maxBodyBytes?: number | undefined;
  /**
   * DNS-rebinding protection; `false` disables it.
   * @default on, with the localhost names (`LOCALHOST_NAMES`) on any port
   */
  hostValidation?: HostGuardOptions | false | undefined;
  /**
   * Told of what an operator should fix, with a sentence naming the fix: today a refused Host
   * or Origin (each distinct value once, at most 100), e.g. a server on `0.0.0.0` reached by
   * its address. `httpTransport` (and so `run()`) logs them.
   * @default none: refusals are silent
   */
  onWarning?: ((warning: HttpWarning) => void) | undefined;
  /**
   * Runs before any MCP processing; its return value is kept as the request's `auth`.
   * Throw {@link HttpAuthError} to answer 401/403 (with `WWW-Authenticate`).
   * @default none: every request is anonymous
   */
  authenticate?: ((request: HttpRequestInfo) => unknown) | undefined;
  /**
   * Who an `authenticate` result names. A legacy session is bound to the principal of its
   * `initialize`; a later request of that session (POST, GET, DELETE) from another principal
   * gets 404, as if the session did not exist. Return a stable identity (a user id) when the
   * result varies between requests of one caller.
   * @default no principal without `authenticate`, else the canonical JSON of the result
   */
  principalOf?: ((auth: unknown) => string | undefined) | undefined;
  /**
   * With a resolver: a key per request under which the resolved definition is cached.
   * @default none: the resolver runs for every request
   */
  resolverCacheKey?: ((request: HttpRequestInfo) => string) | undefined;
  /**
   * How legacy (2025-era) clients are served: `sessions` (`initialize` opens a session, GET
   * streams, resumption), `stateless` (no session: every POST stands alone, answered as an
   * initialized 2025 session; no GET stream, no server → client requests), or `false` (modern
   * only; legacy requests get 400 -32022). `true` means `sessions`.
   * @default 'sessions'
   */
  legacy?: boolean | 'sessions' | 'stateless' | undefined;
  /**
   * Where legacy sessions live. A store must call `session.close()` for each session it drops.
   * @default a `MemorySessionStore` bounded by `sessionIdleTimeoutMs` and `maxSessions`
   */
  sessionStore?: SessionStore<HttpSession<S>> | undefined;
  /**
   * Idle expiry of the default session store in ms, a number > 0 (`Infinity` for none).
   * @default 30 min (`DEFAULT_SESSION_IDLE_TIMEOUT_MS`)
   */
  sessionIdleTimeoutMs?: number | undefined;
  /**
   * Bound of the default session store, a positive integer (`Infinity` for none); the least
   * recently used session is evicted beyond it.
   * @default 10,000 (`DEFAULT_MAX_SESSIONS`)
   */
  maxSessions?: number | undefined;
  /**
   * Legacy sessions one principal (see `principalOf`) may hold, a positive integer (`Infinity`
   * for none); beyond it that principal's least recently used session is closed, never another
   * caller's. Sessions without a principal (no `authenticate`) are bounded by `maxSessions` only.
   * Applies to any `sessionStore`.
   * @default 1,000 (`DEFAULT_MAX_SESSIONS_PER_PRINCIPAL`)
   */
  maxSessionsPerPrincipal?: number | undefined;
  /**
   * A second quota: the group a session counts in (a tenant, say), or undefined for none. With
   * `maxSessionsPerGroup`, a group past its bound loses its own least recently used session.
   * @default none
   */
  sessionGroupOf?: ((session: HttpSession<S>) => string | undefined) | undefined;
  /**
   * Sessions one group (`sessionGroupOf`) may hold, a positive integer (`Infinity` for none).
   * @default Infinity
   */
  maxSessionsPerGroup?: number | undefined;
  /**
   * Largest `initialize` body in bytes, a positive integer (`Infinity` for none); beyond it the
   * answer is 413 with -32600. A session keeps only a bounded part of what `initialize` declares
   * (see `docs/http.md`), so a real client's handshake is a few hundred bytes.
   * @default 64 KiB (`DEFAULT_MAX_INITIALIZE_BYTES`)
   */
  maxInitializeBytes?: number | undefined;
  /**
   * Records legacy SSE events for `Last-Event-ID` resumption; `false` disables resumption.
   * @default a bounded `MemoryEventStore`
   */
  eventStore?: EventStore | false | undefined;
  /**
   * How long a legacy server → client request (sampling, elicitation, roots) waits for its
   * answer, in ms: a number > 0; `Infinity`, or more than 2^31 - 1 (Node's timer limit), waits
   * 2^31 - 1 ms (about 24.8 days).
   * @default 10 min (`DEFAULT_SERVER_REQUEST_TIMEOUT_MS`)
   */
  serverRequestTimeoutMs?: number | undefined;
  /**
   * SSE keep-alive comment interval in ms, a number >= 0; 0 or `Infinity` disables.
   * @default 15 s (`DEFAULT_KEEP_ALIVE_MS`)
   */
  keepAliveMs?: number | undefined;
  /**
   * How long a client may take none of a response's bytes, in ms, before its connection is
   * dropped: a number > 0; `Infinity` never drops (more than 2^31 - 1 waits that long). Applies
   * to plain answers larger than 64 KiB and to SSE streams on the node front end; a fetch
   * runtime writes responses itself.
   * @default 30 s (`DEFAULT_SEND_TIMEOUT_MS`)
   */
  sendTimeoutMs?: number | undefined;
  /**
   * Unread bytes an SSE reader may fall behind by before its stream is dropped (a legacy stream
   * stays resumable; a modern request is cancelled), a positive integer.
   * @default 8 MiB (`DEFAULT_MAX_STREAM_BUFFER_BYTES`)
   */
  maxStreamBufferBytes?: number | undefined;
  /**
   * Answer bytes all clients together may leave unread (queued for a slow reader, buffered by
   * node) before a response whose client is not keeping up is dropped, a positive integer
   * (`Infinity` for none). Node front end; a fetch runtime writes responses itself.
   * @default 64 MiB (`DEFAULT_MAX_BUFFERED_BYTES`)
   */
  maxBufferedBytes?: number | undefined;
  /**
   * The same bound for one principal's responses (see `principalOf`): one caller's stuck
   * readers cost only that caller's responses.
   * @default 16 MiB (`DEFAULT_MAX_BUFFERED_BYTES_PER_PRINCIPAL`)
   */
  maxBufferedBytesPerPrincipal?: number | undefined;
  /**
   * `retry` hint sent in priming events, in ms: an integer >= 0 (the SSE field is digits only).
   * @default 1 s (`DEFAULT_RETRY_MS`)
   */
  retryMs?: number | undefined;
}
