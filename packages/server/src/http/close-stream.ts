import type { HandlerContext } from '../server/context.js';
import { HttpSession } from './legacy-session.js';

/**
 * From inside a handler: closes the legacy SSE connection carrying this request's answer
 * without ending the stream (SSE polling, SEP-1699). The client reconnects with
 * `Last-Event-ID` after the advertised `retry` delay and receives the rest. Returns false
 * when the request is not a legacy HTTP request (stdio, modern).
 */
export function closeSseStream(ctx: HandlerContext): boolean {
  const session = (ctx as HandlerContext & { session?: unknown }).session;
  if (!(session instanceof HttpSession)) return false;
  const stream = session.requestStreams.get(ctx.requestId);
  if (stream === undefined) return false;
  stream.closeConnection();
  return true;
}
