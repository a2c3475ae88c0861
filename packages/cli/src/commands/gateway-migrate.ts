import { type Database, MIGRATIONS, migrate, openDatabase } from '@mcpforge/gateway';
import { JSON_FLAG } from '../admin/admin-flags.js';
import { CliError } from '../cli/cli-error.js';
import { DATABASE_FLAGS, DATABASE_URL_VARIABLE, databaseLocation } from '../cli/database-location.js';
import { type FlagSpec, flagHelp, parseCommandLine } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';

/**
 * `mcpforge gateway migrate`: brings a gateway database's schema up to date without starting a
 * gateway (a deploy step before new gateway processes start), one progress line per migration.
 * @module
 */

const MIGRATE_FLAGS: readonly FlagSpec[] = [...DATABASE_FLAGS, JSON_FLAG];

export const MIGRATE_USAGE = `Usage: mcpforge gateway migrate [flags]

Applies the gateway's pending migrations to its database, all in one transaction (every one
applies, or none), and reports what it applied and the schema version now. A line of progress
per migration goes to stderr. serve migrates at start as well; this is for a deploy that
migrates first. Two runs at once are safe: the second waits, then finds nothing to do.

The database is PostgreSQL (--database-url or ${DATABASE_URL_VARIABLE}) or the embedded PGlite in --data-dir
(the same default as serve). A PGlite directory must not be in use by a running gateway.

Flags:
${flagHelp(MIGRATE_FLAGS)}`;

export interface MigrateResult {
  database: 'postgres' | 'pglite';
  dataDir?: string | undefined;
  /** Migrations applied now, in order; empty when the schema was current. */
  applied: string[];
  /** The newest migration in the database now. */
  current: string | undefined;
  /** Every migration this CLI knows. */
  known: number;
}

export async function run(args: readonly string[], io: CliIo): Promise<CommandOutput<MigrateResult>> {
  const { flags } = parseCommandLine(args, { flags: MIGRATE_FLAGS }, 'mcpforge gateway migrate');
  const location = databaseLocation(flags, io.env);
  let db: Database;
  try {
    db =
      location.kind === 'postgres'
        ? await openDatabase({ databaseUrl: location.url, migrate: false })
        : await openDatabase({ dataDir: location.dataDir, migrate: false });
  } catch (error) {
    const where = location.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${location.dataDir}`;
    throw new CliError('migrate_failed', `could not open ${where}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    const result = await migrate(db, {
      onProgress: (event) => {
        if (event.type === 'done')
          io.progress(`migration ${event.id} applied (${Math.round(event.durationMs)} ms)`);
      },
    });
    return {
      result: {
        database: location.kind,
        ...(location.kind === 'pglite' ? { dataDir: location.dataDir } : {}),
        applied: result.applied,
        current: result.current,
        known: MIGRATIONS.length,
      },
    };
  } catch (error) {
    throw new CliError(
      'migrate_failed',
      `migrating failed, nothing was applied: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  } finally {
    await db.close();
  }
}

export function render(result: MigrateResult): string {
  const where = result.database === 'pglite' ? `PGlite in ${result.dataDir}` : 'PostgreSQL';
  const head =
    result.applied.length === 0
      ? `The schema of ${where} is current: nothing to apply.`
      : `Applied ${result.applied.length} migration${result.applied.length === 1 ? '' : 's'} to ${where}: ${result.applied.join(', ')}.`;
  return `${head}\nSchema version: ${result.current ?? 'none'} (${result.known} migrations known).`;
}
