import type { JsonRpcResponse } from '@mcpforge/wire';
import { dispatchTo, dispatchUncaught, internalError } from './dispatch-to.js';
import type { EventStore } from './event-store.js';
import type { Exchange } from './exchange.js';
import { HttpSession, newSessionId } from './legacy-session.js';
import { acceptsEventStream } from './media-type.js';
import type { PostedMessage } from './message.js';
import type { HttpHandlerOptions } from './options.js';
import {
  jsonHeaders,
  OutboundStream,
  type OutboundStreamOptions,
  type ResponseMode,
} from './outbound-stream.js';
import { defaultPrincipalOf } from './principal.js';
import { HttpErrorCode, HttpRejection } from './rejection.js';
import { retainedCapabilities, retainedClientInfo } from './retained-client.js';
import type { HttpServable } from './servable.js';
import { DEFAULT_MAX_SESSIONS_PER_PRINCIPAL, SessionQuotas } from './session-quotas.js';
import { MemorySessionStore, type SessionStore } from './session-store.js';

const SESSION_HEADER = 'mcp-session-id';

/** What the legacy routes use of the transport core (`HttpTransport`). */
export interface LegacyTransport<S extends HttpServable> {
  readonly mode: ResponseMode;
  readonly eventStore: EventStore | undefined;
  /** The server definition for a request. */
  resolve(exchange: Exchange): S | Promise<S>;
  /** Whether this exchange may be answered with SSE. */
  sseAllowed(exchange: Exchange): boolean;
  /** The shared options of a stream; `resumable` ones record their events. */
  streamOptions(resumable: boolean, sseAllowed: boolean): OutboundStreamOptions;
}

/**
 * Legacy Streamable HTTP (2025-03-26 … 2025-11-25): `initialize` opens a session, later
 * POSTs carry `Mcp-Session-Id`, GET opens (or resumes) a stream, DELETE ends the session.
 */
export class LegacyRoutes<S extends HttpServable> {
  readonly sessions: SessionStore<HttpSession<S>>;
  /** Serve each POST on its own throwaway, pre-initialised session. */
  readonly stateless: boolean;
  readonly #transport: LegacyTransport<S>;
  readonly #requestTimeoutMs: number | undefined;
  readonly #principalOf: (auth: unknown) => string | undefined;
  readonly #quotas: SessionQuotas<HttpSession<S>>;
  /** The principal of each session with one, by the session's stream-id tag (for the event store). */
  readonly #owners = new Map<string, string>();
  /** Recency clock of the quotas: a counter, cheaper per request than reading the time. */
  #clock = 0;

