import type { JsonRpcFailure, JsonRpcId, JsonRpcResponse, JsonRpcSuccess } from '@mcpforge/wire';
import { McpErrorCode } from '../protocol/index.js';
import { peerText } from './peer-text.js';

/** A success envelope. */
export function success(id: JsonRpcId, result: unknown): JsonRpcSuccess {
  return { jsonrpc: '2.0', id, result };
}

/** A failure envelope; `data` only when given. */
export function failure(id: JsonRpcId | null, code: number, message: string, data?: unknown): JsonRpcFailure {
  return data === undefined
    ? { jsonrpc: '2.0', id, error: { code, message } }
    : { jsonrpc: '2.0', id, error: { code, message, data } };
}

export type MaybePromise<T> = T | Promise<T>;
export type DispatchResult = MaybePromise<JsonRpcResponse | undefined>;

export function isPromiseLike<T>(value: unknown): value is Promise<T> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
  );
}

/** -32601 naming the method. */
export function methodNotFound(id: JsonRpcId, method: string): JsonRpcFailure {
  return failure(id, McpErrorCode.MethodNotFound, `Method not found: ${peerText(method)}`);
}
