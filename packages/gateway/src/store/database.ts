/**
 * The storage seam of the gateway: a few methods both adapters (node-postgres and PGlite) implement
 * the same way, with PostgreSQL's `$1` placeholders. Tables are owned by the modules that use
 * them; nothing here knows a table.
 * @module
 */

/** Rows of one statement. */
export interface QueryResult<Row> {
  rows: Row[];
}

/**
 * What runs SQL: the database itself or an open transaction.
 *
 * Value mapping, the same on both adapters: `integer` → number, `boolean`, `text`, `uuid` →
 * string, `timestamptz` → Date, `json`/`jsonb` → parsed (pass JSON parameters as
 * `JSON.stringify(value)` with a `$n::jsonb` cast), `text[]` → string[]. `bigint` (int8) differs
 * between the drivers (string vs number): cast it to `integer` in the SELECT.
 */
export interface Queryable {
  /** One parameterised statement. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** A script of several statements, without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** An open transaction: commits when the callback given to `transaction` resolves. */
export interface Transaction extends Queryable {
  /** Queues a notification; PostgreSQL delivers it when (and only if) the transaction commits. */
  notify(channel: string, payload: string): Promise<void>;
}

/** Stops a `listen` subscription. */
export type Unlisten = () => Promise<void>;

/**
 * What a `listen` subscriber is told besides notifications, so a cache kept fresh by them can
 * trust its entries for long while the subscription holds, and only then. node-postgres calls
 * them when its listening connection drops and returns; PGlite calls `onLost` only if its worker
 * thread dies (for good: no `onRestored`).
 */
export interface ListenOptions {
  /** The listening connection dropped: notifications from now on are lost until `onRestored`. */
  onLost?: (() => void) | undefined;
  /** Listening again after `onLost`: anything notified in between was missed (re-read it). */
  onRestored?: (() => void) | undefined;
}

/** Which adapter a database runs on. */
export type DatabaseKind = 'postgres' | 'pglite';

/**
 * A PostgreSQL database: a pool of connections (`pg`) or one embedded instance (PGlite).
 *
 * Inside `transaction(fn)` use only the transaction's `query`: on PGlite, which is a single
 * connection, a query on the database itself waits for the transaction to end, so awaiting one
 * inside the callback never returns.
 */
export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /**
   * Runs `fn` in a transaction: `COMMIT` when it resolves, `ROLLBACK` when it throws (and the
   * error is rethrown). Statements of other callers never interleave with it.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Subscribes to `channel` (PostgreSQL `LISTEN`; a lowercase identifier). Notifications from
   * every process on the database arrive, including this one's. On node-postgres the listening
   * connection is re-opened after it drops; notifications sent while it was down are lost, so a
   * cache kept fresh this way also needs a bounded age, or `options` to learn of the gap.
   */
  listen(channel: string, onNotify: (payload: string) => void, options?: ListenOptions): Promise<Unlisten>;
  /** Sends a notification now (outside any transaction). */
  notify(channel: string, payload: string): Promise<void>;
  /** Ends every connection. Idempotent. */
  close(): Promise<void>;
}

/** `pg_notify` takes the channel as a value, unlike `NOTIFY`, so both adapters can bind it. */
export const NOTIFY_SQL = 'SELECT pg_notify($1, $2)';

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Checks a `LISTEN` channel name: `LISTEN` takes an identifier, not a parameter, so only plain
 * lowercase identifiers are accepted (nothing to quote, nothing to inject).
 */
export function checkChannel(channel: string): string {
  if (!CHANNEL.test(channel)) {
    throw new TypeError(`channel: must match ${CHANNEL.source} (got ${JSON.stringify(channel)})`);
  }
  return channel;
}
