export type {
  CreateMessageResult,
  ElicitResult,
  HandlerContext,
  InputOptions,
  ListRootsResult,
  TransportFeatures,
} from './context.js';
export {
  DefinitionError,
  type DefinitionErrorCode,
  DomainError,
  MissingClientCapabilityError,
  ToolDefinitionError,
  ToolError,
} from './errors.js';
export type { MethodHandler, ToolHandler } from './handlers.js';
export { createServer, McpServer } from './mcp-server.js';
export type { InternalErrorReport, InvalidArguments, PreparedArguments, ServerOptions } from './options.js';
export {
  DEFAULT_CACHE_TTL_MS,
  DEFAULT_MAX_RESOURCE_SUBSCRIPTIONS,
  DEFAULT_MAX_SUBSCRIPTION_URI_LENGTH,
  DEFAULT_PAGE_SIZE,
} from './options.js';
export {
  isProbe,
  type PermissionPatterns,
  type PermissionPatternsSource,
  probeResult,
  wrapProbe,
} from './probe.js';
export type { PromptHandler } from './prompt-registry.js';
export type {
  Completer,
  CompletionValues,
  ResourceHandler,
  ResourceReadResult,
  ResourceTemplateHandler,
} from './resource-registry.js';
export type { DispatchResult } from './responses.js';
export { UriTemplate } from './rfc6570.js';
export {
  createSessionState,
  type InFlightRequest,
  type Session,
  type SessionRequestOptions,
  SessionState,
} from './session.js';
export type { ToolArgs, ToolDefinition } from './tool-registry.js';
