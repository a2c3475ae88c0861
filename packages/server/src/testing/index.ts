export {
  type ClientRequestHandler,
  createTestClient,
  DEFAULT_NOTIFICATION_TIMEOUT_MS,
  NotificationTimeoutError,
  type ReceivedNotification,
  TestClient,
  type TestClientOptions,
  type TestRequestOptions,
} from './in-memory-client.js';
export { mcpErrorOf } from './mcp-error-of.js';
