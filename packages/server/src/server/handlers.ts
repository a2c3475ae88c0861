/**
 * The signatures of handlers that more than one module needs (the registries, the probe wrapper,
 * the dispatcher's core). Kept apart so those modules depend on these types, not on each other.
 */
import type { CallToolResult } from '../results/index.js';
import type { HandlerContext } from './context.js';

/** A tool handler; returning a non-promise keeps the call free of async hops. */
export type ToolHandler<A = Record<string, unknown>> = (
  args: A,
  ctx: HandlerContext,
) => CallToolResult | Promise<CallToolResult>;

/**
 * A handler for a method the runtime does not know (an extension such as tasks, or a vendor
 * method). It gets the request params and the usual context; its result is sent as is, plus
 * `resultType: 'complete'` and serverInfo in the modern era when it sets no `resultType`.
 */
export type MethodHandler = (
  params: Record<string, unknown>,
  ctx: HandlerContext,
) => Record<string, unknown> | Promise<Record<string, unknown>>;
