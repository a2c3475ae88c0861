import type { Queryable } from '../store/database.js';
import {
  type DiscoveryRecord,
  type InvocationRecord,
  insertDiscoveries,
  insertInvocations,
} from './history-table.js';

/**
 * The age bound: a recorded call is written at most this long after it was queued (plus the
 * write ahead of it), short enough for a person watching history.
 */
export const DEFAULT_HISTORY_FLUSH_MS = 250;
/**
 * The size bound: this many queued rows are written at once, in one statement; no statement
 * carries more. A busy gateway writes full batches, a quiet one a batch per `flushMs`.
 */
export const DEFAULT_HISTORY_BATCH_ROWS = 500;
/**
 * Rows held while the database is slow or down; beyond, the oldest are dropped (and counted)
 * so memory stays bounded and the answer to the caller is never delayed.
 */
export const DEFAULT_HISTORY_MAX_QUEUED = 50_000;

/** Options of {@link HistoryWriter}. */
export interface HistoryWriterOptions {
  /** @default DEFAULT_HISTORY_FLUSH_MS (250 ms) */
  flushMs?: number | undefined;
  /** @default DEFAULT_HISTORY_BATCH_ROWS (500) */
  batchRows?: number | undefined;
  /** @default DEFAULT_HISTORY_MAX_QUEUED (50,000) */
  maxQueued?: number | undefined;
  /** A failed batch write (its rows are not retried: history must not pile up behind a dead database). Default: ignored. */
  onError?: ((error: unknown) => void) | undefined;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  // NaN or 0 would silently stop every write.
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`history.${name}: must be a positive integer (got ${String(value)})`);
  }
  return value;
}

/**
 * Queues history rows and writes them in batches, so recording a call never waits for the
 * database: a batch goes when `batchRows` rows are queued (size) or when its oldest row has
 * waited `flushMs` (age), one multi-row INSERT per table per batch. Rows that arrive while a
 * batch is being written wait for their own batch rather than following in a small one.
 * `flush()` and `close()` write what is queued (`close()`, on SIGTERM, before the database closes).
 */
export class HistoryWriter {
  readonly #db: Queryable;
  readonly #flushMs: number;
  readonly #batchRows: number;
  readonly #maxQueued: number;
  readonly #onError: (error: unknown) => void;
  #calls: InvocationRecord[] = [];
  #discoveries: DiscoveryRecord[] = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();
  /** A write of full batches is already chained: more rows past the bound need no other. */
  #fullChained = false;
  #dropped = 0;
  #closed = false;

  constructor(db: Queryable, options: HistoryWriterOptions = {}) {
    this.#db = db;
    this.#flushMs = positive('flushMs', options.flushMs, DEFAULT_HISTORY_FLUSH_MS);
    this.#batchRows = positive('batchRows', options.batchRows, DEFAULT_HISTORY_BATCH_ROWS);
    this.#maxQueued = positive('maxQueued', options.maxQueued, DEFAULT_HISTORY_MAX_QUEUED);
    this.#onError = options.onError ?? (() => undefined);
  }

  /** Rows dropped because the queue was full. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Queues one call. */
  record(call: InvocationRecord): void {
    if (this.#calls.length >= this.#maxQueued) {
      this.#calls.shift();
      this.#dropped++;
    }
    this.#calls.push(call);
    this.#schedule();
  }

  /** Queues a key's modern-era `tools/list`. */
  recordDiscovery(discovery: DiscoveryRecord): void {
    if (this.#discoveries.length >= this.#maxQueued) return;
    this.#discoveries.push(discovery);
    this.#schedule();
  }

  /** Writes everything queued now; resolves when it is stored (or the write failed and was reported). */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    return this.#chain(() => this.#write(true));
  }

  /** Writes what is left; later records are written at once. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.flush();
  }

  /** Chained so batches land in order; each batch reports its own failure. */
  #chain(write: () => Promise<void>): Promise<void> {
    this.#writing = this.#writing.then(write);
    return this.#writing;
  }

  #full(): boolean {
    return this.#calls.length >= this.#batchRows || this.#discoveries.length >= this.#batchRows;
  }

  #schedule(): void {
    if (this.#closed) {
      void this.flush();
      return;
    }
    if (this.#full() && !this.#fullChained) {
      this.#fullChained = true;
      void this.#chain(() => {
        this.#fullChained = false;
        return this.#write(false);
      });
      // The full batch takes the oldest rows; what stays arrived from now on, so its age starts now.
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, this.#flushMs);
    this.#timer.unref();
  }

  /**
   * Writes full batches and, when `all`, the rows queued now in batches of at most `batchRows`.
   * Rows queued during the write are not chased with a small batch of their own.
   */
  async #write(all: boolean): Promise<void> {
    let owedCalls = all ? this.#calls.length : 0;
    let owedDiscoveries = all ? this.#discoveries.length : 0;
    while (owedCalls > 0 || owedDiscoveries > 0 || this.#full()) {
      const calls = this.#calls.splice(0, this.#batchRows);
      const discoveries = this.#discoveries.splice(0, this.#batchRows);
      owedCalls -= calls.length;
      owedDiscoveries -= discoveries.length;
      try {
        // Discoveries first: evidence compares a call with the listing before it.
        await insertDiscoveries(this.#db, discoveries);
        await insertInvocations(this.#db, calls);
      } catch (error) {
        this.#onError(error);
        return;
      }
    }
  }
}
