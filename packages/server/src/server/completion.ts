import type { JsonRpcResponse } from '@mcpforge/wire';
import { McpErrorCode, Method } from '../protocol/index.js';
import type { RequestContext } from './context.js';
import { invoke } from './invoke.js';
import { peerText } from './peer-text.js';
import { contextFor, paramsObject, type RequestOrigin } from './request-origin.js';
import { invalidParams } from './resource-read.js';
import type { Completer, CompletionValues } from './resource-registry.js';
import { type DispatchResult, failure, success } from './responses.js';
import type { ServerCore } from './server-core.js';

const METHOD = Method.complete;
const MAX_VALUES = 100;

/** `completion/complete` for `ref/prompt` and `ref/resource` (a template's `uriTemplate`). */
export function complete(core: ServerCore, origin: RequestOrigin, params: unknown): DispatchResult {
  const { id } = origin;
  const request = paramsObject(params);
  const ref = request['ref'] as Record<string, unknown> | undefined;
  const argument = request['argument'] as Record<string, unknown> | undefined;
  if (typeof ref !== 'object' || ref === null || typeof argument !== 'object' || argument === null) {
    return failure(id, McpErrorCode.InvalidParams, 'Invalid params: expected { ref, argument }');
  }
  const argumentName = argument['name'];
  const value = argument['value'];
  if (typeof argumentName !== 'string' || typeof value !== 'string') {
    return failure(id, McpErrorCode.InvalidParams, 'Invalid params: argument needs a string name and value');
  }
  let completers: Record<string, Completer> | undefined;
  if (ref['type'] === 'ref/prompt' && typeof ref['name'] === 'string') {
    const prompt = core.prompts.get(ref['name']);
    if (prompt === undefined)
      return failure(id, McpErrorCode.InvalidParams, `Unknown prompt: ${peerText(ref['name'])}`);
    completers = prompt.complete;
  } else if (ref['type'] === 'ref/resource' && typeof ref['uri'] === 'string') {
    const template = core.resources.template(ref['uri']);
    if (template === undefined)
      return failure(id, McpErrorCode.InvalidParams, `Unknown resource template: ${peerText(ref['uri'])}`);
    completers = template.complete;
  } else {
    return failure(id, McpErrorCode.InvalidParams, 'Invalid params: ref must be ref/prompt or ref/resource');
  }
  // Own properties only: an argument named `__proto__` or `toString` is not a completer.
  const completer =
    completers !== undefined && Object.hasOwn(completers, argumentName)
      ? completers[argumentName]
      : undefined;
  const ctx = contextFor(origin, request);
  if (completer === undefined) return finishCompletion(core, ctx, [], undefined);
  const context = request['context'] as { arguments?: Record<string, string> } | undefined;
  const run = () => completer(value, { arguments: context?.arguments ?? {} }, ctx);
  return invoke(core, ctx, METHOD, argumentName, undefined, run, finishCompletion, invalidParams);
}

function finishCompletion(
  core: ServerCore,
  ctx: RequestContext,
  value: CompletionValues,
  _subject: undefined,
): JsonRpcResponse {
  const values = Array.isArray(value) ? value : value.values;
  const completion: Record<string, unknown> = { values: values.slice(0, MAX_VALUES) };
  if (Array.isArray(value)) {
    completion['total'] = values.length;
    completion['hasMore'] = values.length > MAX_VALUES;
  } else {
    if (value.total !== undefined) completion['total'] = value.total;
    completion['hasMore'] = value.hasMore ?? values.length > MAX_VALUES;
  }
  const result = { completion };
  return success(ctx.requestId, ctx.era === 'modern' ? core.complete(result) : result);
}
