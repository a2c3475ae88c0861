import type { JsonRpcId, JsonRpcNotification, JsonRpcResponse } from '@mcpforge/wire';
import { brand, matchesBrand } from '../errors/brand.js';
import type { ClientCapabilities } from '../protocol/index.js';
import {
  LATEST_LEGACY_PROTOCOL_VERSION,
  LATEST_MODERN_PROTOCOL_VERSION,
  McpError,
  McpErrorCode,
  MetaKey,
  Method,
  Notification,
} from '../protocol/index.js';
import type { CallToolResult } from '../results/index.js';
import type { McpServer } from '../server/mcp-server.js';
import { createSessionState, type Session } from '../server/session.js';

/** Answers a server-to-client request (legacy sampling, elicitation, roots). */
export type ClientRequestHandler = (
  params: unknown,
  options: { signal?: AbortSignal | undefined },
) => unknown;

export interface TestClientOptions {
  /** `legacy` (default): `initialize()` first; `modern`: every request carries the 2026-07-28 `_meta`. */
  era?: 'legacy' | 'modern' | undefined;
  protocolVersion?: string | undefined;
  capabilities?: ClientCapabilities | undefined;
  /** Handlers of server-to-client requests by method (legacy only). */
  handlers?: Record<string, ClientRequestHandler> | undefined;
}

export interface TestRequestOptions {
  /** Extra `_meta` merged into the request's `_meta`. */
  meta?: Record<string, unknown> | undefined;
  id?: JsonRpcId | undefined;
}

/** A notification the server sent, with the request it was related to. */
export interface ReceivedNotification extends JsonRpcNotification {
  relatedRequestId?: JsonRpcId | undefined;
}

/** How long {@link TestClient.nextNotification} waits by default. */
export const DEFAULT_NOTIFICATION_TIMEOUT_MS = 5000;

const NOTIFICATION_TIMEOUT_BRAND = Symbol.for('mcpforge.server.NotificationTimeoutError');

/** No notification of the awaited method arrived in time. */
export class NotificationTimeoutError extends Error {
  override readonly name = 'NotificationTimeoutError';
  /** Always `ERR_NOTIFICATION_TIMEOUT`. */
  readonly code = 'ERR_NOTIFICATION_TIMEOUT' as const;
  readonly method: string;
  constructor(method: string, timeoutMs: number) {
    super(`no '${method}' notification within ${timeoutMs} ms`);
    this.method = method;
    brand(this, NOTIFICATION_TIMEOUT_BRAND);
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return matchesBrand(this, NotificationTimeoutError, NOTIFICATION_TIMEOUT_BRAND, value);
  }
}

/**
 * An in-memory MCP client for tests: it talks to `server.handle` through a real `Session`, with
 * no transport. Error responses reject with {@link McpError} (code, message, data).
 */
export class TestClient {
  readonly server: McpServer;
  readonly session: Session;
  readonly era: 'legacy' | 'modern';
  readonly protocolVersion: string;
  capabilities: ClientCapabilities;
  /** Every notification the server sent on this session, in order. */
  readonly notifications: ReceivedNotification[] = [];
  /** Every server-to-client request, in order. */
  readonly requests: Array<{ method: string; params: unknown; relatedRequestId?: JsonRpcId | undefined }> =
    [];
  readonly #handlers: Record<string, ClientRequestHandler>;
  readonly #listeners = new Set<(notification: ReceivedNotification) => void>();
  #nextId = 1;

  constructor(server: McpServer, options: TestClientOptions = {}) {
    this.server = server;
    this.era = options.era ?? 'legacy';
    this.protocolVersion =
      options.protocolVersion ??
      (this.era === 'modern' ? LATEST_MODERN_PROTOCOL_VERSION : LATEST_LEGACY_PROTOCOL_VERSION);
    this.capabilities = options.capabilities ?? {};
    this.#handlers = options.handlers ?? {};
    const notifications = this.notifications;
    const listeners = this.#listeners;
    const requests = this.requests;
    const handlers = this.#handlers;
    this.session = {
      id: undefined,
      state: createSessionState(),
      notify(message, relatedRequestId) {
        const received: ReceivedNotification =
          relatedRequestId === undefined ? { ...message } : { ...message, relatedRequestId };
        notifications.push(received);
        for (const listener of listeners) listener(received);
      },
      async request(method, params, options) {
        requests.push(
          options.relatedRequestId === undefined
            ? { method, params }
            : { method, params, relatedRequestId: options.relatedRequestId },
        );
        const handler = handlers[method];
        if (handler === undefined)
          throw new McpError(McpErrorCode.MethodNotFound, `Method not found: ${method}`);
        return handler(params, options.signal === undefined ? {} : { signal: options.signal });
      },
    };
  }

