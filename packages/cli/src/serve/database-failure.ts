/**
 * A database that cannot be opened, said with the fix (issue 22, point 6): PostgreSQL without
 * the named database (`createdb`), PostgreSQL not answering (a raw `ECONNREFUSED` before). The
 * URL is never shown whole: it may hold a password; only its host, port and database name are.
 * @module
 */

/** PostgreSQL's SQLSTATE for a database that does not exist (`invalid_catalog_name`). */
const NO_SUCH_DATABASE = '3D000';

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return code;
  // node-postgres rejects a refused connection to every address with an AggregateError.
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const found = codeOf(inner);
      if (found !== undefined) return found;
    }
  }
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  return cause === undefined || cause === error ? undefined : codeOf(cause);
}

function parts(databaseUrl: string): { host: string; port: string; database: string; user: string } {
  try {
    const url = new URL(databaseUrl);
    return {
      host: url.hostname === '' ? 'localhost' : url.hostname,
      port: url.port === '' ? '5432' : url.port,
      database: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres',
      user: decodeURIComponent(url.username) || 'postgres',
    };
  } catch {
    return { host: 'localhost', port: '5432', database: 'postgres', user: 'postgres' };
  }
}

/**
 * The sentence for a PostgreSQL open that failed in a way a person fixes outside mcpforge, or
 * undefined for any other failure (its own message is clear enough).
 */
export function postgresFailure(error: unknown, databaseUrl: string | undefined): string | undefined {
  if (databaseUrl === undefined) return undefined;
  const code = codeOf(error);
  const { host, port, database, user } = parts(databaseUrl);
  if (code === NO_SUCH_DATABASE) {
    return `PostgreSQL at ${host}:${port} has no database "${database}": create it with 'createdb -h ${host} -p ${port} -U ${user} ${database}' (the gateway makes its tables itself), or name one that exists in --database-url / DATABASE_URL`;
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === 'ETIMEDOUT') {
    const what = code === 'ENOTFOUND' ? `no host named '${host}'` : `nothing answers at ${host}:${port}`;
    return `cannot reach PostgreSQL (${what}, ${code}): start PostgreSQL or fix the host and port in --database-url / DATABASE_URL; without a URL the gateway uses its embedded PGlite`;
  }
  return undefined;
}
