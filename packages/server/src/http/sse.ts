/**
 * Server-Sent Events framing for Streamable HTTP: the response headers, a priming
 * event carrying the `retry` hint, message events, keep-alive comments and a clean end.
 */

/** Where an SSE stream's bytes go (a node `ServerResponse` or a web `ReadableStream`). */
export interface StreamSink {
  write(chunk: string): void;
  end(): void;
}

/** Response headers of every SSE stream. */
export const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
});

/** Default interval between keep-alive comments (proxies drop idle streams). */
export const DEFAULT_KEEP_ALIVE_MS = 15_000;
/** Default reconnection delay advertised in the priming event. */
export const DEFAULT_RETRY_MS = 1_000;

export interface SseOptions {
  /** Keep-alive comment interval; 0 disables. Default 15 s. */
  keepAliveMs?: number;
}

/** One open SSE stream. Writing after `close()` is a no-op. */
export class SseWriter {
  #sink: StreamSink;
  #timer: ReturnType<typeof setInterval> | undefined;
  #closed = false;

  constructor(sink: StreamSink, options: SseOptions = {}) {
    this.#sink = sink;
    const interval = options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
    if (interval > 0) {
      this.#timer = setInterval(() => this.#write(': keep-alive\n\n'), interval);
      this.#timer.unref();
    }
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The priming event: an id with empty data, preceded by the reconnection hint. */
  prime(eventId: string | undefined, retryMs: number | undefined): void {
    let frame = retryMs === undefined ? '' : `retry: ${retryMs}\n`;
    if (eventId !== undefined) frame += `id: ${eventId}\ndata: \n\n`;
    else if (frame !== '') frame += '\n';
    if (frame !== '') this.#write(frame);
  }

  /** One JSON-RPC message (already serialised, no newlines) as a `message` event. */
  send(json: string, eventId?: string): void {
    this.#write(
      eventId === undefined
        ? `event: message\ndata: ${json}\n\n`
        : `id: ${eventId}\nevent: message\ndata: ${json}\n\n`,
    );
  }

  /** Ends the stream (idempotent). */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#sink.end();
  }

  /** Marks the stream closed from the peer side without writing. */
  detach(): void {
    this.#closed = true;
    if (this.#timer !== undefined) clearInterval(this.#timer);
  }

  #write(chunk: string): void {
    if (!this.#closed) this.#sink.write(chunk);
  }
}
