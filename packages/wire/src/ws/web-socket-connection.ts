import type { RawData, WebSocket } from 'ws';
import { Connection } from '../connection/connection.js';
import type { ConnectionOptions } from '../connection/options.js';
import { MessageTooLargeError, ProtocolViolationError } from '../errors/local-error.js';
import { ErrorCode, type JsonRpcFailure } from '../messages.js';

// ws readyState values, kept here so this module needs no runtime import of `ws`.
const CONNECTING = 0;
const OPEN = 1;

function invalidFrameAnswer(message: string): JsonRpcFailure {
  return { jsonrpc: '2.0', id: null, error: { code: ErrorCode.InvalidRequest, message } };
}

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data.byteLength;
}

function toText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/**
 * A connection over a `ws` WebSocket, one JSON message per text frame. Binary and oversize frames
 * are reported as `error` events (and answered -32600); the connection lives on. Messages sent
 * while the socket is still connecting go out when it opens.
 */
export class WebSocketConnection extends Connection {
  readonly #socket: WebSocket;
  #waitingForOpen: string[] = [];

  readonly #onMessage = (data: RawData, isBinary: boolean): void => {
    if (isBinary) {
      const answer = invalidFrameAnswer('Binary frames are not supported; send JSON in text frames');
      this.reportProblem(
        new ProtocolViolationError('ERR_BINARY_FRAME', 'Received a binary frame', answer),
        answer,
      );
      return;
    }
    if (byteLength(data) > this.options.maxMessageBytes) {
      const answer = invalidFrameAnswer(`Message exceeds the limit of ${this.options.maxMessageBytes} bytes`);
      this.reportProblem(new MessageTooLargeError(this.options.maxMessageBytes), answer);
      return;
    }
    this.receiveText(toText(data));
  };
  readonly #onOpen = (): void => {
    const queued = this.#waitingForOpen;
    this.#waitingForOpen = [];
    for (const text of queued) this.#socket.send(text);
    this.handedOffSeq = this.queuedSeq;
  };
  readonly #onError = (error: Error): void => this.terminate(error);
  readonly #onClose = (): void => this.terminate();

  constructor(socket: WebSocket, options?: ConnectionOptions) {
    super(options);
    this.#socket = socket;
    socket.on('error', this.#onError);
    if (socket.readyState !== OPEN && socket.readyState !== CONNECTING) {
      this.terminateLater();
      return;
    }
    socket.on('close', this.#onClose);
    socket.on('message', this.#onMessage);
    if (socket.readyState === CONNECTING) socket.once('open', this.#onOpen);
  }

  protected override transmit(text: string): void {
    const state = this.#socket.readyState;
    if (state === CONNECTING) this.#waitingForOpen.push(text);
    else if (state === OPEN) {
      this.#socket.send(text);
      this.handedOffSeq = this.queuedSeq;
    }
    // Closing or closed: not sent; the socket's 'close' event is on its way.
  }

  protected override releaseOutput(): void {
    if (this.#socket.readyState === OPEN || this.#socket.readyState === CONNECTING) this.#socket.close(1000);
  }

  protected override stopInput(): void {
    this.#socket.off('message', this.#onMessage);
    this.#socket.off('close', this.#onClose);
    this.#socket.off('open', this.#onOpen);
    // The 'error' listener stays (a no-op once closed) so a later socket error cannot crash the process.
  }
}

/** A connection over a `ws` WebSocket (client or server side), one JSON message per text frame. */
export function fromWebSocket(socket: WebSocket, options?: ConnectionOptions): Connection {
  return new WebSocketConnection(socket, options);
}
