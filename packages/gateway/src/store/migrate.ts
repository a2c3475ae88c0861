import { GatewayError } from '../errors/gateway-error.js';
import type { Database, Transaction } from './database.js';
import { checkMigrationList, type Migration, migrationChecksum } from './migration.js';
import { MIGRATIONS } from './migrations/index.js';

/**
 * Key of the transaction-scoped advisory lock that serialises migrations: two gateways starting
 * together on one database apply each migration once, the second waiting for the first.
 * (The first 8 bytes of sha256('mcpforge.gateway.migrations'), as a signed bigint.)
 */
export const MIGRATION_LOCK_KEY = '-3588418513592158727';

/** Progress of {@link migrate}: a migration starts, then is done in `durationMs`. */
export type MigrationProgress =
  | { readonly type: 'start'; readonly id: string }
  | { readonly type: 'done'; readonly id: string; readonly durationMs: number };

/** Options of {@link migrate}. */
export interface MigrateOptions {
  /** The steps the code knows, in order. Default: the gateway's own. */
  migrations?: readonly Migration[] | undefined;
  /** Called before and after each migration applied now (`applying 0001_catalog ... ok (12 ms)`). */
  onProgress?: ((event: MigrationProgress) => void) | undefined;
}

/** What {@link migrate} did. */
export interface MigrateResult {
  /** Ids applied by this call, in order; empty when the schema was current. */
  applied: string[];
  /** Id of the newest migration now in the database, or undefined for an empty list. */
  current: string | undefined;
}

interface AppliedRow {
  id: string;
  checksum: string;
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  id text PRIMARY KEY,
  checksum text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/**
 * Brings the schema up to date in one transaction: every pending migration applies, or none.
 * @throws GatewayError `database_newer_than_code` when the database holds a migration this code
 *   does not know, `migration_modified` when an applied migration's SQL changed since, and
 *   `migration_failed` (with the database error as `cause`) when a migration's SQL fails.
 */
export async function migrate(db: Database, options: MigrateOptions = {}): Promise<MigrateResult> {
  const migrations = options.migrations ?? MIGRATIONS;
  checkMigrationList(migrations);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await tx.exec(CREATE_TABLE);
    const { rows } = await tx.query<AppliedRow>('SELECT id, checksum FROM schema_migrations ORDER BY id');
    checkApplied(rows, migrations);
    const done = new Set(rows.map((row) => row.id));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      await applyOne(tx, migration, options.onProgress);
      applied.push(migration.id);
    }
    return { applied, current: migrations.at(-1)?.id };
  });
}

function checkApplied(rows: readonly AppliedRow[], migrations: readonly Migration[]): void {
  const known = new Map(migrations.map((migration) => [migration.id, migration]));
  const unknown = rows.filter((row) => !known.has(row.id)).map((row) => row.id);
  if (unknown.length > 0) {
    const codeVersion = migrations.at(-1)?.id ?? 'none';
    const databaseVersion = unknown.at(-1) ?? 'none';
    throw new GatewayError(
      'database_newer_than_code',
      `the database schema is at migration ${databaseVersion}, but this gateway knows migrations up to ` +
        `${codeVersion} (unknown: ${unknown.join(', ')}); run a gateway version that includes ` +
        `${databaseVersion}, or point this one at another database`,
    );
  }
  for (const row of rows) {
    const migration = known.get(row.id);
    if (migration !== undefined && migrationChecksum(migration) !== row.checksum) {
      throw new GatewayError(
        'migration_modified',
        `migration ${row.id} was applied with checksum ${row.checksum}, but this gateway's copy has ` +
          `${migrationChecksum(migration)}: applied migrations are never edited; restore the original ` +
          'and add the change as a new migration',
      );
    }
  }
}

async function applyOne(
  tx: Transaction,
  migration: Migration,
  onProgress: MigrateOptions['onProgress'],
): Promise<void> {
  onProgress?.({ type: 'start', id: migration.id });
  const started = performance.now();
  try {
    await tx.exec(migration.sql);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new GatewayError('migration_failed', `migration ${migration.id} failed: ${reason}`, {
      cause: error,
    });
  }
  await tx.query('INSERT INTO schema_migrations (id, checksum) VALUES ($1, $2)', [
    migration.id,
    migrationChecksum(migration),
  ]);
  onProgress?.({ type: 'done', id: migration.id, durationMs: performance.now() - started });
}
