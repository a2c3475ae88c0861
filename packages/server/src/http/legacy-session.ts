import { randomBytes } from 'node:crypto';
import type { JsonRpcId, JsonRpcNotification } from '@mcpforge/wire';
import { brand, matchesBrand } from '../errors/brand.js';
import { McpError } from '../protocol/index.js';
import {
  createSessionState,
  type Session,
  type SessionRequestOptions,
  type SessionState,
} from '../server/session.js';
import type { EventStore } from './event-store.js';
import type { OutboundStream, StreamIdSource } from './outbound-stream.js';
import { RequestStreams } from './request-streams.js';
import type { HttpServable } from './servable.js';

interface PendingRequest {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

const SESSION_REQUEST_ERROR_BRAND = Symbol.for('mcpforge.server.SessionRequestError');

/** Error for a server → client request that cannot be delivered or was abandoned. */
export class SessionRequestError extends Error {
  readonly code: 'ERR_NO_STREAM' | 'ERR_SESSION_CLOSED' | 'ERR_ABORTED' | 'ERR_SERVER_REQUEST_TIMEOUT';
  constructor(code: SessionRequestError['code'], message: string) {
    super(message);
    this.name = 'SessionRequestError';
    this.code = code;
    brand(this, SESSION_REQUEST_ERROR_BRAND);
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return matchesBrand(this, SessionRequestError, SESSION_REQUEST_ERROR_BRAND, value);
  }
}

/** Finished streams not yet delivered that a session remembers, to drop them from the store when it ends. */
const MAX_RECORDED = 1_000;
/** Default wait for a client's answer to sampling, elicitation or roots (a human may be involved). */
export const DEFAULT_SERVER_REQUEST_TIMEOUT_MS = 10 * 60_000;

/** A fresh session id: 128 random bits, base64url (visible ASCII only). */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * One legacy (2025-03-26 … 2025-11-25) Streamable HTTP session: the runtime's {@link Session}
 * plus the streams the client has open and the server → client requests awaiting answers.
 */
export class HttpSession<S extends HttpServable = HttpServable> implements Session, StreamIdSource {
  readonly id: string;
  readonly state: SessionState;
  /** The server definition this session was initialised with. */
  readonly server: S;
  /** Who opened the session (`principalOf` of its `initialize`'s auth); undefined without auth. */
  readonly principal: string | undefined;
  #tag: string | undefined;
  /** Streams of POSTs still being answered, by request id. */
  readonly requestStreams = new RequestStreams();
  /** Unfinished POST streams that opened SSE (and so got an id), by stream id. */
  readonly liveStreams = new Map<string, OutboundStream>();
  /** The GET stream for messages unrelated to a request. */
  standalone: OutboundStream | undefined;
  readonly #store: EventStore | undefined;
  readonly #pending = new Map<JsonRpcId, PendingRequest>();
  /** Finished streams with recorded events, dropped from the event store when the session ends. */
  readonly #recorded = new Set<string>();
  #streamCount = 0;
  #ended = false;
  #requestCount = 0;

  /** How long a server → client request may wait for its answer. */
  requestTimeoutMs = DEFAULT_SERVER_REQUEST_TIMEOUT_MS;
  /** Recency stamp set by the routes on each request (larger is more recent), for per-caller quotas. */
  lastUsed = 0;
  /** Called once when the session ends, after its streams closed. */
  onClose: ((session: HttpSession<S>) => void) | undefined;

  constructor(id: string, server: S, store: EventStore | undefined, principal?: string) {
    this.id = id;
    this.server = server;
    this.principal = principal;
    this.state = createSessionState();
    this.#store = store;
  }

  /** Prefix of this session's stream ids; a `Last-Event-ID` outside it is refused. */
  get tag(): string {
    this.#tag ??= randomBytes(6).toString('base64url');
    return this.#tag;
  }

  /** `close()` has run. */
  get ended(): boolean {
    return this.#ended;
  }

  /** A new stream id unique within this session. */
  nextStreamId(): string {
    return `${this.tag}-${(this.#streamCount++).toString(36)}`;
  }

  /** Gives a POST stream its id as it opens SSE, and tracks it as live until {@link finished}. */
  assignStreamId(stream: OutboundStream): string {
    const id = this.nextStreamId();
    this.liveStreams.set(id, stream);
    return id;
  }