  constructor(transport: LegacyTransport<S>, options: HttpHandlerOptions<S>) {
    this.#transport = transport;
    this.#quotas = new SessionQuotas(
      options.maxSessionsPerPrincipal ?? DEFAULT_MAX_SESSIONS_PER_PRINCIPAL,
      options.maxSessionsPerGroup ?? Number.POSITIVE_INFINITY,
      options.sessionGroupOf,
    );
    this.#principalOf = options.principalOf ?? defaultPrincipalOf;
    this.#requestTimeoutMs = options.serverRequestTimeoutMs;
    this.stateless = options.legacy === 'stateless';
    this.sessions =
      options.sessionStore ??
      new MemorySessionStore<HttpSession<S>>({
        idleTimeoutMs: options.sessionIdleTimeoutMs,
        maxSessions: options.maxSessions,
        onEvict: (_id, session) => session.close(),
      });
  }

  async post(exchange: Exchange, posted: PostedMessage): Promise<void> {
    if (this.stateless) return this.#statelessPost(exchange, posted);
    if (posted.kind === 'request' && posted.method === 'initialize')
      return this.#initialize(exchange, posted);
    const found = this.#session(exchange, posted.kind === 'request' ? posted.id : null);
    const session = found instanceof Promise ? await found : found;
    const server = session.server;
    if (posted.kind === 'response') {
      session.settle(posted.message);
      return exchange.send(202, undefined, undefined);
    }
    if (posted.kind === 'notification') {
      await dispatchTo(server, posted.message, session);
      return exchange.send(202, undefined, undefined);
    }
    const transport = this.#transport;
    // The session gives the stream an id only if it opens SSE: a plain JSON answer needs none.
    const stream = new OutboundStream(
      exchange,
      transport.streamOptions(true, transport.sseAllowed(exchange)),
      session,
    );
    // An id already in flight is a duplicate the runtime refuses: the original keeps its stream.
    const duplicate = session.requestStreams.has(posted.id);
    if (!duplicate) session.requestStreams.set(posted.id, stream);
    // A dropped connection is not a cancel (legacy): keep recording for a resume.
    exchange.onAbort(() => stream.disconnected());
    if (transport.mode === 'sse') stream.startSse();
    try {
      // Awaited here in try/catch rather than through dispatchTo's `.catch`: one promise less.
      let response: JsonRpcResponse | undefined;
      try {
        const answer = dispatchUncaught(server, posted.message, session);
        response = answer instanceof Promise ? await answer : answer;
      } catch {
        response = internalError(posted.message);
      }
      if (response === undefined) stream.end();
      else stream.finish(JSON.stringify(response));
    } finally {
      if (!duplicate) session.requestStreams.delete(posted.id);
      session.finished(stream);
    }
  }

  async get(exchange: Exchange): Promise<void> {
    const accept = exchange.header('accept');
    if (accept === undefined || !acceptsEventStream(accept)) {
      throw new HttpRejection(
        406,
        HttpErrorCode.InvalidRequest,
        'Not Acceptable: GET needs Accept: text/event-stream',
      );
    }
    const session = await this.#session(exchange, null);
    const transport = this.#transport;
    const store = transport.eventStore;
    const lastEventId = exchange.header('last-event-id');
    if (lastEventId !== undefined && store !== undefined) {
      const streamId = store.streamOf(lastEventId.trim());
      if (streamId === undefined) {
        throw new HttpRejection(
          400,
          HttpErrorCode.InvalidRequest,
          'Bad Request: Last-Event-ID is not an event id this server sent',
        );
      }
      if (!session.owns(streamId)) {
        throw new HttpRejection(400, HttpErrorCode.InvalidRequest, 'Bad Request: unknown Last-Event-ID');
      }
      let stream = session.liveStreams.get(streamId);
      if (stream === undefined && session.standalone?.id === streamId) stream = session.standalone;
      if (stream === undefined) {
        // Finished stream: replay what is left, then end.
        stream = new OutboundStream(exchange, transport.streamOptions(true, true), streamId);
        stream.done = true;
      }
      const resumed = stream;
      exchange.onAbort(() => resumed.disconnected());
      return resumed.resume(exchange, lastEventId.trim());
    }
    if (session.standalone?.connected) {
      throw new HttpRejection(
        409,
        HttpErrorCode.InvalidRequest,
        'Conflict: this session already has a GET stream',
      );
    }
    const stream = new OutboundStream(exchange, transport.streamOptions(true, true), session.nextStreamId());
    session.standalone = stream;
    exchange.onAbort(() => stream.disconnected());
    stream.startSse();
  }

  async delete(exchange: Exchange): Promise<void> {
    const session = await this.#session(exchange, null);
    await this.sessions.delete(session.id);
    // A custom store may not call back on delete; ending twice is harmless.
    session.close();
    exchange.send(200, undefined, undefined);
  }

  /** Ends every session of `principal` (a credential withdrawn); returns how many. */
  closePrincipal(principal: string): number {
    const sessions = this.#quotas.of(principal);
    for (const session of sessions) this.#end(session);
    return sessions.length;
  }

  /** The principal of the session a stream id belongs to (ids are `<tag>-<n>`), if it has one. */
  ownerOfStream(streamId: string): string | undefined {
    const dash = streamId.lastIndexOf('-');
    return dash <= 0 ? undefined : this.#owners.get(streamId.slice(0, dash));
  }

  /** The principals holding sessions now. */
  principals(): IterableIterator<string> {
    return this.#quotas.principals();
  }

  /** Sessions `principal` holds now. */
  sessionCountOf(principal: string): number {
    return this.#quotas.countOf(principal);
  }

  close(): void {
    this.sessions.close();
  }

  /** Drops a session from the store and ends it (a custom store may not call back on delete). */
  #end(session: HttpSession<S>): void {
    const deleted = this.sessions.delete(session.id);
    if (deleted instanceof Promise) deleted.catch(() => undefined);
    session.close();
  }

  async #statelessPost(exchange: Exchange, posted: PostedMessage): Promise<void> {
    if (posted.kind === 'response') return exchange.send(202, undefined, undefined);
    const resolved = this.#transport.resolve(exchange);
    const server = resolved instanceof Promise ? await resolved : resolved;
    const session = new HttpSession('', server, undefined);
    if (posted.method !== 'initialize') {
      // The 2025 rules without a handshake: the header names the version (absent → 2025-03-26).
      const state = session.state;
      state.initialized = true;
      state.protocolVersion = exchange.header('mcp-protocol-version')?.trim() ?? '2025-03-26';
    }
    try {
      if (posted.kind === 'notification') {
        await dispatchTo(server, posted.message, session);
        return exchange.send(202, undefined, undefined);
      }
      const stream = new OutboundStream(
        exchange,
        this.#transport.streamOptions(false, this.#transport.sseAllowed(exchange)),
      );
      session.requestStreams.set(posted.id, stream);
      exchange.onAbort(() => {
        stream.disconnected();
        server.cancel?.(session, posted.id, new Error('Client closed the response stream'));
      });
      // Awaited here in try/catch rather than through dispatchTo's `.catch`: one promise less.
      let response: JsonRpcResponse | undefined;
      try {
        const answer = dispatchUncaught(server, posted.message, session);
        response = answer instanceof Promise ? await answer : answer;
      } catch {
        response = internalError(posted.message);
      }
      if (response === undefined) stream.end();
      else stream.finish(JSON.stringify(response));
    } finally {
      session.close();
    }
  }

  async #initialize(exchange: Exchange, posted: Extract<PostedMessage, { kind: 'request' }>): Promise<void> {
    const server = await this.#transport.resolve(exchange);
    const session = new HttpSession(
      newSessionId(),
      server,
      this.#transport.eventStore,
      this.#principalOf(exchange.auth),
    );
    if (this.#requestTimeoutMs !== undefined) session.requestTimeoutMs = this.#requestTimeoutMs;
    const response = await dispatchTo(server, posted.message, session);
    if (response === undefined) return exchange.send(202, undefined, undefined);
    if ('error' in response) return exchange.send(200, jsonHeaders(undefined), JSON.stringify(response));
    // Keep a bounded copy of what the client declared, never the request's own objects.
    const state = session.state;
    state.clientCapabilities = retainedCapabilities(state.clientCapabilities);
    state.clientInfo = retainedClientInfo(state.clientInfo);
    session.lastUsed = ++this.#clock;
    const principal = session.principal;
    if (principal !== undefined) this.#owners.set(session.tag, principal);
    session.onClose = (ended) => {
      this.#quotas.remove(ended);
      if (principal !== undefined) this.#owners.delete(ended.tag);
    };
    for (const evicted of this.#quotas.add(session)) this.#end(evicted);
    await this.sessions.set(session.id, session);
    exchange.send(200, jsonHeaders({ [SESSION_HEADER]: session.id }), JSON.stringify(response));
  }

  /** The session a request names; synchronous (no microtask hop) with a synchronous store. */
  #session(exchange: Exchange, id: string | number | null): HttpSession<S> | Promise<HttpSession<S>> {
    const sessionId = exchange.header(SESSION_HEADER);
    if (sessionId === undefined) {
      throw new HttpRejection(
        400,
        HttpErrorCode.SessionError,
        'Bad Request: Mcp-Session-Id header is required',
        { id },
      );
    }
    const found = this.sessions.get(sessionId);
    return found instanceof Promise
      ? found.then((session) => this.#admit(exchange, id, sessionId, session))
      : this.#admit(exchange, id, sessionId, found);
  }

  #admit(
    exchange: Exchange,
    id: string | number | null,
    sessionId: string,
    session: HttpSession<S> | undefined,
  ): HttpSession<S> | Promise<HttpSession<S>> {
    // Another caller's session answers exactly like an unknown one: never confirm an id to a stranger.
    if (session === undefined || session.ended || this.#principalOf(exchange.auth) !== session.principal) {
      throw new HttpRejection(404, HttpErrorCode.SessionNotFound, 'Session not found', { id });
    }
    session.lastUsed = ++this.#clock;
    const touched = this.sessions.touch(sessionId);
    return touched instanceof Promise ? touched.then(() => session) : session;
  }
}
