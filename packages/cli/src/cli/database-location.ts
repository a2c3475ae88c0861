import { CliError } from './cli-error.js';
import type { FlagSpec, FlagValues } from './flags.js';

/**
 * Which database a command opens: PostgreSQL from `--database-url` or `DATABASE_URL`, else the
 * embedded PGlite in `--data-dir` (default `.mcpforge/gateway-data`), as `serve` chooses it.
 * @module
 */

export const DATABASE_URL_VARIABLE = 'DATABASE_URL';
export const DEFAULT_PGLITE_DIR = '.mcpforge/gateway-data';

export const DATABASE_FLAGS: readonly FlagSpec[] = [
  {
    name: 'database-url',
    value: 'URL',
    description: `PostgreSQL to use (or ${DATABASE_URL_VARIABLE}); without it the embedded PGlite`,
    example: 'postgres://gateway@127.0.0.1:5432/gateway',
  },
  {
    name: 'data-dir',
    value: 'DIR',
    description: `PGlite's data directory (default ${DEFAULT_PGLITE_DIR})`,
    example: './gateway-data',
  },
];

export type DatabaseLocation = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/**
 * The database `flags` and `env` name; a flag beats the variable (`--data-dir` uses PGlite even
 * with `DATABASE_URL` set).
 * @throws CliError `conflicting_flags`, `invalid_value`.
 */
export function databaseLocation(
  flags: FlagValues,
  env: Readonly<Record<string, string | undefined>>,
): DatabaseLocation {
  const givenUrl = flags['database-url'];
  const dataDir = flags['data-dir'];
  if (typeof givenUrl === 'string' && typeof dataDir === 'string') {
    throw new CliError(
      'conflicting_flags',
      '--database-url and --data-dir exclude each other: give --database-url for PostgreSQL or --data-dir for the embedded PGlite',
    );
  }
  const envUrl = env[DATABASE_URL_VARIABLE];
  const url =
    typeof givenUrl === 'string'
      ? givenUrl
      : dataDir === undefined && envUrl !== undefined && envUrl !== ''
        ? envUrl
        : undefined;
  if (url === undefined)
    return { kind: 'pglite', dataDir: typeof dataDir === 'string' ? dataDir : DEFAULT_PGLITE_DIR };
  if (!/^postgres(ql)?:\/\//.test(url)) {
    const source = typeof givenUrl === 'string' ? '--database-url' : DATABASE_URL_VARIABLE;
    throw new CliError(
      'invalid_value',
      `${source} must be a postgres:// URL, e.g. postgres://gateway@127.0.0.1:5432/gateway`,
    );
  }
  return { kind: 'postgres', url };
}
