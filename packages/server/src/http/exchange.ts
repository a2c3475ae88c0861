import type { IncomingMessage } from 'node:http';
import type { StreamSink } from './sse.js';

/** What hooks (`authenticate`, a server resolver) see of an incoming HTTP request. */
export interface HttpRequestInfo {
  readonly method: string;
  /** Path and query, e.g. `/mcp?x=1`. */
  readonly url: string;
  /** A request header by lower-case name; repeated headers are joined with `, `. */
  header(lowerName: string): string | undefined;
  /** The underlying request: a node `IncomingMessage` or a web `Request`. */
  readonly raw: IncomingMessage | Request;
}

/**
 * One HTTP request/response pair as the transport core sees it, whatever the server API
 * underneath (node:http or fetch). Exactly one of `send` / `openStream` is called.
 */
export interface Exchange extends HttpRequestInfo {
  readBody(limit: number): Promise<string>;
  /** A complete response. `body` undefined = no body. */
  send(status: number, headers: Readonly<Record<string, string>> | undefined, body: string | undefined): void;
  /** Starts a streaming (SSE) response and returns where its bytes go. */
  openStream(status: number, headers: Readonly<Record<string, string>>): StreamSink;
  /** Sets the one listener called if the client goes away before the response is complete. */
  onAbort(listener: () => void): void;
  /** Authentication result of `authenticate`, for handlers that look. */
  auth: unknown;
}
