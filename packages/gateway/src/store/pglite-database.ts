import type { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock.js';
import {
  checkChannel,
  type Database,
  NOTIFY_SQL,
  type QueryResult,
  type Transaction,
  type Unlisten,
} from './database.js';
import type { PgliteThread } from './pglite-protocol.js';
import { closedTransaction } from './transaction-guard.js';

export type { PgliteThread } from './pglite-protocol.js';

/** A `dataDir` starting so is PGlite's in-memory database, as if none was given. */
const IN_MEMORY = 'memory://';

/** Options of {@link openPgliteDatabase}. */
export interface PgliteDatabaseOptions {
  /** Directory of the database files, created when missing. Omitted or `memory://`: in memory, gone on close. */
  dataDir?: string | undefined;
  /**
   * Without `dataDir`: a gzip tarball of a data directory (PGlite's `dumpDataDir('gzip')`) the
   * in-memory database starts from, which skips `initdb`.
   */
  loadDataDir?: Uint8Array | undefined;
  /** @default 'worker' */
  thread?: PgliteThread | undefined;
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

/** Wraps an open PGlite instance on this thread (the caller hands over its ownership: `close()` closes it). */
export function pgliteDatabase(instance: PGlite): Database {
  return new PgliteDatabase(instance, async () => undefined);
}

/**
 * Opens an embedded PostgreSQL (PGlite): one connection, in `dataDir` or in memory, on a worker
 * thread unless `thread: 'main'`. A data directory is locked while open: a second process (or
 * a second open in this one) is refused with `data_dir_in_use`. Cross-process features (two
 * replicas, LISTEN/NOTIFY between processes) need the real server.
 */
export async function openPgliteDatabase(options: PgliteDatabaseOptions = {}): Promise<Database> {
  const { loadDataDir, thread = 'worker' } = options;
  if (options.dataDir !== undefined && options.dataDir.length === 0) {
    throw new TypeError('dataDir: must be a directory path (omit it for an in-memory database)');
  }
  // PGlite's own spelling of "in memory": no files, so nothing to lock.
  const dataDir = options.dataDir?.startsWith(IN_MEMORY) === true ? undefined : options.dataDir;
  if (dataDir !== undefined && loadDataDir !== undefined) {
    throw new TypeError('loadDataDir: starts an in-memory database; give it without dataDir');
  }
  if (thread !== 'main' && thread !== 'worker') {
    throw new TypeError(`thread: must be 'main' or 'worker' (got ${JSON.stringify(thread)})`);
  }
  const release = dataDir === undefined ? async () => undefined : await lockDataDir(dataDir);
  try {
    if (thread === 'worker') {
      const { openPgliteWorker } = await import('./pglite-worker-database.js');
      return await openPgliteWorker({ dataDir, loadDataDir }, release);
    }
    // Loaded only here: on the worker path the main thread never loads PGlite.
    const { PGlite } = await import('@electric-sql/pglite');
    const instance =
      loadDataDir === undefined
        ? await PGlite.create(dataDir === undefined ? {} : { dataDir })
        : await PGlite.create({ loadDataDir: new Blob([loadDataDir as Uint8Array<ArrayBuffer>]) });
    return new PgliteDatabase(instance, release);
  } catch (error) {
    await release();
    throw error;
  }
}
