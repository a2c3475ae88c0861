/**
 * The gateway's listener: prefix routing, request and trace ids, the per-key rate limit, and
 * `createGateway` / `startGateway`.
 * @module
 */
export { type CreateGatewayOptions, createGateway, GATEWAY_VERSION, type Gateway } from './gateway.js';
export {
  DEFAULT_GATEWAY_MAX_CONNECTIONS,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type ListenerLimitOptions,
} from './listener-limits.js';
export {
  DEFAULT_CATALOG_REFRESH_MS,
  DEFAULT_PREFIX,
  DEFAULT_RATE_LIMIT_BURST,
  DEFAULT_RATE_LIMIT_MAX_KEYS,
  DEFAULT_RATE_LIMIT_PER_SECOND,
  DEFAULT_SESSIONS_PER_AGENT,
  DEFAULT_SESSIONS_PER_KEY,
  DEFAULT_SESSIONS_TOTAL,
  type GatewayLogger,
  type GatewayOptions,
  type RateLimitOptions,
  type ResolvedGatewayOptions,
  resolveGatewayOptions,
  type SearchModeOptions,
  type SessionOptions,
} from './options.js';
export { RateLimiter } from './rate-limiter.js';
export {
  DEFAULT_LISTEN,
  type RunningGateway,
  type StartGatewayOptions,
  startGateway,
} from './start-gateway.js';
export { newRequestId, newTraceId, traceIdOf } from './trace-context.js';
