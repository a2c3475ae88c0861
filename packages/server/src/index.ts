/**
 * @mcpforge/server: the MCP server runtime for both spec eras, plus the toolkit around it
 * (schema builders, validation, results, argument helpers, validators, config, process).
 */
export * from './args/index.js';
export * from './config/index.js';
export {
  DEFAULT_REQUEST_STATE_TTL_MS,
  MAX_REQUEST_STATE_LENGTH,
  type RequestStateBinding,
  type RequestStateContent,
  RequestStateError,
  RequestStateSealer,
} from './mrtr/index.js';
export { ExitCode } from './process/exit-code.js';
export { FlagError, type FlagErrorCode } from './process/flag-error.js';
export { type HealthOutput, health } from './process/health.js';
export { ListenError, type ListenErrorCode } from './process/listen-error.js';
export {
  createLogger,
  DEFAULT_REDACTED_FIELDS,
  LOG_LEVEL_ENV,
  type Logger,
  type LoggerOptions,
  type LogLevel,
} from './process/logger.js';
export {
  type RunContext,
  type RunIo,
  type RunOptions,
  type RunTransport,
  type RunTransportFactory,
  run,
  type ShutdownContext,
  stdioTransport,
} from './process/run.js';
export { ALLOWED_HOSTS_ENV, type RunFlag, type RunFlags } from './process/run-flags.js';
export {
  type ClientCapabilities,
  type CompleteResult,
  type Era,
  type Icon,
  type Implementation,
  type InputRequest,
  type InputRequiredResult,
  isLegacyProtocolVersion,
  isModernProtocolVersion,
  type JsonObject,
  LATEST_LEGACY_PROTOCOL_VERSION,
  LATEST_MODERN_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  type LegacyProtocolVersion,
  LOGGING_LEVELS,
  type LoggingLevel,
  loggingLevelRank,
  McpError,
  McpErrorCode,
  MetaKey,
  Method,
  MODERN_PROTOCOL_VERSIONS,
  type ModernProtocolVersion,
  Notification,
  type Prompt,
  type PromptArgument,
  type Resource,
  type ResourceTemplate,
  type ServerCapabilities,
  type Tool,
  type ToolAnnotations,
} from './protocol/index.js';
export * from './results/index.js';
export * from './schema/index.js';
export * from './server/index.js';
export { DEFAULT_GRACE_MS, type StdioOptions, type StdioServer, serveStdio } from './stdio/index.js';
export * from './validation/index.js';
export * from './validators/index.js';
