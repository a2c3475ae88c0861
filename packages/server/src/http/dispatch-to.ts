import type { JsonRpcResponse } from '@mcpforge/wire';
import type { Session } from '../server/session.js';
import { HttpErrorCode } from './rejection.js';
import type { HttpServable } from './servable.js';

/**
 * `server.dispatch` when available (no promise for synchronous answers), else `server.handle`.
 * A runtime that throws (it should not) still yields an answer, so no stream is left open.
 */
export function dispatchTo(
  server: HttpServable,
  message: Record<string, unknown>,
  session: Session,
): JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined> {
  try {
    const answer =
      server.dispatch === undefined
        ? server.handle(message as never, session)
        : server.dispatch(message as never, session);
    return answer instanceof Promise ? answer.catch(() => internalError(message)) : answer;
  } catch {
    return internalError(message);
  }
}

function internalError(message: Record<string, unknown>): JsonRpcResponse | undefined {
  const id = message['id'];
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return { jsonrpc: '2.0', id, error: { code: HttpErrorCode.InternalError, message: 'Internal error' } };
}
