import type { JsonRpcResponse } from '@mcpforge/wire';
import { McpErrorCode, Method } from '../protocol/index.js';
import type { GetPromptResult } from '../results/index.js';
import type { RequestContext } from './context.js';
import { invoke } from './invoke.js';
import { openRound } from './mrtr-round.js';
import { peerText } from './peer-text.js';
import { contextFor, paramsObject, type RequestOrigin } from './request-origin.js';
import { invalidParams } from './resource-read.js';
import { type DispatchResult, failure, success } from './responses.js';
import type { ServerCore } from './server-core.js';

const METHOD = Method.promptsGet;

/** `prompts/get`: unknown prompt, non-string argument or a missing required argument → -32602. */
export function getPrompt(core: ServerCore, origin: RequestOrigin, params: unknown): DispatchResult {
  const { id, era } = origin;
  const request = paramsObject(params);
  const name = request['name'];
  if (typeof name !== 'string')
    return failure(id, McpErrorCode.InvalidParams, 'Invalid params: name must be a string');
  const prompt = core.prompts.get(name);
  if (prompt === undefined)
    return failure(id, McpErrorCode.InvalidParams, `Unknown prompt: ${peerText(name)}`);
  const raw = request['arguments'] ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return failure(id, McpErrorCode.InvalidParams, 'Invalid params: arguments must be an object');
  }
  const args = raw as Record<string, unknown>;
  for (const key of Object.keys(args)) {
    if (typeof args[key] !== 'string') {
      return failure(
        id,
        McpErrorCode.InvalidParams,
        `Invalid params: argument '${peerText(key)}' must be a string`,
      );
    }
  }
  for (const required of prompt.required) {
    if (args[required] === undefined) {
      return failure(id, McpErrorCode.InvalidParams, `Missing required argument: ${required}`);
    }
  }
  const ctx = contextFor(origin, request);
  const get = (): GetPromptResult | Promise<GetPromptResult> => {
    if (era === 'modern') openRound(core, ctx, METHOD, name, request, args);
    return prompt.handler(args as Record<string, string>, ctx);
  };
  return invoke(core, ctx, METHOD, name, name, get, finishPrompt, invalidParams);
}

function finishPrompt(
  core: ServerCore,
  ctx: RequestContext,
  value: GetPromptResult,
  name: string,
): JsonRpcResponse {
  if (typeof value !== 'object' || value === null || !Array.isArray(value.messages)) {
    throw new TypeError(`Prompt '${name}' returned something that is not a GetPromptResult`);
  }
  return success(ctx.requestId, ctx.era === 'modern' ? core.complete(value) : value);
}
