export {
  isTerminal,
  MemoryTaskStore,
  type MemoryTaskStoreOptions,
  type TaskRecord,
  type TaskStatus,
  type TaskStore,
} from '../tasks/task-store.js';
export {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_HEADER_BYTES,
  DEFAULT_MAX_INITIALIZE_BYTES,
  readNodeBody,
  readRequestBody,
} from './body.js';
export { DEFAULT_MAX_BUFFERED_BYTES, DEFAULT_MAX_BUFFERED_BYTES_PER_PRINCIPAL } from './buffer-budget.js';
export { closeSseStream } from './close-stream.js';
export { BUSY_RETRY_AFTER_SECONDS, DEFAULT_MAX_CONNECTIONS, limitConnections } from './connection-limit.js';
export {
  DEFAULT_MAX_EVENT_BYTES,
  DEFAULT_MAX_EVENT_BYTES_PER_STREAM,
  DEFAULT_MAX_EVENTS,
  DEFAULT_MAX_EVENTS_PER_STREAM,
  type EventStore,
  MemoryEventStore,
  type MemoryEventStoreOptions,
} from './event-store.js';
export type { HttpRequestInfo } from './exchange.js';
export { DEFAULT_MAX_STREAM_BUFFER_BYTES } from './exchange-limits.js';
export { createHttpHandler, type HttpHandler } from './handler.js';
export { decodeHeaderValue } from './header-value.js';
export {
  createHostGuard,
  type HostGuard,
  type HostGuardOptions,
  type HostRefusal,
  LOCALHOST_NAMES,
} from './host-guard.js';
export { type HttpWarning, type HttpWarningCode, MAX_WARNED_VALUES } from './http-warning.js';
export { HttpSession, SessionRequestError } from './legacy-session.js';
export { ModernRequestError } from './modern-session.js';
export { HttpAuthError, type HttpHandlerOptions } from './options.js';
export type { ResponseMode } from './outbound-stream.js';
export { DEFAULT_SEND_TIMEOUT_MS } from './paced-writer.js';
export { HttpErrorCode, HttpRejection } from './rejection.js';
export { MAX_RETAINED_CLIENT_CHARS } from './retained-client.js';
export { type HttpListen, type HttpRunOptions, httpTransport, parseHttpFlag } from './run-http.js';
export type { HttpServable, ServerResolver } from './servable.js';
export { DEFAULT_MAX_SESSIONS_PER_PRINCIPAL } from './session-quotas.js';
export {
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
  MemorySessionStore,
  type MemorySessionStoreOptions,
  type SessionStore,
} from './session-store.js';
export { DEFAULT_KEEP_ALIVE_MS, DEFAULT_RETRY_MS } from './sse.js';
export { type ToolHeaderParam, toolHeaderParams } from './tool-headers.js';
