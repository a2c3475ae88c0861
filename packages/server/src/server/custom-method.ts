import type { JsonRpcId, JsonRpcResponse } from '@forge/wire';
import type { ClientCapabilities, Era, Meta } from '../protocol/index.js';
import { type HandlerContext, RequestContext } from './context.js';
import { fail, settle } from './invoke.js';
import { invalidParams } from './resource-read.js';
import { type DispatchResult, success } from './responses.js';
import type { ServerCore } from './server-core.js';
import type { Session } from './session.js';

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
  session: Session,
  id: JsonRpcId,
  method: string,
  params: unknown,
  era: Era,
  protocolVersion: string,
  clientCapabilities: ClientCapabilities,
): DispatchResult {
  const request = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  const ctx = new RequestContext(
    session,
    id,
    era,
    protocolVersion,
    clientCapabilities,
    request['_meta'] as Meta | undefined,
  );
  let produced: Record<string, unknown> | Promise<Record<string, unknown>>;
  try {
    produced = handler(request, ctx);
  } catch (error) {
    return fail(core, ctx, method, method, error, invalidParams);
  }
  return settle(core, ctx, method, method, method, produced, finishCustom, invalidParams);
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
