/**
 * @mcpforge/mcpl/host: a typed MCPL host client on an `@mcpforge/wire` connection
 * (initialize with `experimental.mcpl` in the 0.4 and 0.5 dialects, grants, push events and
 * channel messages, handlers for server→host requests, tool helpers).
 */
export {
  HOST_HANDLER_METHODS,
  type HostHandlerMethod,
  type HostHandlers,
  type HostRequestContext,
} from './handlers.js';
export {
  type CallToolResult,
  DEFAULT_HOST_MCPL,
  DEFAULT_PROTOCOL_VERSION,
  McplHost,
  type McplHostEvents,
  type McplHostOptions,
  type ServerHello,
  type Tool,
} from './host-client.js';
export { McplHostError, type McplHostErrorCode } from './host-error.js';
export {
  type HintOutcome,
  isHintChange,
  MAX_HELD_CHANGES,
  MAX_KEPT_ENDED,
  ToolPresenceView,
} from './toolset-view.js';
