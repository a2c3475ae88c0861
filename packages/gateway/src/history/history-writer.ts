import type { Queryable } from '../store/database.js';
import {
  type DiscoveryRecord,
  type InvocationRecord,
  insertDiscoveries,
  insertInvocations,
} from './history-table.js';

/** How long a recorded call waits for its batch: short enough for a person watching history. */
export const DEFAULT_HISTORY_FLUSH_MS = 250;
/** Rows that trigger a write at once: one statement stays small while a busy gateway batches. */
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
 * Queues history rows and writes them in batches (every `flushMs`, or at once when
 * `batchRows` are waiting), so recording a call never waits for the database. `close()`
 * writes what is left.
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
    // Chained so batches land in order; each batch reports its own failure.
    this.#writing = this.#writing.then(() => this.#writeAll());
    return this.#writing;
  }

  /** Writes what is left; later records are written at once. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.flush();
  }

  #schedule(): void {
    if (this.#closed || this.#calls.length + this.#discoveries.length >= this.#batchRows) {
      void this.flush();
      return;
    }
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, this.#flushMs);
    this.#timer.unref();
  }

  async #writeAll(): Promise<void> {
    while (this.#calls.length > 0 || this.#discoveries.length > 0) {
      const calls = this.#calls.splice(0, this.#batchRows);
      const discoveries = this.#discoveries.splice(0, this.#batchRows);
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
