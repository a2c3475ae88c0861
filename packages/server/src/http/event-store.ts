/**
 * Resumability for legacy SSE streams: events are recorded per stream so a client that
 * reconnects with `Last-Event-ID` gets exactly the rest of that stream, never another's.
 *
 * A resume needs only what the client has not seen yet: the events after its `Last-Event-ID`
 * (it has everything up to that id) on a stream not yet delivered to its end. So the transport
 * deletes a stream once its final message went out on a live connection, a replay drops what the
 * client acknowledged, and the in-memory store is bounded in bytes per stream and in total.
 */
import { Buffer } from 'node:buffer';

/** A pluggable event store; methods may answer with promises. */
export interface EventStore {
  /** Records a serialised message on a stream and returns its event id (which encodes the stream). */
  append(streamId: string, message: string): string | Promise<string>;
  /**
   * Sends every event of `lastEventId`'s stream recorded after it, in order, and returns
   * that stream's id; `undefined` when the id is unknown or its stream was evicted. The client
   * has every event up to `lastEventId`, so a store may forget those.
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
  /** Forgets a stream: it was delivered to its end, or its session ended. */
  deleteStream(streamId: string): void | Promise<void>;
}

/** Default bound on one stream's events: the 8 MiB a slow SSE reader may leave unread, kept for its resume. */
export const DEFAULT_MAX_EVENT_BYTES_PER_STREAM = 8 * 1024 * 1024;
/** Default bound on all streams' events: a few streams' worth, a fixed cost whatever the sessions do. */
export const DEFAULT_MAX_EVENT_BYTES = 64 * 1024 * 1024;
/** Default count bound per stream, for streams of many small events. */
export const DEFAULT_MAX_EVENTS_PER_STREAM = 1_000;
/** Default count bound in total. */
export const DEFAULT_MAX_EVENTS = 100_000;

export interface MemoryEventStoreOptions {
  /**
   * Bytes (UTF-8) of events kept per stream, the oldest dropped first. A single event larger
   * than this is not kept, nor anything before it (a resume gets what follows).
   * @default 8 MiB ({@link DEFAULT_MAX_EVENT_BYTES_PER_STREAM})
   */
  maxBytesPerStream?: number | undefined;
  /**
   * Bytes (UTF-8) of events kept in total; the streams that appended least recently are dropped first.
   * @default 64 MiB ({@link DEFAULT_MAX_EVENT_BYTES})
   */
  maxBytes?: number | undefined;
  /**
   * Events kept per stream, the oldest dropped first.
   * @default 1,000 ({@link DEFAULT_MAX_EVENTS_PER_STREAM})
   */
  maxEventsPerStream?: number | undefined;
  /**
   * Events kept in total; the streams that appended least recently are dropped first.
   * @default 100,000 ({@link DEFAULT_MAX_EVENTS})
   */
  maxEvents?: number | undefined;
  /**
   * Bytes (UTF-8) of events kept for the streams of one owner (see `ownerOf`); past it that
   * owner's own least recently appended streams are dropped, never another owner's, so one
   * caller cannot push everyone else's resumable events out.
   * @default Infinity (the transport's default store: `maxBufferedBytesPerPrincipal`, 16 MiB)
   */
  maxBytesPerOwner?: number | undefined;
  /**
   * Who a stream belongs to (a principal), or undefined for no owner bound.
   * @default none
   */
  ownerOf?: ((streamId: string) => string | undefined) | undefined;
}

/**
 * Streams evicted while possibly still live, remembered (id and next sequence) so that one that
 * appends again goes on numbering where it stopped: an event id is never issued twice.
 */
const MAX_EVICTED_STREAMS = 10_000;

