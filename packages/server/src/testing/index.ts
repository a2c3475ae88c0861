export {
  type ClientRequestHandler,
  createTestClient,
  type ReceivedNotification,
  TestClient,
  type TestClientOptions,
  type TestRequestOptions,
} from './in-memory-client.js';
