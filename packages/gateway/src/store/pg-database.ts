import pg from 'pg';
import {
  checkChannel,
  type Database,
  type ListenOptions,
  NOTIFY_SQL,
  type QueryResult,
  type Transaction,
  type Unlisten,
} from './database.js';
import { PgListener } from './pg-listener.js';
import { closedTransaction } from './transaction-guard.js';

/** Pool size: enough for a gateway replica's concurrent writes; PostgreSQL's default cap is 100. */
export const DEFAULT_PG_MAX_CONNECTIONS = 10;
/** Wait before re-opening a dropped `LISTEN` connection; the key cache's bounded age covers the gap. */
export const DEFAULT_LISTEN_RECONNECT_MS = 1000;

/** Options of {@link openPgDatabase}. */
export interface PgDatabaseOptions {
  /** `postgres://user@host:port/database`. */
  connectionString: string;
  /** Most pooled connections (besides the one listening connection). Default {@link DEFAULT_PG_MAX_CONNECTIONS}. */
  maxConnections?: number | undefined;
  /** Default {@link DEFAULT_LISTEN_RECONNECT_MS}. */
  listenReconnectMs?: number | undefined;
  /** Errors of idle or listening connections, which no caller awaits. Default: ignored. */
  onBackgroundError?: ((error: Error) => void) | undefined;
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`${name}: must be a positive integer (got ${String(value)})`);
  }
  return value;
}

class PgDatabase implements Database {
  readonly kind = 'postgres' as const;
  readonly #pool: pg.Pool;
  readonly #listener: PgListener;
  #closing: Promise<void> | undefined;

  constructor(pool: pg.Pool, listener: PgListener) {
    this.#pool = pool;
    this.#listener = listener;
  }

  async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
    const result = await this.#pool.query(sql, params as unknown[]);
    return { rows: result.rows as Row[] };
  }

  async exec(sql: string): Promise<void> {
    await this.#pool.query(sql);
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect();
    let open = true;
    const tx: Transaction = {
      query: async <Row>(sql: string, params: readonly unknown[] = []) => {
        if (!open) throw closedTransaction();
        const result = await client.query(sql, params as unknown[]);
        return { rows: result.rows as Row[] };
      },
      exec: async (sql) => {
        if (!open) throw closedTransaction();
        await client.query(sql);
      },
      notify: async (channel, payload) => {
        if (!open) throw closedTransaction();
        await client.query(NOTIFY_SQL, [checkChannel(channel), payload]);
      },
    };
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const value = await fn(tx);
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: unknown) => {
        // A connection that cannot roll back is not handed to the next caller.
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw error;
    } finally {
      open = false;
      client.release(broken);
    }
  }

  listen(channel: string, onNotify: (payload: string) => void, options?: ListenOptions): Promise<Unlisten> {
    return this.#listener.add(checkChannel(channel), onNotify, options);
  }

  async notify(channel: string, payload: string): Promise<void> {
    await this.#pool.query(NOTIFY_SQL, [checkChannel(channel), payload]);
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      await this.#listener.close();
      await this.#pool.end();
    })();
    return this.#closing;
  }
}

/**
 * Opens a node-postgres pool on `connectionString` and checks that the server answers.
 * @throws whatever `pg` throws when the server cannot be reached (the pool is closed first).
 */
export async function openPgDatabase(options: PgDatabaseOptions): Promise<Database> {
  const max = positiveInteger('maxConnections', options.maxConnections, DEFAULT_PG_MAX_CONNECTIONS);
  const reconnectMs = positiveInteger(
    'listenReconnectMs',
    options.listenReconnectMs,
    DEFAULT_LISTEN_RECONNECT_MS,
  );
  const onBackgroundError = options.onBackgroundError ?? (() => undefined);
  const pool = new pg.Pool({ connectionString: options.connectionString, max });
  // An idle connection that dies emits on the pool; unhandled, that would end the process.
  pool.on('error', onBackgroundError);
  const listener = new PgListener({
    connectionString: options.connectionString,
    reconnectMs,
    onBackgroundError,
  });
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return new PgDatabase(pool, listener);
}
