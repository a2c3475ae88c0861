import { ConnectionClosedError, RpcError } from '@mcpforge/wire';
import { ConnectionTimeoutError } from './timeout-error.js';

/**
 * The public core's base class of its connection errors, for `instanceof` checks only: it
 * matches `ConnectionClosedError`, `ConnectionTimeoutError` and `RpcError` (which here are
 * `@mcpforge/wire`'s classes and do not share a prototype).
 */
export class ConnectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConnectionError';
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      Function.prototype[Symbol.hasInstance].call(ConnectionError, value) ||
      value instanceof ConnectionClosedError ||
      value instanceof ConnectionTimeoutError ||
      value instanceof RpcError
    );
  }
}
