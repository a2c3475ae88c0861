import type { IncomingMessage, ServerResponse } from 'node:http';
import { readNodeBody } from './body.js';
import type { BufferCharge } from './buffer-budget.js';
import type { Exchange } from './exchange.js';
import { DEFAULT_EXCHANGE_LIMITS, type ExchangeLimits } from './exchange-limits.js';
import { PacedWriter, PIECE_BYTES } from './paced-writer.js';
import type { StreamSink } from './sse.js';

const ABORT = Symbol('mcpforge.http.abort');
type WithAbort = ServerResponse & { [ABORT]?: () => void };

// One shared listener instead of a closure per request.
function onResponseClose(this: WithAbort): void {
  const listener = this[ABORT];
  if (listener !== undefined && !this.writableFinished) listener();
}

/** Flat name/value lists of the frozen header objects the transport reuses, built once each. */
const FLAT_HEADERS = new WeakMap<object, readonly string[]>();

function flatten(headers: Readonly<Record<string, string>>): string[] {
  const list: string[] = [];
  for (const name in headers) list.push(name, headers[name] as string);
  return list;
}

/** `headers` as a flat list for `writeHead`, with `content-length` appended. */
function headerList(headers: Readonly<Record<string, string>>, length: string): string[] {
  let flat = FLAT_HEADERS.get(headers);
  if (flat === undefined) {
    if (!Object.isFrozen(headers)) {
      const list = flatten(headers);
      list.push('content-length', length);
      return list;
    }
    flat = flatten(headers);
    FLAT_HEADERS.set(headers, flat);
  }
  if (flat.length === 2) return [flat[0] as string, flat[1] as string, 'content-length', length];
  const list = flat.slice();
  list.push('content-length', length);
  return list;
}

/** {@link Exchange} over node:http. */
export class NodeExchange implements Exchange {
  readonly raw: IncomingMessage;
  readonly res: ServerResponse;
  auth: unknown;
  readonly #limits: ExchangeLimits;

  constructor(req: IncomingMessage, res: ServerResponse, limits: ExchangeLimits = DEFAULT_EXCHANGE_LIMITS) {
    this.raw = req;
    this.res = res;
    this.auth = undefined;
    this.#limits = limits;
  }

  /** The charge of a paced response in the shared budget of unread bytes, if there is one. */
  #charge(): BufferCharge | undefined {
    const { buffers, principalOf } = this.#limits;
    if (buffers === undefined) return undefined;
    return buffers.open(this.auth === undefined ? undefined : principalOf?.(this.auth));
  }

  get method(): string {
    return this.raw.method ?? 'GET';
  }

  get url(): string {
    return this.raw.url ?? '/';
  }

  header(lowerName: string): string | undefined {
    const value = this.raw.headers[lowerName];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  readBody(limit: number): Promise<string> {
    return readNodeBody(this.raw, limit);
  }

  send(
    status: number,
    headers: Readonly<Record<string, string>> | undefined,
    body: string | undefined,
  ): void {
    const res = this.res;
    if (res.headersSent || res.destroyed) return;
    // Flat header list with an explicit length: no chunked encoding, no per-header setHeader.
    const bytes = body === undefined ? 0 : Buffer.byteLength(body);
    const length = String(bytes);
    const list = headers === undefined ? ['content-length', length] : headerList(headers, length);
    res.writeHead(status, list);
    if (bytes <= PIECE_BYTES) {
      res.end(body);
      return;
    }
    // A large answer goes out paced, so a client that stops reading is dropped, not buffered for.
    const writer = new PacedWriter(res, this.#limits.sendTimeoutMs, this.#charge());
    writer.write(body as string);
    writer.end();
  }

  openStream(status: number, headers: Readonly<Record<string, string>>): StreamSink {
    const res = this.res;
    const { maxStreamBufferBytes, sendTimeoutMs } = this.#limits;
    res.writeHead(status, headers as Record<string, string>);
    res.flushHeaders();
    const writer = new PacedWriter(res, sendTimeoutMs, this.#charge());
    return {
      write: (chunk) => {
        if (res.destroyed) return;
        // A reader this far behind is gone or hostile: drop it rather than buffer without bound
        // (a legacy stream stays resumable; a modern request is cancelled by the close).
        if (writer.unflushed > maxStreamBufferBytes) res.destroy();
        else writer.write(chunk);
      },
      end: () => {
        if (!res.destroyed) writer.end();
      },
    };
  }

  onAbort(listener: () => void): void {
    const res = this.res as WithAbort;
    if (res[ABORT] === undefined) res.on('close', onResponseClose);
    res[ABORT] = listener;
  }
}
