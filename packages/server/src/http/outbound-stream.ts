import type { EventStore } from './event-store.js';
import type { Exchange } from './exchange.js';
import { SSE_HEADERS, SseWriter } from './sse.js';

/** How a POST's answer is framed. */
export type ResponseMode = 'auto' | 'sse' | 'json';

/** Settings shared by every stream of one handler. */
export interface StreamSettings {
  readonly keepAliveMs: number;
  /** `retry` hint of the priming event; legacy resumable streams only. */
  readonly retryMs: number;
}

/** A store failing to record or forget costs resumability, not the answer. */
function ignore(): void {}

const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'content-type': 'application/json' });

/** Headers of a JSON answer, plus extras (e.g. the session id). */
export function jsonHeaders(
  extra: Readonly<Record<string, string>> | undefined,
): Readonly<Record<string, string>> {
  return extra === undefined ? JSON_HEADERS : { ...JSON_HEADERS, ...extra };
}

/**
 * How one kind of stream behaves. A handler builds one object per kind and shares it between
 * its streams, so opening a stream allocates no options.
 */
export interface OutboundStreamOptions {
  readonly settings: StreamSettings;
  /** Where a stream with an id records its events for resumption; a stream without one records nothing. */
  readonly store?: EventStore | undefined;
  /**
   * False when the client does not accept SSE (or mode `json`): related messages are dropped.
   * @default true
   */
  readonly sseAllowed?: boolean | undefined;
}

/**
 * Gives a resumable stream its id when it first needs one, as it opens SSE: a POST answered
 * with plain JSON (the common case) then costs no id and no bookkeeping, and nothing could
 * resume it anyway (the client holds no event id of it).
 */
export interface StreamIdSource {
  /** A new id for `stream`, unique within its session; the source tracks the stream as live from now on. */
  assignStreamId(stream: OutboundStream): string;
}

/**
 * The server → client side of one POST (or of a legacy GET stream). It answers with plain
 * JSON when nothing was streamed before the response (mode `auto`), and upgrades to SSE as
 * soon as a related message must go out first. A legacy stream has an `id`: its events are
 * recorded in the event store, and it outlives its connection so `GET` + `Last-Event-ID`
 * can pick it up again.
 */
export class OutboundStream {
  /** The final message has been sent (or recorded). */
  done = false;
  /** Some event of this stream is in the event store (until the stream is delivered to its end). */
  recorded = false;
  #id: string | undefined;
  readonly #ids: StreamIdSource | undefined;
  #exchange: Exchange | undefined;
  #writer: SseWriter | undefined;
  readonly #store: EventStore | undefined;
  readonly #settings: StreamSettings;
  readonly #sseAllowed: boolean;

  /**
   * An `id`, or a source to take one from when SSE opens, makes the stream resumable: its
   * events go to `options.store`.
   */
  constructor(exchange: Exchange, options: OutboundStreamOptions, id?: string | StreamIdSource | undefined) {
    this.#exchange = exchange;
    this.#settings = options.settings;
    this.#sseAllowed = options.sseAllowed ?? true;
    if (typeof id === 'string') this.#id = id;
    else this.#ids = id;
    this.#store = id === undefined ? undefined : options.store;
  }

  /** The stream's id: set from the start, or once SSE opened on a stream given a {@link StreamIdSource}. */
  get id(): string | undefined {
    return this.#id;
  }

  /** Whether a client connection is currently attached. */
  get connected(): boolean {
    return this.#exchange !== undefined;
  }

  /** Switches to SSE now (mode `sse`, listen streams, GET streams). */
  startSse(): void {
    const exchange = this.#exchange;
    if (exchange === undefined || this.#writer !== undefined || !this.#sseAllowed) return;
    this.#writer = this.#open(exchange);
  }

  /** Sends one related message (notification or server → client request). */
  push(json: string): void {
    if (!this.#sseAllowed) return;
    if (this.#writer === undefined) this.startSse();
    const eventId = this.#store === undefined || this.#id === undefined ? undefined : this.#record(json);
    this.#writer?.send(json, eventId);
  }

  /** Sends the final message and ends the stream. `status` applies only to a JSON answer. */
  finish(json: string, status = 200): void {
    if (this.done) return;
    this.done = true;
    const writer = this.#writer;
    if (writer !== undefined) {
      // Written on a live connection, the stream is delivered to its end: no resume will ask for
      // its events, so they go now, and the final message is not recorded (nor given an id).
      writer.send(json);
      writer.close();
      this.#forget();
    } else if (this.#exchange !== undefined) {
      this.#exchange.send(status, JSON_HEADERS, json);
    } else if (this.#store !== undefined && this.#id !== undefined) {
      // Disconnected after SSE opened: kept for the resume. A stream without an id never sent an
      // event, so its client holds no id to resume from.
      this.#record(json);
    }
    this.#writer = undefined;
    this.#exchange = undefined;
  }

  /** Ends the stream without a final message (GET streams, shutdown, a cancelled request): nothing to resume. */
  end(): void {
    this.done = true;
    if (this.#writer !== undefined) this.#writer.close();
    else this.#exchange?.send(202, undefined, undefined);
    this.#writer = undefined;
    this.#exchange = undefined;
    this.#forget();
  }

  /** The client went away: keep recording, stop writing. */
  disconnected(): void {
    this.#writer?.detach();
    this.#writer = undefined;
    this.#exchange = undefined;
  }

  /**
   * Closes the current connection but not the stream (SSE polling): the client reconnects
   * with `Last-Event-ID` after the `retry` delay and receives the rest.
   */
  closeConnection(): void {
    if (this.done || (this.#id === undefined && this.#ids === undefined)) return;
    this.startSse();
    this.#writer?.close();
    this.#writer = undefined;
    this.#exchange = undefined;
  }

  /**
   * Attaches a reconnecting client: replays what it missed after `lastEventId`, then goes on
   * live (or ends at once if the stream is already done).
   */
  async resume(exchange: Exchange, lastEventId: string): Promise<void> {
    this.#writer?.close();
    const writer = this.#open(exchange, false);
    this.#exchange = exchange;
    this.#writer = writer;
    if (this.#store !== undefined)
      await this.#store.replayAfter(lastEventId, (eventId, json) => writer.send(json, eventId));
    if (this.done) {
      // The rest, final message included, went out on this connection: delivered to its end.
      writer.close();
      this.#writer = undefined;
      this.#exchange = undefined;
      this.#forget();
    }
  }

  #record(json: string): string | undefined {
    this.recorded = true;
    const id = (this.#store as EventStore).append(this.#id as string, json);
    if (typeof id === 'string') return id;
    // An async store's id arrives later; the event is still written, without an id.
    id.catch(ignore);
    return undefined;
  }

  /** Drops this stream's events from the store: nothing will resume it. */
  #forget(): void {
    const store = this.#store;
    if (store === undefined || this.#id === undefined) return;
    this.recorded = false;
    const deleted = store.deleteStream(this.#id);
    if (deleted instanceof Promise) deleted.catch(ignore);
  }

  #open(exchange: Exchange, prime = true): SseWriter {
    const writer = new SseWriter(exchange.openStream(200, SSE_HEADERS), {
      keepAliveMs: this.#settings.keepAliveMs,
    });
    if (this.#id === undefined && this.#ids !== undefined) this.#id = this.#ids.assignStreamId(this);
    if (prime && this.#store !== undefined && this.#id !== undefined) {
      writer.prime(this.#store.primingId(this.#id), this.#settings.retryMs);
    } else if (!prime && this.#store !== undefined) {
      writer.prime(undefined, this.#settings.retryMs);
    }
    return writer;
  }
}
