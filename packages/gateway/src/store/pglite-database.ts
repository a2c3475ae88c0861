import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock.js';
import {
  checkChannel,
  type Database,
  NOTIFY_SQL,
  type QueryResult,
  type Transaction,
  type Unlisten,
} from './database.js';
import { closedTransaction } from './transaction-guard.js';

/** Options of {@link openPgliteDatabase}. */
export interface PgliteDatabaseOptions {
  /** Directory of the database files, created when missing. Omitted: in memory, gone on close. */
  dataDir?: string | undefined;
}

class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  readonly #db: PGlite;
  readonly #release: () => Promise<void>;
  #closing: Promise<void> | undefined;

  constructor(db: PGlite, release: () => Promise<void>) {
    this.#db = db;
    this.#release = release;
  }

  async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
    const result = await this.#db.query<Row>(sql, params as unknown[]);
    return { rows: result.rows };
  }

  async exec(sql: string): Promise<void> {
    await this.#db.exec(sql);
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    // PGlite's own transaction holds its lock, so other callers' statements wait for it to end.
    return this.#db.transaction(async (inner) => {
      let open = true;
      const tx: Transaction = {
        query: async <Row>(sql: string, params: readonly unknown[] = []) => {
          if (!open) throw closedTransaction();
          const result = await inner.query<Row>(sql, params as unknown[]);
          return { rows: result.rows };
        },
        exec: async (sql) => {
          if (!open) throw closedTransaction();
          await inner.exec(sql);
        },
        notify: async (channel, payload) => {
          if (!open) throw closedTransaction();
          await inner.query(NOTIFY_SQL, [checkChannel(channel), payload]);
        },
      };
      try {
        return await fn(tx);
      } finally {
        open = false;
      }
    });
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<Unlisten> {
    const stop = await this.#db.listen(checkChannel(channel), onNotify);
    let stopped = false;
    return async () => {
      if (stopped || this.#db.closed) return;
      stopped = true;
      await stop();
    };
  }

  async notify(channel: string, payload: string): Promise<void> {
    await this.#db.query(NOTIFY_SQL, [checkChannel(channel), payload]);
  }

  close(): Promise<void> {
    this.#closing ??= this.#db.close().finally(this.#release);
    return this.#closing;
  }
}

/** Wraps an open PGlite instance (the caller hands over its ownership: `close()` closes it). */
export function pgliteDatabase(instance: PGlite): Database {
  return new PgliteDatabase(instance, async () => undefined);
}

/**
 * Opens an embedded PostgreSQL (PGlite): one in-process connection, in `dataDir` or in memory.
 * A data directory is locked while open: a second process (or a second open in this one) is
 * refused with `data_dir_in_use`. Cross-process features (two replicas, LISTEN/NOTIFY between
 * processes) need the real server.
 */
export async function openPgliteDatabase(options: PgliteDatabaseOptions = {}): Promise<Database> {
  if (options.dataDir !== undefined && options.dataDir.length === 0) {
    throw new TypeError('dataDir: must be a directory path (omit it for an in-memory database)');
  }
  if (options.dataDir === undefined) return new PgliteDatabase(await PGlite.create(), async () => undefined);
  const release = await lockDataDir(options.dataDir);
  try {
    return new PgliteDatabase(await PGlite.create(options.dataDir), release);
  } catch (error) {
    await release();
    throw error;
  }
}
