import { describePeerValue } from '../errors/describe-peer-value.js';
import { type ProtocolViolationCode, ProtocolViolationError } from '../errors/local-error.js';
import {
  ErrorCode,
  type JsonRpcFailure,
  type JsonRpcId,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
} from '../messages.js';

/** What one incoming frame turned out to be. */
export type Classified =
  | { kind: 'request'; message: JsonRpcRequest }
  | { kind: 'notification'; message: JsonRpcNotification }
  | { kind: 'response'; message: JsonRpcResponse }
  | {
      kind: 'invalid';
      error: ProtocolViolationError;
      /** A malformed response's id, when readable: the request it answers must not wait on. */
      responseId?: JsonRpcId;
    };

/** The members JSON-RPC 2.0 gives meaning to; anything else is carried along untouched. */
interface Fields {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

function failure(id: JsonRpcId | null, code: number, message: string): JsonRpcFailure {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** A usable id: a string or a finite number (`1e400` parses to Infinity, which JSON writes as null). */
function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

function readableId(value: Fields): JsonRpcId | null {
  return isId(value.id) ? value.id : null;
}

function invalid(
  code: ProtocolViolationCode,
  detail: string,
  answerId: JsonRpcId | null | undefined,
): Classified {
  // answerId undefined: JSON-RPC forbids answering (the frame was response-shaped).
  const answer = answerId === undefined ? undefined : failure(answerId, ErrorCode.InvalidRequest, detail);
  return { kind: 'invalid', error: new ProtocolViolationError(code, detail, answer) };
}

/** A response-shaped frame that is malformed: never answered, but it settles the request it names. */
function invalidResponse(code: ProtocolViolationCode, detail: string, fields: Fields): Classified {
  const classified = {
    kind: 'invalid' as const,
    error: new ProtocolViolationError(code, detail),
  };
  return isId(fields.id) ? { ...classified, responseId: fields.id } : classified;
}

/** Parses one frame of JSON text and says what it is; malformed input becomes a typed error. */
export function classifyText(text: string): Classified {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    const answer = failure(null, ErrorCode.ParseError, 'Parse error: the message is not valid JSON');
    return {
      kind: 'invalid',
      error: new ProtocolViolationError('ERR_PARSE', 'Incoming message is not valid JSON', answer, { cause }),
    };
  }
  return classifyValue(value);
}

/** Says what a parsed JSON value is, checking it against JSON-RPC 2.0. */
export function classifyValue(value: unknown): Classified {
  if (Array.isArray(value)) {
    return invalid(
      'ERR_BATCH_UNSUPPORTED',
      'Batches are not supported (MCP removed JSON-RPC batching)',
      null,
    );
  }
  if (typeof value !== 'object' || value === null) {
    return invalid('ERR_INVALID_MESSAGE', 'A JSON-RPC message must be a JSON object', null);
  }
  const fields = value as Fields;
  const isResponseShaped = !('method' in fields) && ('result' in fields || 'error' in fields);
  if (fields.jsonrpc !== '2.0') {
    // Described, never stringified: the member may be megabytes long or thousands of levels deep.
    const detail = `Unsupported JSON-RPC version ${describePeerValue(fields.jsonrpc)}; expected "2.0"`;
    return isResponseShaped
      ? invalidResponse('ERR_UNSUPPORTED_VERSION', detail, fields)
      : invalid('ERR_UNSUPPORTED_VERSION', detail, readableId(fields));
  }
  if (isResponseShaped) return classifyResponse(fields);
  return classifyCall(fields);
}

function classifyCall(fields: Fields): Classified {
  const method = fields.method;
  const id = fields.id;
  const hasId = 'id' in fields;
  const answerId = readableId(fields);
  if (typeof method !== 'string') {
    return invalid('ERR_INVALID_MESSAGE', 'Invalid request: "method" must be a string', answerId);
  }
  if (hasId && !isId(id)) {
    return invalid('ERR_INVALID_MESSAGE', 'Invalid request: "id" must be a string or a finite number', null);
  }
  const params = fields.params;
  if (params !== undefined && (typeof params !== 'object' || params === null)) {
    return invalid(
      'ERR_INVALID_MESSAGE',
      'Invalid request: "params" must be an object or an array',
      answerId,
    );
  }
  if (hasId) return { kind: 'request', message: fields as unknown as JsonRpcRequest };
  return { kind: 'notification', message: fields as unknown as JsonRpcNotification };
}

function classifyResponse(fields: Fields): Classified {
  const id = fields.id;
  if (id !== null && typeof id !== 'string' && typeof id !== 'number') {
    return invalid(
      'ERR_INVALID_MESSAGE',
      'Invalid response: "id" must be a string, a number or null',
      undefined,
    );
  }
  if ('result' in fields && 'error' in fields) {
    return invalidResponse('ERR_INVALID_MESSAGE', 'Invalid response: both "result" and "error"', fields);
  }
  if ('error' in fields) {
    const error = fields.error as { code?: unknown; message?: unknown } | null;
    if (
      typeof error !== 'object' ||
      error === null ||
      !Number.isInteger(error.code) ||
      typeof error.message !== 'string'
    ) {
      return invalidResponse('ERR_INVALID_MESSAGE', 'Invalid response: malformed "error" object', fields);
    }
  } else if (id === null) {
    return invalid('ERR_INVALID_MESSAGE', 'Invalid response: a result needs an id', undefined);
  }
  return { kind: 'response', message: fields as unknown as JsonRpcResponse };
}
