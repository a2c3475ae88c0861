import { MetaKey } from '@mcpforge/server';
import { createToolError, type ToolError } from '../../errors/tool-error.js';
import { CALL_TOOL } from './meta-tools.js';

/**
 * How a `call_tool` request becomes the direct `tools/call` of the tool it names: the same
 * JSON-RPC id, `_meta` (era, capabilities, probe flag, task hint) and arguments, with the inner
 * tool's name. Served by the server holding the agent's operations, it goes through exactly what
 * a direct call goes through: the inner `inputSchema`, the probe, approval, tasks, the output
 * schema and the structured errors.
 * @module
 */

type Message = Record<string, unknown>;
type Params = Record<string, unknown>;

/** The validated arguments of a `call_tool` call. */
export interface CallToolArguments {
  name: string;
  arguments?: Record<string, unknown> | undefined;
  catalog_revision: string;
}

/** The params of a `tools/call` message of `call_tool`, or undefined for any other message. */
export function callToolParams(message: unknown): Params | undefined {
  const params = (message as { params?: unknown }).params;
  if (typeof params !== 'object' || params === null) return undefined;
  return (params as Params)['name'] === CALL_TOOL ? (params as Params) : undefined;
}

/** The direct `tools/call` message of the tool `call_tool` names. */
export function innerCallMessage(message: Message, params: Params, args: CallToolArguments): Message {
  const inner: Params = { ...params, name: args.name, arguments: args.arguments ?? {} };
  return { ...message, params: inner };
}

/** `message` without the probe flag: a stale or unknown-tool refusal is answered as a plain call. */
export function withoutProbe(message: Message, params: Params): Message {
  const meta = params['_meta'];
  if (typeof meta !== 'object' || meta === null || (meta as Params)[MetaKey.permissionPatterns] === undefined)
    return message;
  const { [MetaKey.permissionPatterns]: _probe, ...rest } = meta as Params;
  return { ...message, params: { ...params, _meta: rest } };
}

/** What refuses a `call_tool` whose arguments are valid, or undefined when the inner call may run. */
export function callToolRefusal(
  args: CallToolArguments,
  servedRevision: string | undefined,
  knows: (name: string) => boolean,
  ids: { requestId: string; traceId: string },
): ToolError | undefined {
  if (servedRevision === undefined || args.catalog_revision !== servedRevision)
    return createToolError('agent_catalog_result_stale', ids);
  if (!knows(args.name)) return createToolError('tool_not_found', { ...ids, argument: 'name' });
  return undefined;
}
