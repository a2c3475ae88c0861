import type { Database } from './database.js';
import { type MigrationProgress, migrate } from './migrate.js';
import type { PgliteThread } from './pglite-protocol.js';

/** Options of {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** A PostgreSQL URL (`postgres://...`): use that server through node-postgres. */
  databaseUrl?: string | undefined;
  /** Without `databaseUrl`: the embedded PGlite's data directory. Neither: PGlite in memory. */
  dataDir?: string | undefined;
  /**
   * PGlite: `'worker'` runs it on a worker thread, so its synchronous WASM never stalls the event
   * loop; `'main'` on this thread (only to measure the difference). @default 'worker'
   */
  pgliteThread?: PgliteThread | undefined;
  /** Apply pending migrations before returning. Default true. */
  migrate?: boolean | undefined;
  /** Progress of each migration applied now. */
  onMigration?: ((event: MigrationProgress) => void) | undefined;
  /** PostgreSQL: errors of idle or listening connections, which no caller awaits (log them). */
  onBackgroundError?: ((error: Error) => void) | undefined;
}

/**
 * Opens the gateway's database, PostgreSQL when a URL is given and PGlite otherwise, and brings
 * its schema up to date. Only the chosen driver is loaded.
 * @throws TypeError when both or empty locations are given; GatewayError from {@link migrate}.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const { databaseUrl, dataDir } = options;
  if (databaseUrl !== undefined && dataDir !== undefined) {
    throw new TypeError('databaseUrl and dataDir: give one (PostgreSQL) or the other (PGlite), not both');
  }
  if (databaseUrl !== undefined && databaseUrl.length === 0) {
    throw new TypeError('databaseUrl: must be a postgres:// URL (omit it to use the embedded PGlite)');
  }
  let db: Database;
  if (databaseUrl !== undefined) {
    const { openPgDatabase } = await import('./pg-database.js');
    db = await openPgDatabase({
      connectionString: databaseUrl,
      onBackgroundError: options.onBackgroundError,
    });
  } else {
    const { openPgliteDatabase } = await import('./pglite-database.js');
    db = await openPgliteDatabase({ dataDir, thread: options.pgliteThread });
  }
  if (options.migrate === false) return db;
  try {
    await migrate(db, { onProgress: options.onMigration });
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
