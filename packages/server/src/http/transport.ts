import type { JsonRpcResponse } from '@mcpforge/wire';
import {
  isLegacyProtocolVersion,
  isModernProtocolVersion,
  MODERN_PROTOCOL_VERSIONS,
} from '../protocol/index.js';
import type { Session } from '../server/session.js';
import { DEFAULT_MAX_BODY_BYTES } from './body.js';
import { type EventStore, MemoryEventStore } from './event-store.js';
import type { Exchange } from './exchange.js';
import { trimFieldValue } from './header-value.js';
import { createHostGuard, type HostGuard } from './host-guard.js';
import { LegacyRoutes } from './legacy-routes.js';
import { acceptsEventStream, isJsonMediaType } from './media-type.js';
import { type PostedMessage, parsePostedMessage } from './message.js';
import { modernVersionOf, validateModernHeaders } from './modern-headers.js';
import { ModernRequestSession } from './modern-session.js';
import { HttpAuthError, type HttpHandlerOptions, type HttpServable, type ServerResolver } from './options.js';
import { OutboundStream, type ResponseMode, type StreamSettings } from './outbound-stream.js';
import { HttpErrorCode, HttpRejection } from './rejection.js';
import { DEFAULT_KEEP_ALIVE_MS, DEFAULT_RETRY_MS } from './sse.js';
import { type ToolHeaderParam, toolHeaderParams } from './tool-headers.js';

const NO_HEADERS: readonly ToolHeaderParam[] = [];
const MAX_RESOLVED = 1_000;

/** HTTP status of a modern error answer (spec: 404 for unknown methods, 400 for header/version/capability errors). */
export function modernStatusOf(response: JsonRpcResponse): number {
  if (!('error' in response)) return 200;
  const code = response.error.code;
  if (code === HttpErrorCode.MethodNotFound) return 404;
  if (
    code === HttpErrorCode.HeaderMismatch ||
    code === HttpErrorCode.MissingRequiredClientCapability ||
    code === HttpErrorCode.UnsupportedProtocolVersion
  ) {
    return 400;
  }
  return 200;
}

/** Whether an `Accept` header admits SSE. A missing header admits anything, an invalid one nothing. */
export function acceptsSse(accept: string | undefined): boolean {
  return acceptsEventStream(accept);
}

/**
 * The Streamable HTTP core shared by the node and fetch front ends: validation, era
 * selection, and dispatch to `server.handle` with the right {@link Session}.
 */
export class HttpTransport<S extends HttpServable> {
  readonly settings: StreamSettings;
  readonly mode: ResponseMode;
  readonly maxBodyBytes: number;
  readonly eventStore: EventStore | undefined;
  readonly legacy: LegacyRoutes<S> | undefined;
  readonly #guard: HostGuard | undefined;
  readonly #authenticate: HttpHandlerOptions<S>['authenticate'];
  readonly #static: S | undefined;
  readonly #resolver: ServerResolver<S> | undefined;
  readonly #cacheKey: HttpHandlerOptions<S>['resolverCacheKey'];
  readonly #resolved = new Map<string, S | Promise<S>>();
  readonly #toolHeaders = new WeakMap<S, (name: string) => readonly ToolHeaderParam[]>();
  /** Open `subscriptions/listen` requests, ended gracefully by `close()`. */
  readonly #listens = new Map<ModernRequestSession, S>();

  constructor(target: S | ServerResolver<S>, options: HttpHandlerOptions<S> = {}) {
    if (typeof target === 'function') this.#resolver = target;
    else this.#static = target;
    this.settings = {
      keepAliveMs: options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS,
      retryMs: options.retryMs ?? DEFAULT_RETRY_MS,
    };
    this.mode = options.responseMode ?? 'auto';
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.#guard = options.hostValidation === false ? undefined : createHostGuard(options.hostValidation);
    this.#authenticate = options.authenticate;
    this.#cacheKey = options.resolverCacheKey;
    this.eventStore =
      options.eventStore === false ? undefined : (options.eventStore ?? new MemoryEventStore());
    this.legacy = options.legacy === false ? undefined : new LegacyRoutes(this, options);
  }

