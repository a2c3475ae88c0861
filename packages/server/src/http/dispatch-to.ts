import type { JsonRpcResponse } from '@mcpforge/wire';
import type { Session } from '../server/session.js';
import { HttpErrorCode } from './rejection.js';
import type { HttpServable } from './servable.js';

/** What a runtime answers: a response, none (a notification), or either later. */
export type DispatchAnswer = JsonRpcResponse | undefined | Promise<JsonRpcResponse | undefined>;

/**
 * `server.dispatch` when available (no promise for synchronous answers), else `server.handle`.
 * A runtime that throws (it should not) still yields an answer, so no stream is left open.
 */
export function dispatchTo(
  server: HttpServable,
  message: Record<string, unknown>,
  session: Session,
): DispatchAnswer {
  const answer = dispatchUncaught(server, message, session);
  return answer instanceof Promise ? answer.catch(() => internalError(message)) : answer;
}

/**
 * {@link dispatchTo} for a caller that awaits the answer in `try`/`catch` and answers a rejection
 * with {@link internalError} itself: the hot paths, where a `.catch` would cost each
 * asynchronous answer a promise and a microtask. A synchronous throw is answered here.
 */
export function dispatchUncaught(
  server: HttpServable,
  message: Record<string, unknown>,
  session: Session,
): DispatchAnswer {
  try {
    return server.dispatch === undefined
      ? server.handle(message as never, session)
      : server.dispatch(message as never, session);
  } catch {
    return internalError(message);
  }
}

/** The answer to a request the runtime failed on: -32603 without the error's text; none for a notification. */
export function internalError(message: Record<string, unknown>): JsonRpcResponse | undefined {
  const id = message['id'];
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return { jsonrpc: '2.0', id, error: { code: HttpErrorCode.InternalError, message: 'Internal error' } };
}
