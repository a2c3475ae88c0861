import type { Readable, Writable } from 'node:stream';
import {
  type Connection,
  encodeMessage,
  fromStreams,
  type JsonRpcMessage,
  type JsonRpcResponse,
} from '@mcpforge/wire';
import { McpErrorCode } from '../protocol/index.js';
import type { McpServer } from '../server/mcp-server.js';
import { createSessionState, type Session } from '../server/session.js';

/** Options of {@link serveStdio}. */
export interface StdioOptions {
  /** Default `process.stdin`. */
  input?: Readable | undefined;
  /** Default `process.stdout`. Nothing but protocol is ever written to it. */
  output?: Writable | undefined;
  /** Largest incoming line; larger ones get a JSON-RPC error and the stream resynchronises. Default 16 MiB. */
  maxMessageBytes?: number | undefined;
  /** Timeout of server-to-client requests (sampling, elicitation, roots). Default 60 000 ms. */
  requestTimeoutMs?: number | undefined;
  /** How long handlers still running when the connection closes may finish before being aborted. Default 5000 ms. */
  closeGraceMs?: number | undefined;
  /** Malformed input and stream failures (already answered on the wire when JSON-RPC says so). */
  onError?: ((error: Error) => void) | undefined;
}

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
  const connectionOptions: { queueIncoming: false; maxMessageBytes?: number; requestTimeoutMs?: number } = {
    queueIncoming: false,
  };
  if (options.maxMessageBytes !== undefined) connectionOptions.maxMessageBytes = options.maxMessageBytes;
  if (options.requestTimeoutMs !== undefined) connectionOptions.requestTimeoutMs = options.requestTimeoutMs;
  const output = options.output ?? process.stdout;
  const connection = fromStreams(options.input ?? process.stdin, output, connectionOptions);
  // Once the input ended the connection is closed, but the output is still ours and the client
  // may still be reading (`echo ... | node main.js`): what in-flight calls produce is written to
  // it directly, until the grace period ends and the output is released.
  const writeAfterClose = (message: JsonRpcMessage): void => {
    if (!output.writable) return; // released by us, or broken: nobody reads any more
    try {
      output.write(encodeMessage(message));
    } catch {
      // not JSON-encodable (a BigInt in a result): the same drop the connection would make
    }
  };

  const session: Session = {
    id: undefined,
    state: createSessionState(),
    notify(message) {
      if (connection.closed) {
        writeAfterClose(message);
        return;
      }
      try {
        connection.notify(message.method, message.params);
      } catch {
        // closed between the check and the write: nothing to deliver to
      }
    },
    request(method, params, requestOptions) {
      return connection.request(
        method,
        params,
        requestOptions.signal === undefined ? {} : { signal: requestOptions.signal },
      );
    },
  };

  let inFlight = 0;
  let idleWaiters: Array<() => void> = [];
  const send = (response: JsonRpcResponse | undefined): void => {
    if (response === undefined) return;
    if (connection.closed) {
      writeAfterClose(response);
      return;
    }
    try {
      if ('error' in response) {
        connection.respondError(
          response.id,
          response.error.code,
          response.error.message,
          response.error.data,
        );
      } else {
        connection.respond(response.id, response.result);
      }
    } catch {
      // the connection closed while the handler ran; the client is gone
    }
  };
  const settled = (): void => {
    inFlight--;
    if (inFlight === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const wake of waiters) wake();
    }
  };

  connection.on('request', (message) => {
    const result = server.dispatch(message, session);
    if (!(result instanceof Promise)) {
      send(result);
      return;
    }
    inFlight++;
    // One reaction, not `.then().finally()`: each extra promise is another microtask hop, which
    // costs most when calls arrive one at a time and every hop runs on cold caches.
    result.then(
      (response) => {
        send(response);
        settled();
      },
      () => {
        // dispatch maps handler failures itself; reaching here is a runtime bug, still answer
        send({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: McpErrorCode.InternalError, message: 'Internal error' },
        });
        settled();
      },
    );
  });
  connection.on('notification', (message) => {
    void server.dispatch(message, session);
  });
  connection.on('error', (error) => options.onError?.(error));

  function drain(timeoutMs: number): Promise<boolean> {
    if (inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        idleWaiters = idleWaiters.filter((waiter) => waiter !== wake);
        resolve(false);
      }, timeoutMs);
      idleWaiters.push(wake);
    });
  }

  let markClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  connection.on('close', () => {
    // Listens end at once; other handlers get `closeGraceMs` to finish their side effects.
    server.endSubscriptions(session);
    const grace = options.closeGraceMs ?? 5000;
    const finish = () => {
      server.closeSession(session);
      markClosed();
    };
    if (inFlight === 0) finish();
    else void drain(grace).then(finish);
  });

  return {
    connection,
    session,
    get inFlight() {
      return inFlight;
    },
    closed,
    drain,
    async shutdown(graceMs) {
      server.endSubscriptions(session);
      await drain(graceMs);
      server.closeSession(session);
      connection.close();
      await closed;
    },
    close() {
      server.closeSession(session);
      connection.close();
    },
  };
}
