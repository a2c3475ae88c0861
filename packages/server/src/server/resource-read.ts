import type { JsonRpcId, JsonRpcResponse } from '@mcpforge/wire';
import type { Era } from '../protocol/index.js';
import { McpErrorCode, Method } from '../protocol/index.js';
import type { RequestContext } from './context.js';
import type { DomainError } from './errors.js';
import { invoke } from './invoke.js';
import { openRound } from './mrtr-round.js';
import { peerText } from './peer-text.js';
import { contextFor, paramsObject, type RequestOrigin } from './request-origin.js';
import type { ResourceReadResult } from './resource-registry.js';
import { type DispatchResult, failure, success } from './responses.js';
import type { ServerCore } from './server-core.js';

const METHOD = Method.resourcesRead;

/** `resources/read`: a static resource, else the first matching template; not found is era-specific. */
export function readResource(core: ServerCore, origin: RequestOrigin, params: unknown): DispatchResult {
  const { id, era } = origin;
  const request = paramsObject(params);
  const uri = request['uri'];
  if (typeof uri !== 'string')
    return failure(id, McpErrorCode.InvalidParams, 'Invalid params: uri must be a string');
  const resolved = core.resources.resolve(uri);
  if (resolved === undefined) return notFound(id, era, uri);
  const ctx = contextFor(origin, request);
  const read = (): ResourceReadResult | Promise<ResourceReadResult> => {
    if (era === 'modern') openRound(core, ctx, METHOD, uri, request, null);
    return resolved.kind === 'static'
      ? resolved.handler(uri, ctx)
      : resolved.entry.handler(uri, resolved.variables, ctx);
  };
  return invoke(core, ctx, METHOD, uri, uri, read, finishRead, invalidParams);
}

/** Longest URI `data.uri` carries as it is, so a client can match it; a longer one is cut. */
const MAX_ECHOED_URI_LENGTH = 4096;

function notFound(id: JsonRpcId, era: Era, uri: string): JsonRpcResponse {
  const message = `Resource not found: ${peerText(uri)}`;
  const data = { uri: uri.length <= MAX_ECHOED_URI_LENGTH ? uri : peerText(uri) };
  return era === 'modern'
    ? failure(id, McpErrorCode.InvalidParams, message, data)
    : failure(id, McpErrorCode.ResourceNotFound, message, data);
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
