import type { JsonRpcId, JsonRpcNotification } from '@mcpforge/wire';
import type { ClientCapabilities, Implementation } from '../protocol/index.js';

/** Options for a server-to-client request (legacy era only). */
export interface SessionRequestOptions {
  /** The client request this one serves; HTTP routes it to that request's stream. */
  relatedRequestId?: JsonRpcId | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * What a transport gives the runtime for one stdio process, one legacy HTTP session, or one
 * modern HTTP request. The runtime never builds one itself.
 */
export interface Session {
  readonly id: string | undefined;
  /** Negotiated legacy state plus the bookkeeping of requests in flight. */
  readonly state: SessionState;
  /** Deliver a server-to-client notification; `relatedRequestId` routes it to that request's stream. */
  notify(message: JsonRpcNotification, relatedRequestId?: JsonRpcId): void;
  /** Legacy only: a server-to-client request (sampling, elicitation, roots). */
  request(method: string, params: unknown, options: SessionRequestOptions): Promise<unknown>;
  /**
   * Optional transport feature, offered to handlers as `ctx.transport.closeStream()`: close the
   * connection carrying `requestId`'s answer without ending its stream (legacy HTTP SSE polling,
   * SEP-1699). Returns false when there is no such connection. Transports without it omit it.
   */
  closeStream?(requestId: JsonRpcId): boolean;
}

/** A request the runtime is still working on; `notifications/cancelled` finds it here. */
export interface InFlightRequest {
  /** Created on first use of `ctx.signal`, or on cancel. */
  controller: AbortController | undefined;
  cancelled: boolean;
}

/**
 * Per-session state. Legacy fields are set by `initialize`; `inFlight` serves both eras, so a
 * stdio client can cancel modern requests with `notifications/cancelled` too.
 */
export class SessionState {
  /** `initialize` has been answered. */
  initialized = false;
  protocolVersion: string | undefined;
  clientCapabilities: ClientCapabilities = {};
  clientInfo: Implementation | undefined;
  /** Rank in LOGGING_LEVELS set by `logging/setLevel`; -1 = not set (send every level). */
  logLevelRank = -1;
  /** URIs the client subscribed to with `resources/subscribe`. */
  readonly resourceSubscriptions = new Set<string>();
  /** URIs held by this session's open `subscriptions/listen` requests (they share the budget). */
  listenedResourceCount = 0;
  /** Requests whose handler is still running, by id. */
  readonly inFlight = new Map<JsonRpcId, InFlightRequest>();
  closed = false;
}

/** A fresh session state for a transport building a `Session`. */
export function createSessionState(): SessionState {
  return new SessionState();
}
