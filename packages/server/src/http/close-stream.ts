import type { HandlerContext } from '../server/context.js';

/**
 * From inside a handler: closes the legacy SSE connection carrying this request's answer
 * without ending the stream (SSE polling, SEP-1699). The client reconnects with
 * `Last-Event-ID` after the advertised `retry` delay and receives the rest. Returns false
 * when the request is not a legacy HTTP request (stdio, modern). Shorthand for
 * `ctx.transport.closeStream?.() ?? false`.
 */
export function closeSseStream(ctx: HandlerContext): boolean {
  return ctx.transport.closeStream?.() ?? false;
}
