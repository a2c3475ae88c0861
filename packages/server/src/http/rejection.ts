/**
 * A request the HTTP layer refuses before (or instead of) dispatching it: an HTTP
 * status plus the JSON-RPC error body sent with it.
 */

import { brand, hasBrand } from '../errors/brand.js';
import { McpErrorCode } from '../protocol/index.js';

/** JSON-RPC error codes the HTTP layer itself emits (the numbers live in {@link McpErrorCode}). */
export const HttpErrorCode = {
  ParseError: McpErrorCode.ParseError,
  InvalidRequest: McpErrorCode.InvalidRequest,
  MethodNotFound: McpErrorCode.MethodNotFound,
  InvalidParams: McpErrorCode.InvalidParams,
  InternalError: McpErrorCode.InternalError,
  /** Modern era: a routing header is missing, malformed or does not match the body. */
  HeaderMismatch: McpErrorCode.HeaderMismatch,
  /** Modern era: the request needs a client capability it did not declare. */
  MissingRequiredClientCapability: McpErrorCode.MissingRequiredClientCapability,
  /** Modern era: the requested protocol version is not served here. */
  UnsupportedProtocolVersion: McpErrorCode.UnsupportedProtocolVersion,
  /** Legacy era: session id missing (implementation-defined range, as the TS SDK uses). */
  SessionError: McpErrorCode.SessionError,
  /** Legacy era: the session is unknown or ended (HTTP 404). */
  SessionNotFound: McpErrorCode.SessionNotFound,
} as const;

/** The id a rejection echoes: the request's id when it could be read, else `null`. */
export type RejectionId = string | number | null;

const HTTP_REJECTION_BRAND = Symbol.for('mcpforge.server.HttpRejection');

/** A refusal carrying its HTTP status and JSON-RPC error; `toBody()` is the exact response body. */
export class HttpRejection extends Error {
  /** Names the class for `catch` blocks that match on codes; the JSON-RPC number is `rpcCode`. */
  readonly code = 'ERR_HTTP_REJECTED';
  readonly status: number;
  readonly rpcCode: number;
  readonly data: unknown;
  /** Response headers to add (e.g. `Allow`, `WWW-Authenticate`). */
  readonly headers: Readonly<Record<string, string>> | undefined;
  id: RejectionId;

  constructor(
    status: number,
    rpcCode: number,
    message: string,
    options: { id?: RejectionId; data?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpRejection';
    this.status = status;
    this.rpcCode = rpcCode;
    this.data = options.data;
    this.headers = options.headers;
    this.id = options.id ?? null;
    brand(this, HTTP_REJECTION_BRAND);
  }

  /** Matches by brand, so a rejection thrown by another copy of this package still matches. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, HTTP_REJECTION_BRAND);
  }

  /** The JSON-RPC error response body. Never reflects request header values. */
  toBody(): string {
    const error: { code: number; message: string; data?: unknown } = {
      code: this.rpcCode,
      message: this.message,
    };
    if (this.data !== undefined) error.data = this.data;
    return JSON.stringify({ jsonrpc: '2.0', id: this.id, error });
  }
}

/** Whether `value` is an {@link HttpRejection}, from this copy of the package or another one. */
export function isHttpRejection(value: unknown): value is HttpRejection {
  return value instanceof HttpRejection;
}
