import { RpcError } from '@mcpforge/wire';
import { ERR_SERVER_ERROR } from '../protocol/error-codes.js';

/**
 * A request got no answer in time (the seed's definition): an `RpcError` with code -32000 and
 * `outcome: 'no-response'`, so code written for `@animalabs/mcpl-core` that catches `RpcError`
 * or reads `.code` sees a timeout the same way. `@mcpforge/wire` reports the same event as its
 * own `ConnectionTimeoutError` (a local error); `McplConnection.sendRequest` converts it.
 */
export class ConnectionTimeoutError extends RpcError {
  readonly outcome = 'no-response' as const;
  readonly method: string;
  readonly timeoutMs: number;

  constructor(method: string, timeoutMs: number, options?: ErrorOptions) {
    super(ERR_SERVER_ERROR, `Request timed out after ${timeoutMs}ms: ${method}`, undefined, options);
    this.name = 'ConnectionTimeoutError';
    this.method = method;
    this.timeoutMs = timeoutMs;
  }
}
