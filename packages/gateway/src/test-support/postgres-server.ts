import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Overrides the server the tests use: a URL of a database the tests may create databases from. */
export const TEST_POSTGRES_URL_ENV = 'MCPFORGE_TEST_POSTGRES_URL';

/** The CI machine's PostgreSQL: 127.0.0.1:5432, user postgres, trust auth. */
export const DEFAULT_TEST_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** How to start that server when it is down (also in `.ci/run`). */
export const START_POSTGRES_HINT = 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start';

/** A database created for one test suite. */
export interface ScratchDatabase {
  readonly name: string;
  readonly url: string;
  /** Drops it, ending any connection still open to it. */
  drop(): Promise<void>;
}

/** The server URL from {@link TEST_POSTGRES_URL_ENV}, else {@link DEFAULT_TEST_POSTGRES_URL}. */
export function testPostgresUrl(): string {
  return process.env[TEST_POSTGRES_URL_ENV] ?? DEFAULT_TEST_POSTGRES_URL;
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  // A refused connection also emits 'error'; the rejected connect() below reports it.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `PostgreSQL is not reachable at ${new URL(serverUrl).host} (${reason}). The gateway tests run ` +
        `on PGlite and on a real PostgreSQL; start it with: ${START_POSTGRES_HINT} ` +
        `(or set ${TEST_POSTGRES_URL_ENV} to another server)`,
      { cause: error },
    );
  }
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty database `gw_<random>` on the test server, so test files run in parallel
 * without seeing each other's rows.
 * @throws Error saying how to start PostgreSQL when the server cannot be reached.
 */
export async function createScratchDatabase(serverUrl: string = testPostgresUrl()): Promise<ScratchDatabase> {
  const name = `gw_${randomBytes(6).toString('hex')}`;
  // The name is ours (hex), so it is safe to splice into the statement.
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  let dropped = false;
  return {
    name,
    url: withDatabase(serverUrl, name),
    async drop() {
      if (dropped) return;
      dropped = true;
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