  /** Legacy handshake: `initialize` then `notifications/initialized`. */
  async initialize(): Promise<Record<string, unknown>> {
    const result = (await this.request(Method.initialize, {
      protocolVersion: this.protocolVersion,
      capabilities: this.capabilities,
      clientInfo: { name: 'mcpforge-test-client', version: '0.0.0' },
    })) as Record<string, unknown>;
    await this.notify(Notification.initialized);
    return result;
  }

  /** Send a raw message and get the raw response (or undefined). */
  send(message: unknown): Promise<JsonRpcResponse | undefined> {
    return this.server.handle(message as never, this.session);
  }

  /** A request; modern clients add the protocol `_meta`. Resolves with `result`, rejects with McpError. */
  async request(
    method: string,
    params?: Record<string, unknown>,
    options: TestRequestOptions = {},
  ): Promise<unknown> {
    const id = options.id ?? this.#nextId++;
    const response = await this.send({
      jsonrpc: '2.0',
      id,
      method,
      params: this.#params(method, params, options.meta),
    });
    if (response === undefined) throw new Error(`No response to ${method} (cancelled?)`);
    if ('error' in response)
      throw new McpError(response.error.code, response.error.message, response.error.data);
    return response.result;
  }

  async notify(method: string, params?: Record<string, unknown>): Promise<void> {
    await this.send(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
  }

  callTool(
    name: string,
    args?: Record<string, unknown>,
    options?: TestRequestOptions,
  ): Promise<CallToolResult> {
    const params: Record<string, unknown> = { name };
    if (args !== undefined) params['arguments'] = args;
    return this.request(Method.toolsCall, params, options) as Promise<CallToolResult>;
  }

  listTools(
    cursor?: string,
  ): Promise<{ tools: Array<Record<string, unknown>>; nextCursor?: string | undefined }> {
    return this.request(Method.toolsList, cursor === undefined ? {} : { cursor }) as Promise<{
      tools: Array<Record<string, unknown>>;
      nextCursor?: string | undefined;
    }>;
  }

  /** Cancel an in-flight request the legacy way. */
  cancel(requestId: JsonRpcId, reason?: string): Promise<void> {
    return this.notify(Notification.cancelled, reason === undefined ? { requestId } : { requestId, reason });
  }

  /**
   * Resolves with the next notification matching `method`; rejects with a
   * {@link NotificationTimeoutError} when none came within `timeoutMs` (default 5000), so a
   * test waiting for a notification that never comes fails instead of hanging.
   */
  nextNotification(
    method: string,
    options: { timeoutMs?: number | undefined } = {},
  ): Promise<ReceivedNotification> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_NOTIFICATION_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#listeners.delete(listener);
        reject(new NotificationTimeoutError(method, timeoutMs));
      }, timeoutMs);
      const listener = (notification: ReceivedNotification) => {
        if (notification.method !== method) return;
        clearTimeout(timer);
        this.#listeners.delete(listener);
        resolve(notification);
      };
      this.#listeners.add(listener);
    });
  }

  /** End the session as a transport would. */
  close(): void {
    this.server.closeSession(this.session);
  }

  #params(
    method: string,
    params: Record<string, unknown> | undefined,
    meta: Record<string, unknown> | undefined,
  ) {
    if (this.era === 'legacy' || method.startsWith('notifications/')) {
      if (meta === undefined) return params;
      return { ...params, _meta: { ...(params?.['_meta'] as object | undefined), ...meta } };
    }
    return {
      ...params,
      _meta: {
        [MetaKey.protocolVersion]: this.protocolVersion,
        [MetaKey.clientCapabilities]: this.capabilities,
        [MetaKey.clientInfo]: { name: 'mcpforge-test-client', version: '0.0.0' },
        ...(params?.['_meta'] as object | undefined),
        ...meta,
      },
    };
  }
}

/** An in-memory client bound to `server`. */
export function createTestClient(server: McpServer, options?: TestClientOptions): TestClient {
  return new TestClient(server, options);
}
