/**
 * Resumability for legacy SSE streams: events are recorded per stream so a client that
 * reconnects with `Last-Event-ID` gets exactly the rest of that stream, never another's.
 */

/** A pluggable event store; methods may answer with promises. */
export interface EventStore {
  /** Records a serialised message on a stream and returns its event id (which encodes the stream). */
  append(streamId: string, message: string): string | Promise<string>;
  /**
   * Sends every event of `lastEventId`'s stream recorded after it, in order, and returns
   * that stream's id; `undefined` when the id is unknown or its stream was evicted.
   */
  replayAfter(
    lastEventId: string,
    send: (eventId: string, message: string) => void,
  ): string | undefined | Promise<string | undefined>;
  /**
   * The stream an event id belongs to, without replaying; `undefined` when the id is not one
   * this store could have issued (malformed), which the transport answers with 400.
   */
  streamOf(eventId: string): string | undefined;
  /** The id of a stream's priming event: replaying after it replays the whole stream. */
  primingId(streamId: string): string;
  /** Forgets a stream (its session ended). */
  deleteStream(streamId: string): void | Promise<void>;
}

export interface MemoryEventStoreOptions {
  /** Events kept per stream (oldest dropped first). Default 1,000. */
  maxEventsPerStream?: number;
  /** Events kept in total (oldest streams dropped first). Default 100,000. */
  maxEvents?: number;
}

interface StreamLog {
  /** Sequence number of `events[0]`. */
  first: number;
  events: string[];
}

const SEPARATOR = '_';
/**
 * A sequence as this store writes it: -1 (the priming event) or a decimal integer without sign,
 * leading zero or exponent, so every id has exactly one spelling and `Number` cannot read
 * `1e3`, `0x1` or `-0` into one.
 */
const SEQUENCE = /^(?:-1|0|[1-9][0-9]{0,14})$/;

interface ParsedEventId {
  streamId: string;
  sequence: number;
}

function parseEventId(eventId: string): ParsedEventId | undefined {
  const at = eventId.lastIndexOf(SEPARATOR);
  if (at <= 0) return undefined;
  const digits = eventId.slice(at + 1);
  return SEQUENCE.test(digits) ? { streamId: eventId.slice(0, at), sequence: Number(digits) } : undefined;
}

/** The default bounded in-memory event store. Event ids are `<streamId>_<sequence>`. */
export class MemoryEventStore implements EventStore {
  readonly #streams = new Map<string, StreamLog>();
  readonly #perStream: number;
  readonly #maxEvents: number;
  #total = 0;

  constructor(options: MemoryEventStoreOptions = {}) {
    this.#perStream = options.maxEventsPerStream ?? 1_000;
    this.#maxEvents = options.maxEvents ?? 100_000;
  }

  /** Events held in total. */
  get size(): number {
    return this.#total;
  }

  append(streamId: string, message: string): string {
    let log = this.#streams.get(streamId);
    if (log === undefined) {
      log = { first: 0, events: [] };
      this.#streams.set(streamId, log);
    }
    const sequence = log.first + log.events.length;
    log.events.push(message);
    this.#total++;
    if (log.events.length > this.#perStream) {
      log.events.shift();
      log.first++;
      this.#total--;
    }
    while (this.#total > this.#maxEvents) {
      const oldest = this.#streams.keys().next().value as string;
      if (oldest === streamId && this.#streams.size === 1) {
        log.events.shift();
        log.first++;
        this.#total--;
      } else {
        this.#deleteNow(oldest);
      }
    }
    return `${streamId}${SEPARATOR}${sequence}`;
  }

  /** `undefined` also for a sequence this store has not issued yet on a stream it holds. */
  streamOf(eventId: string): string | undefined {
    const parsed = parseEventId(eventId);
    if (parsed === undefined) return undefined;
    const log = this.#streams.get(parsed.streamId);
    if (log !== undefined && parsed.sequence >= log.first + log.events.length) return undefined;
    return parsed.streamId;
  }

  replayAfter(lastEventId: string, send: (eventId: string, message: string) => void): string | undefined {
    const parsed = parseEventId(lastEventId);
    if (parsed === undefined) return undefined;
    const { streamId, sequence } = parsed;
    const log = this.#streams.get(streamId);
    if (log === undefined || sequence >= log.first + log.events.length) return undefined;
    for (let index = Math.max(0, sequence + 1 - log.first); index < log.events.length; index++) {
      send(`${streamId}${SEPARATOR}${log.first + index}`, log.events[index] as string);
    }
    return streamId;
  }

  /** Reserves an id for a priming event (sequence -1 replays the whole stream). */
  primingId(streamId: string): string {
    return `${streamId}${SEPARATOR}-1`;
  }

  deleteStream(streamId: string): void {
    this.#deleteNow(streamId);
  }

  #deleteNow(streamId: string): void {
    const log = this.#streams.get(streamId);
    if (log === undefined) return;
    this.#total -= log.events.length;
    this.#streams.delete(streamId);
  }
}
