import { readRequestBody } from './body.js';
import type { Exchange } from './exchange.js';
import { DEFAULT_EXCHANGE_LIMITS, type ExchangeLimits } from './exchange-limits.js';
import type { StreamSink } from './sse.js';

const encoder = new TextEncoder();

/** {@link Exchange} over a web `Request`; `response` settles on the first `send`/`openStream`. */
export class FetchExchange implements Exchange {
  readonly raw: Request;
  readonly response: Promise<Response>;
  auth: unknown;
  #resolve!: (response: Response) => void;
  #url: string | undefined;
  #abort: (() => void) | undefined;
  #complete = false;
  readonly #limits: ExchangeLimits;

  /** `limits.sendTimeoutMs` is the runtime's business here: it writes the response. */
  constructor(request: Request, limits: ExchangeLimits = DEFAULT_EXCHANGE_LIMITS) {
    this.raw = request;
    this.#limits = limits;
    this.auth = undefined;
    this.response = new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  get method(): string {
    return this.raw.method;
  }

  get url(): string {
    if (this.#url === undefined) {
      const url = new URL(this.raw.url);
      this.#url = url.pathname + url.search;
    }
    return this.#url;
  }

  header(lowerName: string): string | undefined {
    return this.raw.headers.get(lowerName) ?? undefined;
  }

  readBody(limit: number): Promise<string> {
    return readRequestBody(this.raw, limit);
  }

  send(
    status: number,
    headers: Readonly<Record<string, string>> | undefined,
    body: string | undefined,
  ): void {
    this.#complete = true;
    this.#resolve(new Response(body ?? null, headers === undefined ? { status } : { status, headers }));
  }

  openStream(status: number, headers: Readonly<Record<string, string>>): StreamSink {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let open = true;
    const body = new ReadableStream<Uint8Array>(
      {
        start: (c) => {
          controller = c;
        },
        cancel: () => {
          open = false;
          if (!this.#complete) this.#abort?.();
        },
      },
      new ByteLengthQueuingStrategy({ highWaterMark: this.#limits.maxStreamBufferBytes }),
    );
    this.#resolve(new Response(body, { status, headers }));
    return {
      write: (chunk) => {
        if (!open) return;
        if ((controller.desiredSize ?? 0) < 0) {
          // The reader fell too far behind: fail the stream rather than buffer without bound.
          open = false;
          controller.error(new Error('SSE reader too slow'));
          if (!this.#complete) this.#abort?.();
          return;
        }
        controller.enqueue(encoder.encode(chunk));
      },
      end: () => {
        if (!open) return;
        open = false;
        this.#complete = true;
        controller.close();
      },
    };
  }

  onAbort(listener: () => void): void {
    if (this.#abort === undefined) {
      this.raw.signal.addEventListener(
        'abort',
        () => {
          if (!this.#complete) this.#abort?.();
        },
        { once: true },
      );
    }
    this.#abort = listener;
  }
}