  /** Serves one exchange; never throws (failures become JSON-RPC error answers). */
  async serve(exchange: Exchange): Promise<void> {
    try {
      const refused = this.#guard?.(exchange.header('host'), exchange.header('origin'));
      if (refused !== undefined) return send(exchange, refused);
      if (this.#authenticate !== undefined) exchange.auth = await this.#authenticate(exchange);
      switch (exchange.method) {
        case 'POST':
          return await this.#post(exchange);
        case 'GET':
        case 'DELETE':
          if (
            this.legacy === undefined ||
            this.legacy.stateless ||
            isModernProtocolVersion(headerVersion(exchange))
          )
            return methodNotAllowed(exchange, 'POST');
          return await (exchange.method === 'GET' ? this.legacy.get(exchange) : this.legacy.delete(exchange));
        default:
          return methodNotAllowed(
            exchange,
            this.legacy === undefined || this.legacy.stateless ? 'POST' : 'GET, POST, DELETE',
          );
      }
    } catch (error) {
      if (error instanceof HttpRejection) return send(exchange, error);
      if (error instanceof HttpAuthError) {
        const headers: Record<string, string> = {};
        if (error.wwwAuthenticate !== undefined) headers['www-authenticate'] = error.wwwAuthenticate;
        return send(
          exchange,
          new HttpRejection(error.status, HttpErrorCode.InvalidRequest, error.message, { headers }),
        );
      }
      send(exchange, new HttpRejection(500, HttpErrorCode.InternalError, 'Internal error'));
    }
  }

  /** The server definition for a request: the static one, or the (cached) resolver's answer. */
  resolve(exchange: Exchange): S | Promise<S> {
    if (this.#static !== undefined) return this.#static;
    const resolver = this.#resolver as ServerResolver<S>;
    if (this.#cacheKey === undefined) return resolver(exchange);
    const key = this.#cacheKey(exchange);
    let server = this.#resolved.get(key);
    if (server === undefined) {
      server = resolver(exchange);
      if (this.#resolved.size >= MAX_RESOLVED)
        this.#resolved.delete(this.#resolved.keys().next().value as string);
      this.#resolved.set(key, server);
      if (server instanceof Promise) server.catch(() => this.#resolved.delete(key));
    }
    return server;
  }

  /** Whether this exchange may be answered with SSE. */
  sseAllowed(exchange: Exchange): boolean {
    return this.mode !== 'json' && acceptsSse(exchange.header('accept'));
  }

  close(): void {
    for (const [session, server] of this.#listens) {
      if (session.requestId !== undefined)
        server.cancel?.(session, session.requestId, new Error('Server shutting down'));
      session.stream.end();
    }
    this.#listens.clear();
    this.legacy?.close();
    this.#resolved.clear();
  }

  async #post(exchange: Exchange): Promise<void> {
    const contentType = exchange.header('content-type');
    if (!isJsonMediaType(contentType)) {
      throw new HttpRejection(
        415,
        HttpErrorCode.InvalidRequest,
        'Unsupported Media Type: Content-Type must be application/json',
      );
    }
    const posted = parsePostedMessage(await exchange.readBody(this.maxBodyBytes));
    const version = headerVersion(exchange);
    const modern =
      posted.kind !== 'response' &&
      (modernVersionOf(posted.params) !== undefined || isModernProtocolVersion(version));
    // `return await`: one microtask, where returning the promise of an async call costs three.
    if (modern) return await this.#modern(exchange, posted as Exclude<PostedMessage, { kind: 'response' }>);
    if (this.legacy === undefined) {
      throw new HttpRejection(400, HttpErrorCode.UnsupportedProtocolVersion, 'Unsupported protocol version', {
        id: posted.kind === 'request' ? posted.id : null,
        data: { supported: [...MODERN_PROTOCOL_VERSIONS], requested: version ?? null },
      });
    }
    if (version !== undefined && !isLegacyProtocolVersion(version)) {
      throw new HttpRejection(
        400,
        HttpErrorCode.InvalidRequest,
        'Bad Request: unsupported MCP-Protocol-Version',
        {
          id: posted.kind === 'request' ? posted.id : null,
        },
      );
    }
    return await this.legacy.post(exchange, posted);
  }

  async #modern(exchange: Exchange, posted: Exclude<PostedMessage, { kind: 'response' }>): Promise<void> {
    const id = posted.kind === 'request' ? posted.id : null;
    const resolved = this.resolve(exchange);
    // No microtask hop for a static server.
    const server = resolved instanceof Promise ? await resolved : resolved;
    const refused = validateModernHeaders(
      (name) => exchange.header(name),
      { id, method: posted.method, params: posted.params },
      MODERN_PROTOCOL_VERSIONS,
      this.#toolHeadersOf(server),
    );
    if (refused !== undefined) return send(exchange, refused);
    const stream = new OutboundStream(
      exchange,
      this.settings,
      undefined,
      undefined,
      undefined,
      this.sseAllowed(exchange),
    );
    const session = new ModernRequestSession(stream, posted.kind === 'request' ? posted.id : undefined);
    if (posted.kind === 'notification') {
      await dispatchTo(server, posted.message, session);
      return exchange.send(202, undefined, undefined);
    }
    exchange.onAbort(() => {
      const reason = new Error('Client closed the response stream');
      server.cancel?.(session, posted.id, reason);
      session.abort(reason);
    });
    const listen = posted.method === 'subscriptions/listen';
    if (this.mode === 'sse' || listen) stream.startSse();
    if (listen) this.#listens.set(session, server);
    try {
      const answer = dispatchTo(server, posted.message, session);
      const response = answer instanceof Promise ? await answer : answer;
      if (response === undefined) stream.end();
      else stream.finish(JSON.stringify(response), modernStatusOf(response));
    } finally {
      if (listen) this.#listens.delete(session);
    }
  }

  #toolHeadersOf(server: S): ((name: string) => readonly ToolHeaderParam[]) | undefined {
    if (server.toolInputSchema === undefined) return undefined;
    let lookup = this.#toolHeaders.get(server);
    if (lookup === undefined) {
      lookup = (name) => {
        const schema = server.toolInputSchema?.(name);
        return schema === undefined ? NO_HEADERS : toolHeaderParams(schema);
      };
      this.#toolHeaders.set(server, lookup);
    }
    return lookup;
  }
}

/**
 * `server.dispatch` when available (no promise for synchronous answers), else `server.handle`.
 * A runtime that throws (it should not) still yields an answer, so no stream is left open.
 */
export function dispatchTo(
  server: HttpServable,
  message: Record<string, unknown>,
  session: Session,
): JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined> {
  try {
    const answer =
      server.dispatch === undefined
        ? server.handle(message as never, session)
        : server.dispatch(message as never, session);
    return answer instanceof Promise ? answer.catch(() => internalError(message)) : answer;
  } catch {
    return internalError(message);
  }
}

function internalError(message: Record<string, unknown>): JsonRpcResponse | undefined {
  const id = message['id'];
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return { jsonrpc: '2.0', id, error: { code: HttpErrorCode.InternalError, message: 'Internal error' } };
}

function headerVersion(exchange: Exchange): string | undefined {
  const raw = exchange.header('mcp-protocol-version');
  return raw === undefined ? undefined : trimFieldValue(raw);
}

/** Sends a rejection as its JSON-RPC error body. */
export function send(exchange: Exchange, rejection: HttpRejection): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (rejection.headers !== undefined) Object.assign(headers, rejection.headers);
  // A body we did not read leaves the connection unusable for the next request.
  if (rejection.status === 413) headers['connection'] = 'close';
  exchange.send(rejection.status, headers, rejection.toBody());
}

function methodNotAllowed(exchange: Exchange, allow: string): void {
  send(
    exchange,
    new HttpRejection(405, HttpErrorCode.InvalidRequest, 'Method Not Allowed', { headers: { allow } }),
  );
}
