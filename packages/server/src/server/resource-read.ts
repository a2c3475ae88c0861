import type { JsonRpcId, JsonRpcResponse } from '@forge/wire';
import type { ClientCapabilities, Era, Meta } from '../protocol/index.js';
import { McpErrorCode } from '../protocol/index.js';
import { RequestContext } from './context.js';
import type { DomainError } from './errors.js';
import { fail, settle } from './invoke.js';
import { openRound } from './mrtr-round.js';
import type { ResourceReadResult } from './resource-registry.js';
import { type DispatchResult, failure, success } from './responses.js';
import type { ServerCore } from './server-core.js';
import type { Session } from './session.js';

const METHOD = 'resources/read';

/** `resources/read`: a static resource, else the first matching template; not found is era-specific. */
export function readResource(
  core: ServerCore,
  session: Session,
  id: JsonRpcId,
  params: unknown,
  era: Era,
  protocolVersion: string,
  clientCapabilities: ClientCapabilities,
): DispatchResult {
  const request = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  const uri = request['uri'];
  if (typeof uri !== 'string')
    return failure(id, McpErrorCode.InvalidParams, 'Invalid params: uri must be a string');
  const resolved = core.resources.resolve(uri);
  if (resolved === undefined) return notFound(id, era, uri);
  const ctx = new RequestContext(
    session,
    id,
    era,
    protocolVersion,
    clientCapabilities,
    request['_meta'] as Meta | undefined,
  );
  let produced: ResourceReadResult | Promise<ResourceReadResult>;
  try {
    if (era === 'modern') openRound(core, ctx, METHOD, uri, request, null);
    produced =
      resolved.kind === 'static'
        ? resolved.handler(uri, ctx)
        : resolved.entry.handler(uri, resolved.variables, ctx);
  } catch (error) {
    return fail(core, ctx, METHOD, uri, error, invalidParams);
  }
  return settle(core, ctx, METHOD, uri, uri, produced, finishRead, invalidParams);
}

function notFound(id: JsonRpcId, era: Era, uri: string): JsonRpcResponse {
  return era === 'modern'
    ? failure(id, McpErrorCode.InvalidParams, `Resource not found: ${uri}`, { uri })
    : failure(id, McpErrorCode.ResourceNotFound, `Resource not found: ${uri}`, { uri });
}

function finishRead(
  core: ServerCore,
  ctx: RequestContext,
  value: ResourceReadResult,
  uri: string,
): JsonRpcResponse {
  if (typeof value !== 'object' || value === null || !Array.isArray(value.contents)) {
    throw new TypeError(`The handler of '${uri}' returned something that is not a ReadResourceResult`);
  }
  // SEP-2164: an empty read is a "not found", never an empty success.
  if (value.contents.length === 0) return notFound(ctx.requestId, ctx.era, uri);
  const { ttlMs, cacheScope, ...result } = value;
  if (ctx.era === 'legacy')
    return success(ctx.requestId, ttlMs === undefined && cacheScope === undefined ? value : result);
  const modern = core.complete(result);
  modern['ttlMs'] = ttlMs ?? core.cacheTtlMs;
  modern['cacheScope'] = cacheScope ?? core.cacheScope;
  return success(ctx.requestId, modern);
}

/** A domain error outside tools/call is a -32602 with its message. */
export function invalidParams(_core: ServerCore, ctx: RequestContext, error: DomainError): JsonRpcResponse {
  return failure(ctx.requestId, McpErrorCode.InvalidParams, error.message);
}