  /**
   * A POST stream is answered: it is no longer live. If events of it are in the event store,
   * they are kept for a resume until the session ends; beyond {@link MAX_RECORDED} such streams
   * the oldest is dropped from the store.
   */
  finished(stream: OutboundStream): void {
    const id = stream.id;
    if (id === undefined) return;
    this.liveStreams.delete(id);
    if (!stream.recorded) return;
    if (this.#recorded.size >= MAX_RECORDED) {
      const oldest = this.#recorded.values().next().value as string;
      this.#recorded.delete(oldest);
      void this.#store?.deleteStream(oldest);
    }
    this.#recorded.add(id);
  }

  owns(streamId: string): boolean {
    return streamId.startsWith(`${this.tag}-`);
  }

  /** Closes the SSE connection answering `requestId`, keeping its stream resumable. */
  closeStream(requestId: JsonRpcId): boolean {
    const stream = this.requestStreams.get(requestId);
    if (stream === undefined) return false;
    stream.closeConnection();
    return true;
  }

  notify(message: JsonRpcNotification, relatedRequestId?: JsonRpcId): void {
    const target = this.#target(relatedRequestId);
    target?.push(JSON.stringify(message));
  }

  request(method: string, params: unknown, options: SessionRequestOptions): Promise<unknown> {
    if (this.state.closed)
      return Promise.reject(new SessionRequestError('ERR_SESSION_CLOSED', 'Session closed'));
    const target = this.#target(options.relatedRequestId);
    if (target === undefined) {
      return Promise.reject(
        new SessionRequestError('ERR_NO_STREAM', `No open stream to send ${method} to the client on`),
      );
    }
    const id = `s${++this.#requestCount}`;
    const { signal } = options;
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        this.#pending.delete(id);
        clearTimeout(timer);
        reject(new SessionRequestError('ERR_ABORTED', `${method} abandoned`));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        signal?.removeEventListener('abort', onAbort);
        reject(
          new SessionRequestError(
            'ERR_SERVER_REQUEST_TIMEOUT',
            `${method} got no answer within ${this.requestTimeoutMs} ms`,
          ),
        );
      }, this.requestTimeoutMs);
      timer.unref();
      this.#pending.set(id, {
        resolve: (value) => {
          signal?.removeEventListener('abort', onAbort);
          clearTimeout(timer);
          resolve(value);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          clearTimeout(timer);
          reject(error);
        },
      });
      target.push(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  /** Routes a client's response to a server → client request; false if nothing awaited it. */
  settle(message: Record<string, unknown>): boolean {
    const id = message['id'];
    if (typeof id !== 'string' && typeof id !== 'number') return false;
    const pending = this.#pending.get(id);
    if (pending === undefined) return false;
    this.#pending.delete(id);
    const error = message['error'] as { code?: unknown; message?: unknown; data?: unknown } | undefined;
    if (error !== undefined && error !== null) {
      pending.reject(
        new McpError(
          typeof error.code === 'number' ? error.code : -32603,
          typeof error.message === 'string' ? error.message : 'Client error',
          error.data,
        ),
      );
    } else {
      pending.resolve(message['result']);
    }
    return true;
  }

  /**
   * Ends the session: the runtime forgets it (`server.closeSession`), handlers are aborted,
   * pending requests fail, streams close and recorded events are dropped. A custom
   * {@link SessionStore} must call this for every session it drops.
   */
  close(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.server.closeSession?.(this);
    this.state.closed = true;
    for (const entry of this.state.inFlight.values()) {
      entry.cancelled = true;
      entry.controller?.abort();
    }
    for (const pending of this.#pending.values()) {
      pending.reject(new SessionRequestError('ERR_SESSION_CLOSED', 'Session closed'));
    }
    this.#pending.clear();
    for (const stream of this.requestStreams.values()) stream.end();
    this.requestStreams.clear();
    for (const [streamId, stream] of this.liveStreams) {
      stream.end();
      void this.#store?.deleteStream(streamId);
    }
    this.liveStreams.clear();
    for (const streamId of this.#recorded) void this.#store?.deleteStream(streamId);
    this.#recorded.clear();
    if (this.standalone !== undefined) {
      if (this.standalone.id !== undefined) void this.#store?.deleteStream(this.standalone.id);
      this.standalone.end();
      this.standalone = undefined;
    }
    this.onClose?.(this);
  }

  #target(relatedRequestId: JsonRpcId | undefined): OutboundStream | undefined {
    if (relatedRequestId !== undefined) {
      const stream = this.requestStreams.get(relatedRequestId);
      if (stream !== undefined && !stream.done) return stream;
    }
    const standalone = this.standalone;
    return standalone !== undefined && !standalone.done ? standalone : undefined;
  }
}
