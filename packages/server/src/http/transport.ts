import type { JsonRpcResponse } from '@mcpforge/wire';
import {
  isLegacyProtocolVersion,
  isModernProtocolVersion,
  MODERN_PROTOCOL_VERSIONS,
} from '../protocol/index.js';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_INITIALIZE_BYTES } from './body.js';
import { DEFAULT_MAX_BUFFERED_BYTES_PER_PRINCIPAL } from './buffer-budget.js';
import { dispatchTo, dispatchUncaught, internalError } from './dispatch-to.js';
import { type EventStore, MemoryEventStore } from './event-store.js';
import type { Exchange } from './exchange.js';
import { trimFieldValue } from './header-value.js';
import { createHostGuard, type HostGuard } from './host-guard.js';
import { LegacyRoutes } from './legacy-routes.js';
import { acceptsEventStream, isJsonMediaType } from './media-type.js';
import { type PostedMessage, parsePostedMessage } from './message.js';
import { modernVersionOf, validateModernHeaders } from './modern-headers.js';
import { ModernRequestSession } from './modern-session.js';
import { HttpAuthError, type HttpHandlerOptions } from './options.js';
import {
  OutboundStream,
  type OutboundStreamOptions,
  type ResponseMode,
  type StreamSettings,
} from './outbound-stream.js';
import { defaultPrincipalOf } from './principal.js';
import { HttpErrorCode, HttpRejection } from './rejection.js';
import { sendRejection } from './send-rejection.js';
import type { HttpServable, ServerResolver } from './servable.js';
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

/**
 * The Streamable HTTP core shared by the node and fetch front ends: validation, era
 * selection, and dispatch to `server.handle` with the right session.
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
  readonly #maxInitializeBytes: number;
  readonly #principalOf: (auth: unknown) => string | undefined;
  readonly #resolved = new Map<string, S | Promise<S>>();
  readonly #toolHeaders = new WeakMap<S, (name: string) => readonly ToolHeaderParam[]>();
  /** Open `subscriptions/listen` requests and their principals, ended gracefully by `close()`. */
  readonly #listens = new Map<ModernRequestSession, { server: S; principal: string | undefined }>();
  /** Shared stream options by kind (see {@link streamOptions}), so no request allocates its own. */
  readonly #streamOptions: readonly OutboundStreamOptions[];

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
    this.#maxInitializeBytes = options.maxInitializeBytes ?? DEFAULT_MAX_INITIALIZE_BYTES;
    this.#principalOf = options.principalOf ?? defaultPrincipalOf;
    this.eventStore =
      options.eventStore === false
        ? undefined
        : (options.eventStore ??
          new MemoryEventStore({
            // One principal's streams cannot push everyone else's resumable events out.
            maxBytesPerOwner:
              options.maxBufferedBytesPerPrincipal ?? DEFAULT_MAX_BUFFERED_BYTES_PER_PRINCIPAL,
            ownerOf: (streamId) => this.legacy?.ownerOfStream(streamId),
          }));
    const kind = (store: EventStore | undefined, sseAllowed: boolean): OutboundStreamOptions =>
      Object.freeze({ settings: this.settings, store, sseAllowed });
    this.#streamOptions = [
      kind(undefined, false),
      kind(undefined, true),
      kind(this.eventStore, false),
      kind(this.eventStore, true),
    ];
    this.legacy = options.legacy === false ? undefined : new LegacyRoutes(this, options);
  }

  /** Serves one exchange; never throws (failures become JSON-RPC error answers). */
  async serve(exchange: Exchange): Promise<void> {
    try {
      const refused = this.#guard?.(exchange.header('host'), exchange.header('origin'));
      if (refused !== undefined) return sendRejection(exchange, refused);
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
      if (error instanceof HttpRejection) return sendRejection(exchange, error);
      if (error instanceof HttpAuthError) {
        const headers: Record<string, string> = {};
        if (error.wwwAuthenticate !== undefined) headers['www-authenticate'] = error.wwwAuthenticate;
        return sendRejection(
          exchange,
          new HttpRejection(error.status, HttpErrorCode.InvalidRequest, error.message, { headers }),
        );
      }
      sendRejection(exchange, new HttpRejection(500, HttpErrorCode.InternalError, 'Internal error'));
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
    return this.mode !== 'json' && acceptsEventStream(exchange.header('accept'));
  }

  /** The shared options of a stream: `resumable` ones record their events in the event store. */
  streamOptions(resumable: boolean, sseAllowed: boolean): OutboundStreamOptions {
    return this.#streamOptions[(resumable ? 2 : 0) + (sseAllowed ? 1 : 0)] as OutboundStreamOptions;
  }

  /**
   * Ends everything `principal` holds open: its legacy sessions (their streams close and
   * handlers are aborted) and its `subscriptions/listen` streams. Returns how many ended.
   */
  closePrincipal(principal: string): number {
    let ended = this.legacy?.closePrincipal(principal) ?? 0;
    for (const [session, listen] of this.#listens) {
      if (listen.principal !== principal) continue;
      this.#endListen(session, listen.server, 'Session closed: its credentials were withdrawn');
      ended++;
    }
    return ended;
  }

  /** The principals holding a legacy session or a `subscriptions/listen` stream open now. */
  openPrincipals(): string[] {
    const found = new Set<string>(this.legacy?.principals() ?? []);
    for (const listen of this.#listens.values())
      if (listen.principal !== undefined) found.add(listen.principal);
    return [...found];
  }

  #endListen(session: ModernRequestSession, server: S, reason: string): void {
    this.#listens.delete(session);
    if (session.requestId !== undefined) server.cancel?.(session, session.requestId, new Error(reason));
    session.stream.end();
  }

  close(): void {
    for (const [session, listen] of this.#listens)
      this.#endListen(session, listen.server, 'Server shutting down');
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
    const body = await exchange.readBody(this.maxBodyBytes);
    const posted = parsePostedMessage(body);
    if (
      posted.kind === 'request' &&
      posted.method === 'initialize' &&
      // Bytes are at least the characters: count them only for a body that may be over.
      body.length * 3 > this.#maxInitializeBytes &&
      Buffer.byteLength(body) > this.#maxInitializeBytes
    ) {
      throw new HttpRejection(
        413,
        HttpErrorCode.InvalidRequest,
        `Payload Too Large: an initialize body may have at most ${this.#maxInitializeBytes} bytes`,
        { id: posted.id },
      );
    }
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
    if (refused !== undefined) return sendRejection(exchange, refused);
    const stream = new OutboundStream(exchange, this.streamOptions(false, this.sseAllowed(exchange)));
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
    if (listen) this.#listens.set(session, { server, principal: this.#principalOf(exchange.auth) });
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

function headerVersion(exchange: Exchange): string | undefined {
  const raw = exchange.header('mcp-protocol-version');
  return raw === undefined ? undefined : trimFieldValue(raw);
}

function methodNotAllowed(exchange: Exchange, allow: string): void {
  sendRejection(
    exchange,
    new HttpRejection(405, HttpErrorCode.InvalidRequest, 'Method Not Allowed', { headers: { allow } }),
  );
}
