import { HttpErrorCode, HttpRejection } from './rejection.js';

/** What one POST body holds, classified. */
export type PostedMessage =
  | {
      kind: 'request';
      id: string | number;
      method: string;
      params: unknown;
      message: Record<string, unknown>;
    }
  | { kind: 'notification'; method: string; params: unknown; message: Record<string, unknown> }
  | { kind: 'response'; id: string | number | null; message: Record<string, unknown> };

/**
 * Parses and classifies a POST body. Refuses malformed JSON (400, -32700, id null),
 * batches (400, -32600: no supported version both batches and runs over this handler's
 * sessions) and anything that is not one JSON-RPC 2.0 message (400, -32600).
 */
export function parsePostedMessage(body: string): PostedMessage {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new HttpRejection(400, HttpErrorCode.ParseError, 'Parse error: body is not valid JSON');
  }
  if (Array.isArray(value)) {
    throw new HttpRejection(400, HttpErrorCode.InvalidRequest, 'Invalid Request: batches are not supported');
  }
  if (value === null || typeof value !== 'object') {
    throw new HttpRejection(400, HttpErrorCode.InvalidRequest, 'Invalid Request: expected a JSON-RPC object');
  }
  const message = value as Record<string, unknown>;
  const id = message['id'];
  const validId = typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));
  if (message['jsonrpc'] !== '2.0') {
    throw new HttpRejection(400, HttpErrorCode.InvalidRequest, 'Invalid Request: jsonrpc must be "2.0"', {
      id: validId ? (id as string | number) : null,
    });
  }
  const method = message['method'];
  if (typeof method === 'string') {
    const params = message['params'];
    // JSON-RPC 2.0 §4.2: params is a structured value or absent; stdio answers the same way.
    if (params !== undefined && (typeof params !== 'object' || params === null)) {
      throw new HttpRejection(
        400,
        HttpErrorCode.InvalidRequest,
        'Invalid Request: params must be an object',
        {
          id: validId ? (id as string | number) : null,
        },
      );
    }
    if (id === undefined) return { kind: 'notification', method, params: message['params'], message };
    if (!validId) throw new HttpRejection(400, HttpErrorCode.InvalidRequest, 'Invalid Request: bad id');
    return { kind: 'request', id: id as string | number, method, params: message['params'], message };
  }
  if (method === undefined && ('result' in message || 'error' in message)) {
    return { kind: 'response', id: validId ? (id as string | number) : null, message };
  }
  throw new HttpRejection(
    400,
    HttpErrorCode.InvalidRequest,
    'Invalid Request: not a request, notification or response',
    {
      id: validId ? (id as string | number) : null,
    },
  );
}
