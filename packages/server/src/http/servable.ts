import type { JsonRpcMessage, JsonRpcResponse } from '@mcpforge/wire';
import type { Session } from '../server/session.js';
import type { HttpRequestInfo } from './exchange.js';

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
