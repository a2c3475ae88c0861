// The two adapters stay off this front door: `openDatabase` loads only the one it needs.
export {
  checkChannel,
  type Database,
  type DatabaseKind,
  type Queryable,
  type QueryResult,
  type Transaction,
  type Unlisten,
} from './database.js';
export {
  MIGRATION_LOCK_KEY,
  type MigrateOptions,
  type MigrateResult,
  type MigrationProgress,
  migrate,
} from './migrate.js';
export { checkMigrationList, type Migration, migrationChecksum } from './migration.js';
export { MIGRATIONS } from './migrations/index.js';
export { type OpenDatabaseOptions, openDatabase } from './open-database.js';
export { isUniqueViolation, sqlState } from './sql-state.js';
