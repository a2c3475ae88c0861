/**
 * @mcpforge/mcpl/toolsets: the server runtime of the RFC-014 draft (tool presence, toolsets,
 * instances per principal, hint changes with per-connection revisions) and of RFC-015
 * (`ctx.access(audience)`). A framework rather than a wire contract, hence its own entry point;
 * the wire shapes are in the package root.
 */
export { ToolsetConnection } from './toolset-connection.js';
export { ToolsetError, type ToolsetErrorCode } from './toolset-error.js';
export { ToolsetServer } from './toolset-server.js';
export {
  DEFAULT_IDLE_CLOSE_MS,
  DEFAULT_MAX_INSTANCES,
  type InstanceContext,
  type StaticTool,
  type ToolCallResult,
  type ToolDefinition,
  type ToolsetContext,
  type ToolsetDefinition,
  type ToolsetInstance,
  type ToolsetServerOptions,
  type ToolsetTimers,
} from './types.js';
