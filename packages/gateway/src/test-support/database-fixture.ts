import type { Database, DatabaseKind } from '../store/database.js';
import { migrate } from '../store/migrate.js';
import { openPgDatabase } from '../store/pg-database.js';
import { createTestPgliteDatabase } from './pglite-template.js';
import { createScratchDatabase, type ScratchDatabase } from './postgres-server.js';

/** Options of a {@link DatabaseFixture}. */
export interface DatabaseFixtureOptions {
  /** Apply the gateway's migrations to `db()`. Default true. */
  migrate?: boolean | undefined;
}

/**
 * The databases of one test suite on one adapter: `db()` is set up before the suite's tests and
 * everything opened through the fixture is closed (and, on PostgreSQL, dropped) after them.
 */
export class DatabaseFixture {
  readonly kind: DatabaseKind;
  readonly #options: DatabaseFixtureOptions;
  readonly #opened: Database[] = [];
  readonly #scratch: ScratchDatabase[] = [];
  #db: Database | undefined;
  #url: string | undefined;

  constructor(kind: DatabaseKind, options: DatabaseFixtureOptions = {}) {
    this.kind = kind;
    this.#options = options;
  }

  /** The suite's database (migrated unless `migrate: false`). */
  db(): Database {
    if (this.#db === undefined) throw new Error('the database fixture is not set up (use it inside a test)');
    return this.#db;
  }

  /** Another connection pool on the suite's PostgreSQL database: a second gateway "replica". */
  async connectAgain(): Promise<Database> {
    if (this.#url === undefined) {
      throw new Error('PGlite is one in-process connection: a second replica needs PostgreSQL');
    }
    return this.#track(await openPgDatabase({ connectionString: this.#url }));
  }

  /** A new, empty database on the same adapter (not migrated), closed after the suite. */
  async fresh(): Promise<Database> {
    return (await this.freshWithUrl()).db;
  }

  /** {@link fresh} plus, on PostgreSQL, its URL (for more connections to it). */
  async freshWithUrl(): Promise<{ db: Database; url: string | undefined }> {
    if (this.kind === 'pglite') return { db: this.#track(await createTestPgliteDatabase()), url: undefined };
    const scratch = await createScratchDatabase();
    this.#scratch.push(scratch);
    const db = this.#track(await openPgDatabase({ connectionString: scratch.url }));
    return { db, url: scratch.url };
  }

  /** Opens another pool on a database made by {@link freshWithUrl}. */
  async connect(url: string): Promise<Database> {
    return this.#track(await openPgDatabase({ connectionString: url }));
  }

  async setUp(): Promise<void> {
    const { db, url } = await this.freshWithUrl();
    this.#db = db;
    this.#url = url;
    if (this.#options.migrate !== false) await migrate(db);
  }

  async tearDown(): Promise<void> {
    const closing = this.#opened.splice(0).map((db) => db.close().catch(() => undefined));
    await Promise.all(closing);
    for (const scratch of this.#scratch.splice(0)) await scratch.drop();
  }

  #track(db: Database): Database {
    this.#opened.push(db);
    return db;
  }
}
