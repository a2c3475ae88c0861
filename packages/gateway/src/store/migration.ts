import { createHash } from 'node:crypto';

/**
 * One schema step. `id` is `NNNN_name`, numbered from 0001 without gaps; once a migration is
 * committed its SQL is never edited (the database records its checksum and refuses a change):
 * a fix is a new migration.
 */
export interface Migration {
  readonly id: string;
  readonly sql: string;
}

const MIGRATION_ID = /^(\d{4})_[a-z0-9]+(_[a-z0-9]+)*$/;

/** The sha256 (hex) of a migration's SQL, as recorded in `schema_migrations.checksum`. */
export function migrationChecksum(migration: Migration): string {
  return createHash('sha256').update(migration.sql, 'utf8').digest('hex');
}

/**
 * Checks that `migrations` are numbered 0001, 0002, ... in order with well-formed ids.
 * @throws TypeError naming the first bad id (a mistake in the code, not in the database).
 */
export function checkMigrationList(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    const match = MIGRATION_ID.exec(migration.id);
    if (match === null) {
      throw new TypeError(`migration id ${JSON.stringify(migration.id)}: must look like 0001_name`);
    }
    if (Number(match[1]) !== index + 1) {
      throw new TypeError(
        `migration ${migration.id}: expected number ${String(index + 1).padStart(4, '0')} at position ${index + 1}`,
      );
    }
  });
}
