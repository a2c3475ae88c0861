import type { Writable } from 'node:stream';
import {
  type Connection,
  encodeMessage,
  fromStreams,
  type JsonRpcId,
  type JsonRpcMessage,
  type JsonRpcRequest,
  type JsonRpcResponse,
} from '@mcpforge/wire';
import { McpErrorCode } from '../protocol/index.js';
import type { McpServer } from '../server/mcp-server.js';
import type { Session } from '../server/session.js';
import { InFlight } from './in-flight.js';
import { connectionOptions, DEFAULT_GRACE_MS, type StdioOptions } from './stdio-options.js';
import { stdioSession } from './stdio-session.js';

export type { StdioOptions } from './stdio-options.js';

/** A server being served on one stdio connection. */
export interface StdioServer {
  readonly connection: Connection;
  /** The one legacy session of this process (modern requests on it are served statelessly). */
  readonly session: Session;
  /** Requests whose response is still to come. */
  readonly inFlight: number;
  /**
   * Settles when the connection has closed (input ended, pipe broken, or `close()`) and the
   * handlers still running then have finished or been aborted after `closeGraceMs`. When the
   * input ended, the answers (and notifications) of those that finished are still written.
   */
  readonly closed: Promise<void>;
  /** Resolves when no request is in flight, or after `timeoutMs`; true when everything finished. */
  drain(timeoutMs: number): Promise<boolean>;
  /**
   * Graceful stop: end listens (their final results are sent), let requests in flight finish
   * for up to `graceMs` (their responses are sent), then abort the rest and close.
   */
  shutdown(graceMs: number): Promise<void>;
  /** Close the connection now and abort whatever is still running. */
  close(): void;
}

/**
 * Serve `server` over newline-delimited JSON-RPC on a stream pair (stdin/stdout by default)
 * using `@mcpforge/wire`. One legacy session per connection; modern requests are served
 * statelessly on the same connection; `notifications/cancelled` aborts handlers; a duplicate
 * request id in flight gets -32600 and the server keeps serving.
 */
export function serveStdio(server: McpServer, options: StdioOptions = {}): StdioServer {
  return new StdioService(server, options);
}

/**
 * One stdio connection, as steps: a request is dispatched ({@link StdioService.onRequest});
 * a ready answer is written at once, a pending one is counted in flight until it settles
 * (`track`); answers go through the connection, or straight to the output once the input
 * ended (`answer`, `writeAfterClose`); when the connection closes, listens end and the rest
 * get the grace period before the session closes (`onClose`).
 */
class StdioService implements StdioServer {
  readonly connection: Connection;
  readonly session: Session;
  readonly closed: Promise<void>;
  readonly #server: McpServer;
  readonly #output: Writable;
  readonly #graceMs: number;
  readonly #inFlight = new InFlight();
  #markClosed: () => void = () => {};

  constructor(server: McpServer, options: StdioOptions) {
    this.#server = server;
    this.#output = options.output ?? process.stdout;
    this.#graceMs = options.closeGraceMs ?? DEFAULT_GRACE_MS;
    this.connection = fromStreams(options.input ?? process.stdin, this.#output, connectionOptions(options));
    this.session = stdioSession(this.connection, (message) => this.#writeAfterClose(message));
    this.closed = new Promise<void>((resolve) => {
      this.#markClosed = resolve;
    });
    const onError = options.onError;
    this.connection.on('request', (message) => this.#onRequest(message));
    this.connection.on('notification', (message) => void server.dispatch(message, this.session));
    this.connection.on('error', (error) => onError?.(error));
    this.connection.on('close', () => this.#onClose());
  }

  get inFlight(): number {
    return this.#inFlight.count;
  }

  drain(timeoutMs: number): Promise<boolean> {
    return this.#inFlight.drain(timeoutMs);
  }

  async shutdown(graceMs: number): Promise<void> {
    this.#server.endSubscriptions(this.session);
    await this.drain(graceMs);
    this.#server.closeSession(this.session);
    this.connection.close();
    await this.closed;
  }

  close(): void {
    this.#server.closeSession(this.session);
    this.connection.close();
  }

  /** Dispatch: synchronous answers are written at once (the hot path), promises tracked. */
  #onRequest(message: JsonRpcRequest): void {
    const result = this.#server.dispatch(message, this.session);
    if (result instanceof Promise) this.#track(message.id, result);
    else this.#answer(result);
  }

  /** Counts a pending answer in flight until it settles, then writes it. */
  #track(id: JsonRpcId, pending: Promise<JsonRpcResponse | undefined>): void {
    this.#inFlight.start();
    // One reaction, not `.then().finally()`: each extra promise is another microtask hop, which
    // costs most when calls arrive one at a time and every hop runs on cold caches.
    pending.then(
      (response) => {
        this.#answer(response);
        this.#inFlight.settle();
      },
      () => {
        // dispatch maps handler failures itself; reaching here is a runtime bug, still answer
        this.#answer(internalError(id));
        this.#inFlight.settle();
      },
    );
  }

  /** Writes an answer through the connection, or to the output once the input ended. */
  #answer(response: JsonRpcResponse | undefined): void {
    if (response === undefined) return;
    if (this.connection.closed) {
      this.#writeAfterClose(response);
      return;
    }
    try {
      if ('error' in response) {
        const { code, message, data } = response.error;
        this.connection.respondError(response.id, code, message, data);
      } else {
        this.connection.respond(response.id, response.result);
      }
    } catch {
      // the connection closed while the handler ran; the client is gone
    }
  }

  /**
   * Once the input ended the connection is closed, but the output is still ours and the client
   * may still be reading (`echo ... | node main.js`): what in-flight calls produce is written to
   * it directly, until the grace period ends and the output is released (issue 8, defect 5).
   */
  #writeAfterClose(message: JsonRpcMessage): void {
    if (!this.#output.writable) return; // released by us, or broken: nobody reads any more
    try {
      this.#output.write(encodeMessage(message));
    } catch {
      // not JSON-encodable (a BigInt in a result): the same drop the connection would make
    }
  }

  /** Listens end at once; other handlers get the grace period to finish their side effects. */
  #onClose(): void {
    this.#server.endSubscriptions(this.session);
    const finish = (): void => {
      this.#server.closeSession(this.session);
      this.#markClosed();
    };
    if (this.#inFlight.count === 0) finish();
    else void this.drain(this.#graceMs).then(finish);
  }
}

function internalError(id: JsonRpcId): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: { code: McpErrorCode.InternalError, message: 'Internal error' } };
}
