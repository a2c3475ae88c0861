import type { JsonRpcId, JsonRpcNotification } from '@mcpforge/wire';
import { brand, matchesBrand } from '../errors/brand.js';
import { createSessionState, type Session, type SessionState } from '../server/session.js';
import type { OutboundStream } from './outbound-stream.js';

const MODERN_REQUEST_ERROR_BRAND = Symbol.for('mcpforge.server.ModernRequestError');

/** Error for a server → client request attempted in the modern era (MRTR replaces them). */
export class ModernRequestError extends Error {
  readonly code = 'ERR_MODERN_NO_REQUESTS';
  constructor(method: string) {
    super(`The modern era cannot send ${method} to the client; use MRTR input requests`);
    this.name = 'ModernRequestError';
    brand(this, MODERN_REQUEST_ERROR_BRAND);
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return matchesBrand(this, ModernRequestError, MODERN_REQUEST_ERROR_BRAND, value);
  }
}

/**
 * The {@link Session} of one modern (2026-07-28) request: no id, nothing kept after the
 * response, related notifications go to this request's own response stream.
 */
export class ModernRequestSession implements Session {
  readonly id = undefined;
  readonly state: SessionState;
  readonly stream: OutboundStream;
  readonly requestId: JsonRpcId | undefined;

  constructor(stream: OutboundStream, requestId: JsonRpcId | undefined) {
    this.stream = stream;
    this.requestId = requestId;
    this.state = createSessionState();
  }

  notify(message: JsonRpcNotification): void {
    if (!this.stream.done) this.stream.push(JSON.stringify(message));
  }

  request(method: string): Promise<unknown> {
    return Promise.reject(new ModernRequestError(method));
  }

  /**
   * The client closed the response stream: cancel the request. Marking the session closed is
   * what stops a request not dispatched yet (the runtime does not run requests of a closed
   * session); no placeholder goes into `inFlight`, where the dispatcher would take it for a
   * duplicate id.
   */
  abort(reason: unknown = new Error('Client closed the response stream')): void {
    this.stream.disconnected();
    this.state.closed = true;
    const requestId = this.requestId;
    if (requestId === undefined) return;
    const entry = this.state.inFlight.get(requestId);
    if (entry === undefined) return;
    entry.cancelled = true;
    entry.controller ??= new AbortController();
    entry.controller.abort(reason);
  }
}
