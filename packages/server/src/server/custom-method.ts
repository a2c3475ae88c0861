import type { JsonRpcResponse } from '@mcpforge/wire';
import type { HandlerContext, RequestContext } from './context.js';
import { invoke } from './invoke.js';
import { contextFor, paramsObject, type RequestOrigin } from './request-origin.js';
import { invalidParams } from './resource-read.js';
import { type DispatchResult, success } from './responses.js';
import type { ServerCore } from './server-core.js';

/**
 * A handler for a method the runtime does not know (an extension such as tasks, or a vendor
 * method). It gets the request params and the usual context; its result is sent as is, plus
 * `resultType: 'complete'` and serverInfo in the modern era when it sets no `resultType`.
 */
export type MethodHandler = (
  params: Record<string, unknown>,
  ctx: HandlerContext,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

export function callCustomMethod(
  core: ServerCore,
  handler: MethodHandler,
  origin: RequestOrigin,
  method: string,
  params: unknown,
): DispatchResult {
  const request = paramsObject(params);
  const ctx = contextFor(origin, request);
  return invoke(core, ctx, method, method, method, () => handler(request, ctx), finishCustom, invalidParams);
}

function finishCustom(
  core: ServerCore,
  ctx: RequestContext,
  value: Record<string, unknown>,
  method: string,
): JsonRpcResponse {
  if (typeof value !== 'object' || value === null)
    throw new TypeError(`The handler of '${method}' returned no result object`);
  if (ctx.era === 'legacy' || value['resultType'] !== undefined) return success(ctx.requestId, value);
  return success(ctx.requestId, core.complete(value));
}
