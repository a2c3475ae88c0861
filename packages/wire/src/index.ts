export { Connection, type ConnectionEvents } from './connection/connection.js';
export type { ConnectionOptions, RequestOptions } from './connection/options.js';
export { DEFAULT_DESCRIBE_MAX_LENGTH, describePeerValue } from './errors/describe-peer-value.js';
export {
  ConnectionClosedError,
  ConnectionTimeoutError,
  ListenerError,
  LocalError,
  type LocalErrorCode,
  MessageTooLargeError,
  type ProtocolViolationCode,
  ProtocolViolationError,
  type RequestOutcome,
} from './errors/local-error.js';
export {
  InternalError,
  InvalidParamsError,
  InvalidRequestError,
  MethodNotFoundError,
  ParseError,
  RpcError,
} from './errors/rpc-error.js';
export { encodeMessage } from './framing/encode.js';
export { type DecodedLine, LineDecoder } from './framing/line-decoder.js';
export type {
  IncomingMessage,
  JsonRpcErrorObject,
  JsonRpcFailure,
  JsonRpcId,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcSuccess,
} from './messages.js';
export { ErrorCode } from './messages.js';
export { fromChildProcess, fromSocket, fromStreams } from './streams/transports.js';
