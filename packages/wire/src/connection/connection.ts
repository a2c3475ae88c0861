import { EventEmitter } from 'node:events';
import { describePeerValue } from '../errors/describe-peer-value.js';
import { ConnectionClosedError, ListenerError, ProtocolViolationError } from '../errors/local-error.js';
import { RpcError } from '../errors/rpc-error.js';
import { stringifyMessage } from '../framing/encode.js';
import type {
  IncomingMessage,
  JsonRpcId,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
} from '../messages.js';
import { type Classified, classifyText } from './classify.js';
import { IncomingQueue } from './incoming-queue.js';
import {
  type ConnectionOptions,
  isTimeout,
  type RequestOptions,
  type ResolvedOptions,
  resolveOptions,
} from './options.js';
import { PendingRequests } from './pending-requests.js';

/** JSON-RPC params are an object or an array when present; anything else is refused, not sent. */
function checkParams(params: unknown): void {
  if (params !== undefined && (typeof params !== 'object' || params === null)) {
    throw new TypeError(
      `JSON-RPC params must be an object or an array, got ${params === null ? 'null' : typeof params}`,
    );
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

export interface ConnectionEvents {
  request: [message: JsonRpcRequest];
  notification: [message: JsonRpcNotification];
  error: [error: Error];
  close: [];
}

/**
 * A JSON-RPC 2.0 connection: sends requests and matches their responses by exact id, delivers
 * incoming requests and notifications (events and `nextMessage()`), and closes once.
 * Transports (streams, WebSocket) extend it; build one with `fromStreams`, `fromChildProcess`,
 * `fromSocket` or `fromWebSocket`.
 */
export abstract class Connection extends EventEmitter<ConnectionEvents> {
  protected readonly options: ResolvedOptions;
  readonly #pending = new PendingRequests();
  readonly #incoming = new IncomingQueue();
  #nextId = 1;
  #closed = false;
  #canSend = true;
  #outputReleased = false;
  /** Sequence number of the last message given to `transmit()`. */
  #queuedSeq = 0;
  /** Messages with a sequence number up to this one were handed to the output. */
  protected handedOffSeq = 0;

  protected constructor(options?: ConnectionOptions) {
    super();
    this.options = resolveOptions(options);
  }

  /** True once the connection closed: nothing more is sent or read. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Number of requests waiting for a response. */
  get pendingRequests(): number {
    return this.#pending.size;
  }

  /** Hands one message (JSON text, no framing) to the output. */
  protected abstract transmit(text: string): void;
  /** Releases the output once: writes what is queued, then ends/closes it. */
  protected abstract releaseOutput(): void;
  /** Stops reading the input (which stays the caller's). */
  protected abstract stopInput(): void;
  /**
   * Called as the connection closes: hands what is still queued to the output if it can take it
   * (so those requests count as sent), or drops it. Default: nothing is queued.
   */
  protected settleOutput(): void {}

  /** Sends a request; resolves with its result, rejects with an `RpcError` the peer answered. */
  request<T = unknown>(method: string, params?: unknown, options: RequestOptions = {}): Promise<T> {
    if (!this.#canSend) return Promise.reject(new ConnectionClosedError('not-sent'));
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const timeoutMs = options.timeoutMs ?? this.options.requestTimeoutMs;
    if (!isTimeout(timeoutMs)) {
      return Promise.reject(new RangeError(`timeoutMs must be a number >= 0, got ${timeoutMs}`));
    }
    const id = this.#nextId++;
    const message: JsonRpcRequest =
      params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
    let seq: number;
    try {
      checkParams(params);
      seq = this.#send(message);
    } catch (error) {
      // Params JSON-RPC or JSON cannot carry (a primitive, a BigInt, a cycle): reject like any failure.
      return Promise.reject(error);
    }
    return new Promise<T>((resolve, reject) => {
      this.#pending.add(id, method, seq, timeoutMs, signal, resolve as (value: unknown) => void, reject);
    });
  }

  /** Sends a notification. Throws `ConnectionClosedError` when the connection can no longer send. */
  notify(method: string, params?: unknown): void {
    checkParams(params);
    this.#send(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
  }

  /** Answers a request with a result (`undefined` is sent as `null`). */
  respond(id: JsonRpcId, result: unknown): void {
    if (typeof result === 'function' || typeof result === 'symbol') {
      // JSON.stringify would drop the member and send a response without a result.
      throw new TypeError(`A ${typeof result} cannot be sent as a JSON-RPC result`);
    }
    this.#send({ jsonrpc: '2.0', id, result: result === undefined ? null : result });
  }

  /** Answers a request with an error. `id` null when the failing message's id could not be read. */
  respondError(id: JsonRpcId | null, code: number, message: string, data?: unknown): void {
    if (!Number.isInteger(code)) throw new TypeError(`A JSON-RPC error code is an integer, got ${code}`);
    const error = data === undefined ? { code, message } : { code, message, data };
    this.#send({ jsonrpc: '2.0', id, error });
  }

  /** The next incoming request or notification; after close, the queued ones, then a rejection. */
  nextMessage(): Promise<IncomingMessage> {
    return this.#incoming.next();
  }

  /** Closes the connection (once) and releases the output (once). The input stays the caller's. */
  close(): void {
    if (!this.#outputReleased) {
      this.#outputReleased = true;
      this.#canSend = false;
      this.releaseOutput();
    }
    this.terminate();
  }

  /** True after `close()` released the output; output events that follow are ours. */
  protected get outputReleased(): boolean {
    return this.#outputReleased;
  }

  /** The last sequence number handed to `transmit()`. */
  protected get queuedSeq(): number {
    return this.#queuedSeq;
  }

  #send(message: JsonRpcMessage): number {
    if (!this.#canSend) throw new ConnectionClosedError('not-sent');
    const text = stringifyMessage(message);
    const seq = ++this.#queuedSeq;
    this.transmit(text);
    return seq;
  }

  /** Sends an error response the transport itself decided on (e.g. oversize); never throws. */
  protected answerQuietly(answer: JsonRpcResponse | undefined): void {
    if (!answer || !this.#canSend) return;
    this.#send(answer);
  }

  /** The output ended on purpose: stop sending, keep reading. Unsent requests reject `not-sent`. */
  protected stopSending(detail: string): void {
    if (!this.#canSend) return;
    this.#canSend = false;
    this.#pending.rejectUnsent(this.handedOffSeq, detail);
  }

  /** Handles one frame of JSON text. */
  protected receiveText(text: string): void {
    if (this.#closed) return;
    this.#dispatch(classifyText(text));
  }

  /** Reports malformed input (not a stream failure): an `error` event plus the answer JSON-RPC wants. */
  protected reportProblem(error: Error, answer?: JsonRpcResponse): void {
    if (this.#closed) return;
    this.answerQuietly(answer);
    this.emitError(error);
  }

  #dispatch(classified: Classified): void {
    switch (classified.kind) {
      case 'request':
        this.#deliver('request', classified.message);
        return;
      case 'notification':
        this.#deliver('notification', classified.message);
        return;
      case 'response':
        this.#settle(classified.message);
        return;
      case 'invalid':
        // The peer will not answer that id again: the request fails now rather than at its timeout.
        if (typeof classified.responseId === 'number') {
          this.#pending.settle(classified.responseId, { error: classified.error });
        }
        this.reportProblem(classified.error, classified.error.answer);
    }
  }

  #deliver(event: 'request', message: JsonRpcRequest): void;
  #deliver(event: 'notification', message: JsonRpcNotification): void;
  #deliver(event: 'request' | 'notification', message: IncomingMessage): void {
    if (this.options.queueIncoming) this.#incoming.push(message);
    // Called one by one so a throwing listener neither stops the others nor the connection.
    for (const listener of this.rawListeners(event) as Array<(message: IncomingMessage) => unknown>) {
      try {
        const returned = listener.call(this, message);
        // An async listener's rejection is reported like a throw, never left unhandled.
        if (isThenable(returned)) returned.then(undefined, this.#onListenerFailure);
      } catch (thrown) {
        this.#onListenerFailure(thrown);
      }
      if (this.#closed) return;
    }
  }

  /** A listener that closed the connection before failing: nothing is reported after `close`. */
  readonly #onListenerFailure = (thrown: unknown): void => {
    if (this.#closed) return;
    this.emitError(thrown instanceof Error ? thrown : new ListenerError(thrown));
  };

  #settle(message: JsonRpcResponse): void {
    const id = message.id;
    const outcome =
      'error' in message ? { error: RpcError.fromObject(message.error) } : { result: message.result };
    if (typeof id === 'number' && this.#pending.settle(id, outcome)) return;
    if (typeof id === 'number' && this.#pending.wasAbandoned(id)) return;
    if (id === null && 'error' in outcome) {
      // The peer could not read something we sent; it could not say which.
      this.emitError(outcome.error);
      return;
    }
    this.emitError(
      new ProtocolViolationError(
        'ERR_UNKNOWN_RESPONSE_ID',
        `Response to unknown request id ${describePeerValue(id)}`,
      ),
    );
  }

  /** Emits `error` when someone listens; without a listener, input problems are dropped, never thrown. */
  protected emitError(error: Error): void {
    if (this.listenerCount('error') === 0) return;
    try {
      this.emit('error', error);
    } catch {
      // An 'error' listener that throws has nowhere left to report to.
    }
  }

  /**
   * Closes the connection once: no more sends or reads, pending requests reject with
   * `ConnectionClosedError`, `nextMessage()` drains then rejects, then `error` (if `cause`) and `close`.
   */
  protected terminate(cause?: Error): void {
    if (!this.#shutDown(cause)) return;
    this.#announce(cause);
  }

  /**
   * For a transport that was finished before the connection was made: closed now, reported on a
   * later turn of the event loop so listeners attached right after construction hear it.
   */
  protected terminateLater(cause?: Error): void {
    if (!this.#shutDown(cause)) return;
    setImmediate(() => this.#announce(cause));
  }

  #shutDown(cause: Error | undefined): boolean {
    if (this.#closed) return false;
    this.#closed = true;
    this.#canSend = false;
    this.stopInput();
    this.settleOutput();
    this.#pending.rejectAll(this.handedOffSeq, cause?.message);
    this.#incoming.end();
    return true;
  }

  #announce(cause: Error | undefined): void {
    if (cause) this.emitError(cause);
    this.emit('close');
  }
}