/** A bound as given, or its default; throws unless it is a positive integer or Infinity (NaN or 0 would break it). */
function bound(
  options: MemoryEventStoreOptions,
  name: Exclude<keyof MemoryEventStoreOptions, 'ownerOf'>,
  fallback: number,
): number {
  const value = options[name] ?? fallback;
  if (typeof value !== 'number')
    throw new TypeError(`MemoryEventStore: ${name} must be a number, got ${typeof value}`);
  if (!(Number.isInteger(value) || value === Number.POSITIVE_INFINITY) || !(value > 0)) {
    throw new RangeError(`MemoryEventStore: ${name} must be a positive integer or Infinity, got ${value}`);
  }
  return value;
}

/** The events of one stream still held: sequences `first` to `next - 1`, contiguous. */
interface StreamLog {
  /** Sequence number of `events[0]`. */
  first: number;
  /** Sequence number the next event gets. */
  next: number;
  events: string[];
  /** UTF-8 size of each event, parallel to `events`. */
  sizes: number[];
  bytes: number;
  /** Who the stream belongs to, when the store bounds owners. */
  owner: string | undefined;
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

/**
 * The default in-memory event store, bounded in bytes and in events, per stream and in total.
 * Event ids are `<streamId>_<sequence>`.
 */
export class MemoryEventStore implements EventStore {
  /** Streams in the order they last appended: the first is the one evicted first. */
  readonly #streams = new Map<string, StreamLog>();
  /** Next sequence of evicted streams, oldest first (see {@link MAX_EVICTED_STREAMS}). */
  readonly #evicted = new Map<string, number>();
  readonly #maxBytesPerStream: number;
  readonly #maxBytes: number;
  readonly #maxEventsPerStream: number;
  readonly #maxEvents: number;
  readonly #maxBytesPerOwner: number;
  readonly #ownerOf: ((streamId: string) => string | undefined) | undefined;
  /** Bytes held per owner (only with an owner bound). */
  readonly #ownerBytes = new Map<string, number>();
  #events = 0;
  #bytes = 0;

  constructor(options: MemoryEventStoreOptions = {}) {
    this.#maxBytesPerStream = bound(options, 'maxBytesPerStream', DEFAULT_MAX_EVENT_BYTES_PER_STREAM);
    this.#maxBytes = bound(options, 'maxBytes', DEFAULT_MAX_EVENT_BYTES);
    this.#maxEventsPerStream = bound(options, 'maxEventsPerStream', DEFAULT_MAX_EVENTS_PER_STREAM);
    this.#maxEvents = bound(options, 'maxEvents', DEFAULT_MAX_EVENTS);
    this.#maxBytesPerOwner = bound(options, 'maxBytesPerOwner', Number.POSITIVE_INFINITY);
    if (options.ownerOf !== undefined && typeof options.ownerOf !== 'function') {
      throw new TypeError('MemoryEventStore: ownerOf must be a function');
    }
    this.#ownerOf = this.#maxBytesPerOwner === Number.POSITIVE_INFINITY ? undefined : options.ownerOf;
  }

  /** UTF-8 bytes of the events held for `owner`'s streams (0 without an owner bound). */
  bytesOf(owner: string): number {
    return this.#ownerBytes.get(owner) ?? 0;
  }

  /** Events held in total. */
  get size(): number {
    return this.#events;
  }

  /** UTF-8 bytes of the events held in total. */
  get bytes(): number {
    return this.#bytes;
  }

