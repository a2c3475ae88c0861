import type { JsonRpcFailure } from '../messages.js';

/** Shared across copies of this package so `instanceof` works when two versions meet. */
const LOCAL_ERROR_BRAND = Symbol.for('mcpforge.wire.LocalError');

const hasOwnPrototype = Function.prototype[Symbol.hasInstance];

/** Codes of malformed input: reported as `error` events, the connection lives on. */
export type ProtocolViolationCode =
  | 'ERR_PARSE'
  | 'ERR_INVALID_MESSAGE'
  | 'ERR_UNSUPPORTED_VERSION'
  | 'ERR_BATCH_UNSUPPORTED'
  | 'ERR_UNKNOWN_RESPONSE_ID'
  | 'ERR_TRUNCATED_MESSAGE'
  | 'ERR_BINARY_FRAME';

export type LocalErrorCode =
  | 'ERR_CONNECTION_CLOSED'
  | 'ERR_TIMEOUT'
  | 'ERR_MESSAGE_TOO_LARGE'
  | 'ERR_LISTENER_THREW'
  | ProtocolViolationCode;

const PROTOCOL_VIOLATION_CODES: ReadonlySet<string> = new Set<ProtocolViolationCode>([
  'ERR_PARSE',
  'ERR_INVALID_MESSAGE',
  'ERR_UNSUPPORTED_VERSION',
  'ERR_BATCH_UNSUPPORTED',
  'ERR_UNKNOWN_RESPONSE_ID',
  'ERR_TRUNCATED_MESSAGE',
  'ERR_BINARY_FRAME',
]);

function brandedCode(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if ((value as Record<symbol, unknown>)[LOCAL_ERROR_BRAND] !== true) return undefined;
  return (value as { code?: unknown }).code as string | undefined;
}

/**
 * An error raised by this side and never sent to the peer, with a string code.
 * `instanceof` is brand-checked (holds across two copies of `@mcpforge/wire`);
 * a subclass matches any branded error carrying one of its codes.
 */
export class LocalError extends Error {
  readonly code: LocalErrorCode;

  constructor(code: LocalErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'LocalError';
    this.code = code;
    Object.defineProperty(this, LOCAL_ERROR_BRAND, { value: true });
  }

  /** Which codes this class stands for; the base class takes any. */
  protected static ownsCode(_code: string): boolean {
    return true;
  }

  // `this` is the class on the right of `instanceof`: each subclass matches its own codes.
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    if (hasOwnPrototype.call(this, value)) return true;
    const code = brandedCode(value);
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return code !== undefined && (this as unknown as typeof LocalError).ownsCode(code);
  }
}

/** What happened to a request when the connection closed under it. */
export type RequestOutcome = 'not-sent' | 'no-response';

/**
 * The connection is closed (or can no longer send). `outcome` says what became of a
 * request: never handed to the output (`not-sent`) or handed over with no answer
 * (`no-response`); undefined for `nextMessage()`.
 */
export class ConnectionClosedError extends LocalError {
  readonly outcome?: RequestOutcome;

  constructor(outcome?: RequestOutcome, detail?: string, options?: ErrorOptions) {
    super('ERR_CONNECTION_CLOSED', closedMessage(outcome, detail), options);
    this.name = 'ConnectionClosedError';
    if (outcome !== undefined) this.outcome = outcome;
  }

  protected static override ownsCode(code: string): boolean {
    return code === 'ERR_CONNECTION_CLOSED';
  }
}

function closedMessage(outcome: RequestOutcome | undefined, detail: string | undefined): string {
  const base =
    outcome === 'not-sent'
      ? 'Connection closed: the message was not sent'
      : outcome === 'no-response'
        ? 'Connection closed: the request was sent but no response came'
        : 'Connection closed: no more messages will come';
  return detail === undefined ? base : `${base} (${detail})`;
}

/** A request got no response within its timeout. */
export class ConnectionTimeoutError extends LocalError {
  readonly outcome = 'no-response' as const;
  readonly method: string;
  readonly timeoutMs: number;

  constructor(method: string, timeoutMs: number) {
    super('ERR_TIMEOUT', `Request '${method}' got no response within ${timeoutMs} ms`);
    this.name = 'ConnectionTimeoutError';
    this.method = method;
    this.timeoutMs = timeoutMs;
  }

  protected static override ownsCode(code: string): boolean {
    return code === 'ERR_TIMEOUT';
  }
}

/** An incoming message exceeded `maxMessageBytes`; it was skipped and the connection lives on. */
export class MessageTooLargeError extends LocalError {
  readonly limit: number;

  constructor(limit: number) {
    super('ERR_MESSAGE_TOO_LARGE', `Incoming message exceeds the limit of ${limit} bytes; skipped`);
    this.name = 'MessageTooLargeError';
    this.limit = limit;
  }

  protected static override ownsCode(code: string): boolean {
    return code === 'ERR_MESSAGE_TOO_LARGE';
  }
}

/**
 * The peer sent something that is not valid JSON-RPC 2.0 for this connection.
 * `answer` is the error response sent back, when JSON-RPC calls for one.
 */
export class ProtocolViolationError extends LocalError {
  declare readonly code: ProtocolViolationCode;
  readonly answer?: JsonRpcFailure;

  constructor(code: ProtocolViolationCode, message: string, answer?: JsonRpcFailure, options?: ErrorOptions) {
    super(code, message, options);
    this.name = 'ProtocolViolationError';
    if (answer !== undefined) this.answer = answer;
  }

  protected static override ownsCode(code: string): boolean {
    return PROTOCOL_VIOLATION_CODES.has(code);
  }
}

/** A `request`/`notification` listener threw something that is not an Error; it is the `cause`. */
export class ListenerError extends LocalError {
  constructor(cause: unknown) {
    super('ERR_LISTENER_THREW', 'A message listener threw a non-Error value', { cause });
    this.name = 'ListenerError';
  }

  protected static override ownsCode(code: string): boolean {
    return code === 'ERR_LISTENER_THREW';
  }
}
