import { ErrorCode, type JsonRpcErrorObject } from '../messages.js';

/** Shared across copies of this package so `instanceof` works when two versions meet. */
const RPC_ERROR_BRAND = Symbol.for('mcpforge.wire.RpcError');

const hasOwnPrototype = Function.prototype[Symbol.hasInstance];

function isBrandedRpcError(value: unknown): value is RpcError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[RPC_ERROR_BRAND] === true
  );
}

/**
 * A JSON-RPC error: one a peer answered with, or one to send to a peer.
 * The message carries no code prefix; the code is in `code`.
 * `instanceof` is brand-checked, so it holds across two copies of `@mcpforge/wire`;
 * a subclass matches any branded error with its code.
 */
export class RpcError extends Error {
  /** The code a subclass stands for; undefined for the base class (matches any code). */
  protected static readonly brandCode: number | undefined = undefined;

  readonly code: number;
  readonly data?: unknown;

  constructor(code: number, message: string, data?: unknown, options?: ErrorOptions) {
    super(message, options);
    this.name = 'RpcError';
    this.code = code;
    if (data !== undefined) this.data = data;
    Object.defineProperty(this, RPC_ERROR_BRAND, { value: true });
  }

  // `this` is the class on the right of `instanceof`: each subclass matches its own codes.
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    if (hasOwnPrototype.call(this, value)) return true;
    if (!isBrandedRpcError(value)) return false;
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    const code = (this as unknown as { brandCode: number | undefined }).brandCode;
    return code === undefined || value.code === code;
  }

  /** The wire form, for a response's `error` member. */
  toJSON(): JsonRpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }

  /** Builds the matching subclass for an error object a peer sent. */
  static fromObject(error: JsonRpcErrorObject): RpcError {
    switch (error.code) {
      case ErrorCode.ParseError:
        return new ParseError(error.message, error.data);
      case ErrorCode.InvalidRequest:
        return new InvalidRequestError(error.message, error.data);
      case ErrorCode.MethodNotFound:
        return new MethodNotFoundError(error.message, error.data);
      case ErrorCode.InvalidParams:
        return new InvalidParamsError(error.message, error.data);
      case ErrorCode.InternalError:
        return new InternalError(error.message, error.data);
      default:
        return new RpcError(error.code, error.message, error.data);
    }
  }
}

/** -32700: the bytes were not JSON. */
export class ParseError extends RpcError {
  protected static override readonly brandCode: number = ErrorCode.ParseError;
  constructor(message = 'Parse error', data?: unknown) {
    super(ErrorCode.ParseError, message, data);
    this.name = 'ParseError';
  }
}

/** -32600: JSON, but not a valid JSON-RPC 2.0 request. */
export class InvalidRequestError extends RpcError {
  protected static override readonly brandCode: number = ErrorCode.InvalidRequest;
  constructor(message = 'Invalid request', data?: unknown) {
    super(ErrorCode.InvalidRequest, message, data);
    this.name = 'InvalidRequestError';
  }
}

/** -32601: no handler for the method. */
export class MethodNotFoundError extends RpcError {
  protected static override readonly brandCode: number = ErrorCode.MethodNotFound;
  constructor(message = 'Method not found', data?: unknown) {
    super(ErrorCode.MethodNotFound, message, data);
    this.name = 'MethodNotFoundError';
  }
}

/** -32602: the params do not fit the method. */
export class InvalidParamsError extends RpcError {
  protected static override readonly brandCode: number = ErrorCode.InvalidParams;
  constructor(message = 'Invalid params', data?: unknown) {
    super(ErrorCode.InvalidParams, message, data);
    this.name = 'InvalidParamsError';
  }
}

/** -32603: the handler failed. */
export class InternalError extends RpcError {
  protected static override readonly brandCode: number = ErrorCode.InternalError;
  constructor(message = 'Internal error', data?: unknown) {
    super(ErrorCode.InternalError, message, data);
    this.name = 'InternalError';
  }
}
