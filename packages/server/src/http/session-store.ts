/**
 * Where legacy sessions live between requests. The interface may answer with promises
 * so a shared store (e.g. PostgreSQL) can back it; the in-memory default answers
 * synchronously and bounds both idle time and count.
 */

/** A pluggable session store. */
export interface SessionStore<T> {
  get(id: string): T | undefined | Promise<T | undefined>;
  set(id: string, value: T): void | Promise<void>;
  /** Marks the session as used now (refreshes idle expiry and recency). */
  touch(id: string): void | Promise<void>;
  delete(id: string): void | Promise<void>;
  /** Number of sessions held (for metrics and tests). */
  readonly size: number;
  /** Stops timers and drops every session. */
  close(): void;
}

/** Default idle expiry: long enough for a person to step away from a chat, short enough to reclaim abandoned sessions. */
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 30 * 60_000;
/** Default session bound: a small fixed cost each, so 10,000 stay within tens of MiB. */
export const DEFAULT_MAX_SESSIONS = 10_000;
/** Idle sessions are swept at a quarter of the idle timeout, within these bounds (a timer per store). */
const MIN_SWEEP_INTERVAL_MS = 1_000;
const MAX_SWEEP_INTERVAL_MS = 60_000;

export interface MemorySessionStoreOptions<T> {
  /** Idle time after which a session is dropped. Default 30 min ({@link DEFAULT_SESSION_IDLE_TIMEOUT_MS}). */
  idleTimeoutMs?: number | undefined;
  /** Maximum sessions held; the least recently used is evicted beyond it. Default 10,000 ({@link DEFAULT_MAX_SESSIONS}). */
  maxSessions?: number | undefined;
  /** Called for each session dropped by expiry, eviction, `delete` or `close`. */
  onEvict?: ((id: string, value: T) => void) | undefined;
  /** Sweep interval for idle sessions. Default: a quarter of the idle timeout, between 1 s and 60 s. */
  sweepIntervalMs?: number | undefined;
  /** Clock, for tests. */
  now?: (() => number) | undefined;
}

/** A session and its place in the recency list (oldest first). */
interface Entry<T> {
  readonly id: string;
  value: T;
  lastSeen: number;
  older: Entry<T> | undefined;
  newer: Entry<T> | undefined;
}

/**
 * The default store: a `Map` for lookup and a linked list in recency order, bounded by count
 * and idle time. A touch relinks its entry at the newest end (a few pointer writes), where
 * re-inserting into the `Map` would hash the id again and leave a hole to rehash; the entry of
 * the last `get` is kept, so the touch that follows it (every request does both) needs no lookup.
 */
export class MemorySessionStore<T> implements SessionStore<T> {
  readonly #entries = new Map<string, Entry<T>>();
  #oldest: Entry<T> | undefined;
  #newest: Entry<T> | undefined;
  /** The entry the last `get` returned, while it is in the store. */
  #got: Entry<T> | undefined;
  readonly #idleMs: number;
  readonly #max: number;
  readonly #onEvict: ((id: string, value: T) => void) | undefined;
  readonly #now: () => number;
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(options: MemorySessionStoreOptions<T> = {}) {
    this.#idleMs = options.idleTimeoutMs ?? DEFAULT_SESSION_IDLE_TIMEOUT_MS;
    this.#max = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.#onEvict = options.onEvict;
    this.#now = options.now ?? Date.now;
    const sweep =
      options.sweepIntervalMs ??
      Math.min(MAX_SWEEP_INTERVAL_MS, Math.max(MIN_SWEEP_INTERVAL_MS, this.#idleMs / 4));
    this.#timer = setInterval(() => this.sweep(), sweep);
    this.#timer.unref();
  }

  get size(): number {
    return this.#entries.size;
  }

  get(id: string): T | undefined {
    const entry = this.#entries.get(id);
    if (entry === undefined) return undefined;
    if (this.#now() - entry.lastSeen > this.#idleMs) {
      this.#drop(entry);
      return undefined;
    }
    this.#got = entry;
    return entry.value;
  }

  set(id: string, value: T): void {
    const existing = this.#entries.get(id);
    if (existing !== undefined) this.#unlink(existing);
    const entry: Entry<T> = { id, value, lastSeen: this.#now(), older: undefined, newer: undefined };
    this.#entries.set(id, entry);
    this.#append(entry);
    while (this.#entries.size > this.#max) this.#drop(this.#oldest as Entry<T>);
  }

  touch(id: string): void {
    const got = this.#got;
    const entry = got !== undefined && got.id === id ? got : this.#entries.get(id);
    if (entry === undefined) return;
    entry.lastSeen = this.#now();
    if (entry === this.#newest) return;
    this.#unlink(entry);
    this.#append(entry);
  }

  delete(id: string): void {
    const entry = this.#entries.get(id);
    if (entry !== undefined) this.#drop(entry);
  }

  /** Drops every session idle for longer than the timeout. Runs on a timer; callable directly. */
  sweep(): void {
    const cutoff = this.#now() - this.#idleMs;
    // Recency order: the first fresh entry ends the scan.
    for (let entry = this.#oldest; entry !== undefined && entry.lastSeen < cutoff; entry = this.#oldest) {
      this.#drop(entry);
    }
  }

  close(): void {
    clearInterval(this.#timer);
    while (this.#oldest !== undefined) this.#drop(this.#oldest);
  }

  #drop(entry: Entry<T>): void {
    this.#entries.delete(entry.id);
    this.#unlink(entry);
    this.#onEvict?.(entry.id, entry.value);
  }

  /** Takes `entry` out of the recency list (it stays in the `Map`). */
  #unlink(entry: Entry<T>): void {
    if (this.#got === entry) this.#got = undefined;
    const { older, newer } = entry;
    if (older === undefined) this.#oldest = newer;
    else older.newer = newer;
    if (newer === undefined) this.#newest = older;
    else newer.older = older;
    entry.older = undefined;
    entry.newer = undefined;
  }

  /** Links `entry` in as the most recently used. */
  #append(entry: Entry<T>): void {
    const newest = this.#newest;
    entry.older = newest;
    if (newest === undefined) this.#oldest = entry;
    else newest.newer = entry;
    this.#newest = entry;
  }
}
