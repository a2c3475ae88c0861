/**
 * A request the HTTP layer refuses before (or instead of) dispatching it: an HTTP
 * status plus the JSON-RPC error body sent with it.
 */

/** JSON-RPC error codes the HTTP layer itself emits. */
export const HttpErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** Modern era: a routing header is missing, malformed or does not match the body. */
  HeaderMismatch: -32020,
  /** Modern era: the request needs a client capability it did not declare. */
  MissingRequiredClientCapability: -32021,
  /** Modern era: the requested protocol version is not served here. */
  UnsupportedProtocolVersion: -32022,
  /** Legacy era: session id missing or unknown (implementation-defined range, as the TS SDK uses). */
  SessionError: -32000,
} as const;

/** The id a rejection echoes: the request's id when it could be read, else `null`. */
export type RejectionId = string | number | null;

/** A refusal carrying its HTTP status and JSON-RPC error; `toBody()` is the exact response body. */
export class HttpRejection extends Error {
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

/** Brand-free check that also works across duplicated module copies. */
export function isHttpRejection(value: unknown): value is HttpRejection {
  return value instanceof HttpRejection;
}
