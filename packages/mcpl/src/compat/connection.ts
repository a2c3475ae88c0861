import { EventEmitter } from 'node:events';
import type { Server, Socket } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import {
  type Connection,
  ConnectionClosedError,
  fromSocket,
  fromStreams,
  type IncomingMessage,
  type JsonRpcId,
  type JsonRpcNotification,
  type JsonRpcRequest,
  ConnectionTimeoutError as WireTimeoutError,
} from '@mcpforge/wire';
import { ConnectionTimeoutError } from './timeout-error.js';
import { fromDuckWebSocket, type WebSocketLike } from './web-socket.js';

/** What `nextMessage()` resolves to, in `@animalabs/mcpl-core`'s shape. */
export type IncomingEnvelope =
  | { type: 'request'; request: JsonRpcRequest }
  | { type: 'notification'; notification: JsonRpcNotification };

export interface McplConnectionEvents {
  request: [request: JsonRpcRequest];
  notification: [notification: JsonRpcNotification];
  error: [error: Error];
  close: [];
}

/** The public core's default request timeout. */
export const DEFAULT_REQUEST_TIMEOUT = 30_000;

function envelope(message: IncomingMessage): IncomingEnvelope {
  return 'id' in message
    ? { type: 'request', request: message as JsonRpcRequest }
    : { type: 'notification', notification: message };
}

/**
 * `@animalabs/mcpl-core`'s connection, on an `@mcpforge/wire` connection: the same factories,
 * methods and events, so a peer written for it runs by changing the import. Framing, closing
 * and error reporting are wire's (they follow the seed; see docs/mcpl.md for the differences
 * from the public 0.3.0 package).
 */
export class McplConnection extends EventEmitter<McplConnectionEvents> {
  /** Default timeout of `sendRequest` in ms; 0 = none (the public core's `requestTimeout`). */
  requestTimeout = DEFAULT_REQUEST_TIMEOUT;
  /** The underlying wire connection (for code moving to `@mcpforge/mcpl/host`). */
  readonly connection: Connection;

  constructor(connection: Connection) {
    super();
    this.connection = connection;
    connection.on('request', (message) => {
      this.emit('request', message);
    });
    connection.on('notification', (message) => {
      this.emit('notification', message);
    });
    // Wire drops input problems nobody listens for; so do we (a peer's bad line must not crash us).
    connection.on('error', (error) => {
      if (this.listenerCount('error') > 0) this.emit('error', error);
    });
    connection.on('close', () => {
      try {
        this.emit('close');
      } catch (error) {
        if (this.listenerCount('error') > 0) this.emit('error', error as Error);
      }
    });
  }

  /** A connection over a readable/writable pair; `close()` releases the output, not the input. */
  static fromStreams(readable: Readable, writable: Writable): McplConnection {
    return new McplConnection(fromStreams(readable, writable, { requestTimeoutMs: 0 }));
  }

  /** A connection over a TCP socket (both directions). */
  static fromTcp(socket: Socket): McplConnection {
    return new McplConnection(fromSocket(socket, { requestTimeoutMs: 0 }));
  }

  /** Waits for the next connection on a listening TCP server and wraps it. */
  static acceptTcp(server: Server): Promise<McplConnection> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error): void => {
        server.off('connection', onConnection);
        reject(error);
      };
      const onConnection = (socket: Socket): void => {
        server.off('error', onError);
        resolve(McplConnection.fromTcp(socket));
      };
      server.once('connection', onConnection);
      server.once('error', onError);
    });
  }

  /** A connection over a WebSocket (the `ws` package's or any with on/send/close/readyState): one message per text frame. */
  static fromWebSocket(ws: WebSocketLike): McplConnection {
    return new McplConnection(fromDuckWebSocket(ws));
  }

  get isClosed(): boolean {
    return this.connection.closed;
  }

  /**
   * Sends a request. Rejects with `RpcError` (the peer's error), `ConnectionTimeoutError`
   * (an `RpcError`, -32000, after `timeout ?? requestTimeout` ms; 0 = none) or
   * `ConnectionClosedError` (`outcome` says whether it was sent).
   */
  async sendRequest(method: string, params?: unknown, timeout?: number): Promise<unknown> {
    const timeoutMs = timeout ?? this.requestTimeout;
    try {
      return await this.connection.request(method, params, { timeoutMs });
    } catch (error) {
      if (error instanceof WireTimeoutError)
        throw new ConnectionTimeoutError(method, timeoutMs, { cause: error });
      throw error;
    }
  }

  /** Sends a notification; after close it is dropped, as the public core does. */
  sendNotification(method: string, params?: unknown): void {
    this.#quietly(() => this.connection.notify(method, params));
  }

  /** Answers a request; after close it is dropped. */
  sendResponse(id: JsonRpcId, result: unknown): void {
    this.#quietly(() => this.connection.respond(id, result));
  }

  /** Answers a request with an error (`data` omitted from the wire when undefined); after close it is dropped. */
  sendError(id: JsonRpcId | null, code: number, message: string, data?: unknown): void {
    this.#quietly(() => this.connection.respondError(id, code, message, data));
  }

  /** The next incoming request or notification; after close, the queued ones, then `ConnectionClosedError`. */
  async nextMessage(): Promise<IncomingEnvelope> {
    return envelope(await this.connection.nextMessage());
  }

  /** Closes once: pending requests reject, the output is released; the input stays the caller's. */
  close(): void {
    this.connection.close();
  }

  #quietly(send: () => void): void {
    try {
      send();
    } catch (error) {
      if (!(error instanceof ConnectionClosedError)) throw error;
    }
  }
}
