/** A JSON-RPC request id. `1` and `"1"` are different ids. */
export type JsonRpcId = string | number;

/** A call that expects exactly one response with the same id. */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: unknown;
}

/** A one-way message: no id, no response. */
export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: unknown;
}

/** The `error` member of a failed response. */
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export interface JsonRpcSuccess {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result: unknown;
}

/** `id` is null when the failing message's id could not be read (parse error, invalid request). */
export interface JsonRpcFailure {
  jsonrpc: '2.0';
  id: JsonRpcId | null;
  error: JsonRpcErrorObject;
}

export type JsonRpcResponse = JsonRpcSuccess | JsonRpcFailure;
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/** What `nextMessage()` and the `request`/`notification` events deliver. */
export type IncomingMessage = JsonRpcRequest | JsonRpcNotification;

/** The error codes JSON-RPC 2.0 reserves. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;
