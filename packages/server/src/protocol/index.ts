export { McpErrorCode } from './error-codes.js';
export { McpError } from './mcp-error.js';
export { MetaKey } from './meta-keys.js';
export { Method, Notification } from './methods.js';
export type * from './types.js';
export { LOGGING_LEVELS, loggingLevelRank } from './types.js';
export {
  type Era,
  isLegacyProtocolVersion,
  isModernProtocolVersion,
  LATEST_LEGACY_PROTOCOL_VERSION,
  LATEST_MODERN_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  type LegacyProtocolVersion,
  MODERN_PROTOCOL_VERSIONS,
  type ModernProtocolVersion,
} from './versions.js';
