import type { JsonRpcResponse } from '@mcpforge/wire';
import type { RequestContext } from './context.js';
import type { MethodHandler } from './handlers.js';
import { invoke } from './invoke.js';
import { contextFor, paramsObject, type RequestOrigin } from './request-origin.js';
import { invalidParams } from './resource-read.js';
import { type DispatchResult, success } from './responses.js';
import type { ServerCore } from './server-core.js';

/** Runs an extension method's handler with the usual context; its result gets the modern `_meta`. */
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
