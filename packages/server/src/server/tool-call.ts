import type { JsonRpcResponse } from '@mcpforge/wire';
import type { Meta } from '../protocol/index.js';
import { McpErrorCode, MetaKey, Method } from '../protocol/index.js';
import { type CallToolResult, toolError } from '../results/index.js';
import { describeIssues, type ValidationIssue } from '../validation/index.js';
import type { RequestContext } from './context.js';
import type { DomainError } from './errors.js';
import { invoke } from './invoke.js';
import { openRound } from './mrtr-round.js';
import { peerText } from './peer-text.js';
import { resolvePatterns } from './probe.js';
import { contextFor, type RequestOrigin } from './request-origin.js';
import { type DispatchResult, failure, success } from './responses.js';
import type { ServerCore } from './server-core.js';
import type { RegisteredTool } from './tool-registry.js';

const METHOD = Method.toolsCall;

/**
 * The `tools/call` pipeline: params shape → lookup → arguments prepared (`prepareArguments`)
 * and validated (an `isError` result naming the field and rule, or `onInvalidArguments`'s) →
 * probe or handler → output-schema check. Synchronous end to end when the handler returns a
 * plain value.
 */
export function callTool(core: ServerCore, origin: RequestOrigin, params: unknown): DispatchResult {
  const { id, era } = origin;
  if (typeof params !== 'object' || params === null) {
    return failure(id, McpErrorCode.InvalidParams, 'Invalid params: expected { name, arguments? }');
  }
  const request = params as Record<string, unknown>;
  const name = request['name'];
  if (typeof name !== 'string')
    return failure(id, McpErrorCode.InvalidParams, 'Invalid params: name must be a string');
  const raw = request['arguments'];
  if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) {
    return failure(id, McpErrorCode.InvalidParams, 'Invalid params: arguments must be an object');
  }
  const tool = core.tools.get(name);
  if (tool === undefined) return failure(id, McpErrorCode.InvalidParams, `Unknown tool: ${peerText(name)}`);
  const meta = request['_meta'] as Meta | undefined;
  const probe = meta !== undefined && meta !== null && meta[MetaKey.permissionPatterns] === true;
  if (probe && tool.patterns === undefined) {
    return failure(
      id,
      McpErrorCode.InvalidParams,
      `Tool '${peerText(name)}' does not support permission probing`,
    );
  }
  let args = (raw ?? {}) as Record<string, unknown>;
  const prepare = core.options.prepareArguments;
  if (prepare !== undefined) {
    const prepared = prepare(args, name);
    if (!prepared.ok) return refuseArguments(core, origin, request, tool, prepared.issues);
    args = prepared.arguments;
  }
  const outcome = tool.validateInput(args);
  if (!outcome.ok) return refuseArguments(core, origin, request, tool, outcome.issues);
  const ctx = contextFor(origin, request);
  if (probe) {
    const probePatterns = () =>
      resolvePatterns(tool.patterns as NonNullable<RegisteredTool['patterns']>, args);
    return invoke(core, ctx, METHOD, name, tool, probePatterns, finishProbe, toolDomainError);
  }
  const call = (): CallToolResult | Promise<CallToolResult> => {
    if (era === 'modern') openRound(core, ctx, METHOD, name, request, args);
    return tool.handler(args, ctx);
  };
  return invoke(core, ctx, METHOD, name, tool, call, finishToolResult, toolDomainError);
}

/**
 * Arguments refused before the handler: the default `isError` result naming each field and
 * rule, or the one the server's `onInvalidArguments` shapes (a throw there is answered like a
 * handler's).
 */
function refuseArguments(
  core: ServerCore,
  origin: RequestOrigin,
  request: Record<string, unknown>,
  tool: RegisteredTool,
  issues: readonly ValidationIssue[],
): DispatchResult {
  const message = describeIssues(issues);
  const shape = core.options.onInvalidArguments;
  if (shape === undefined) {
    const invalid = toolError(message);
    return success(origin.id, origin.era === 'modern' ? core.complete(invalid) : invalid);
  }
  const name = tool.published.name;
  const ctx = contextFor(origin, request);
  const call = () => shape({ tool: name, issues, message }, ctx);
  return invoke(core, ctx, METHOD, name, tool, call, finishToolResult, toolDomainError);
}

function finishToolResult(
  core: ServerCore,
  ctx: RequestContext,
  value: CallToolResult,
  tool: RegisteredTool,
): JsonRpcResponse {
  if (typeof value !== 'object' || value === null || !Array.isArray(value.content)) {
    throw new TypeError(`Tool '${tool.published.name}' returned something that is not a CallToolResult`);
  }
  const validateOutput = tool.validateOutput;
  if (validateOutput !== undefined && value.isError !== true) {
    const outcome = validateOutput(value.structuredContent);
    if (!outcome.ok) {
      throw new TypeError(
        `Tool '${tool.published.name}' broke its outputSchema: ${value.structuredContent === undefined ? 'no structuredContent' : describeIssues(outcome.issues)}`,
      );
    }
  }
  return success(ctx.requestId, ctx.era === 'modern' ? core.complete(value) : value);
}

function finishProbe(core: ServerCore, ctx: RequestContext, value: CallToolResult): JsonRpcResponse {
  return success(ctx.requestId, ctx.era === 'modern' ? core.complete(value) : value);
}

function toolDomainError(core: ServerCore, ctx: RequestContext, error: DomainError): JsonRpcResponse {
  const result = toolError(error.message);
  return success(ctx.requestId, ctx.era === 'modern' ? core.complete(result) : result);
}