  append(streamId: string, message: string): string {
    let log = this.#streams.get(streamId);
    if (log === undefined) {
      const next = this.#evicted.get(streamId) ?? 0;
      if (next > 0) this.#evicted.delete(streamId);
      log = { first: next, next, events: [], sizes: [], bytes: 0, owner: this.#ownerOf?.(streamId) };
    } else {
      // Re-inserted: the Map stays in order of last append, so idle streams are evicted first.
      this.#streams.delete(streamId);
    }
    this.#streams.set(streamId, log);
    const sequence = log.next++;
    const size = Buffer.byteLength(message);
    if (size > this.#maxBytesPerStream || size > this.#maxBytes) {
      // Too large to keep: drop what came before too, so the log stays a contiguous tail.
      this.#dropOldest(log, log.events.length);
      log.first = log.next;
      return `${streamId}${SEPARATOR}${sequence}`;
    }
    log.events.push(message);
    log.sizes.push(size);
    log.bytes += size;
    this.#events++;
    this.#bytes += size;
    this.#charge(log.owner, size);
    while (log.bytes > this.#maxBytesPerStream || log.events.length > this.#maxEventsPerStream) {
      this.#dropOldest(log, 1);
    }
    const owner = log.owner;
    while (owner !== undefined && this.bytesOf(owner) > this.#maxBytesPerOwner) {
      // The owner's least recently appended stream goes first; its own oldest events once it is alone.
      const oldest = this.#oldestOf(owner);
      if (oldest === undefined || (oldest === streamId && log.events.length === 0)) break;
      if (oldest === streamId) this.#dropOldest(log, 1);
      else this.#evict(oldest);
    }
    while (this.#bytes > this.#maxBytes || this.#events > this.#maxEvents) {
      const oldest = this.#streams.keys().next().value as string;
      // The appending stream goes last: first its own oldest events, once it is alone.
      if (oldest === streamId) this.#dropOldest(log, 1);
      else this.#evict(oldest);
    }
    return `${streamId}${SEPARATOR}${sequence}`;
  }

  /** `undefined` also for a sequence this store has not issued yet on a stream it holds. */
  streamOf(eventId: string): string | undefined {
    const parsed = parseEventId(eventId);
    if (parsed === undefined) return undefined;
    const next = this.#streams.get(parsed.streamId)?.next ?? this.#evicted.get(parsed.streamId);
    if (next !== undefined && parsed.sequence >= next) return undefined;
    return parsed.streamId;
  }

  /** Drops the events up to `lastEventId` (the client has them), then sends the rest. */
  replayAfter(lastEventId: string, send: (eventId: string, message: string) => void): string | undefined {
    const parsed = parseEventId(lastEventId);
    if (parsed === undefined) return undefined;
    const { streamId, sequence } = parsed;
    const log = this.#streams.get(streamId);
    if (log === undefined || sequence >= log.next) return undefined;
    if (sequence >= log.first) this.#dropOldest(log, sequence + 1 - log.first);
    for (let index = 0; index < log.events.length; index++) {
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
    this.#evicted.delete(streamId);
  }

  /** Drops a log's `count` oldest events. */
  #dropOldest(log: StreamLog, count: number): void {
    const dropped = Math.min(count, log.events.length);
    if (dropped <= 0) return;
    let freed = 0;
    for (let index = 0; index < dropped; index++) freed += log.sizes[index] as number;
    log.sizes.splice(0, dropped);
    log.events.splice(0, dropped);
    log.first += dropped;
    log.bytes -= freed;
    this.#bytes -= freed;
    this.#events -= dropped;
    this.#charge(log.owner, -freed);
  }

  #charge(owner: string | undefined, delta: number): void {
    if (owner === undefined || delta === 0) return;
    const bytes = (this.#ownerBytes.get(owner) ?? 0) + delta;
    if (bytes <= 0) this.#ownerBytes.delete(owner);
    else this.#ownerBytes.set(owner, bytes);
  }

  /** The owner's stream that appended least recently: a scan, paid only past the owner bound. */
  #oldestOf(owner: string): string | undefined {
    for (const [streamId, log] of this.#streams) if (log.owner === owner) return streamId;
    return undefined;
  }

  /** Drops a stream for room, remembering where its numbering stopped. */
  #evict(streamId: string): void {
    const next = (this.#streams.get(streamId) as StreamLog).next;
    this.#deleteNow(streamId);
    if (this.#evicted.size >= MAX_EVICTED_STREAMS)
      this.#evicted.delete(this.#evicted.keys().next().value as string);
    this.#evicted.set(streamId, next);
  }

  #deleteNow(streamId: string): void {
    const log = this.#streams.get(streamId);
    if (log === undefined) return;
    this.#events -= log.events.length;
    this.#bytes -= log.bytes;
    this.#charge(log.owner, -log.bytes);
    this.#streams.delete(streamId);
  }
}
