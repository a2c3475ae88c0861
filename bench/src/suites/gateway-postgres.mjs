/**
 * A fresh PostgreSQL database for one bench run, dropped after it. The server is
 * `BENCH_POSTGRES_URL` (default the local one, trust auth); when it cannot be reached the
 * caller skips the PostgreSQL row with the reason.
 */
import pg from 'pg';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** `{ url, drop() }` of a new database, or `{ skipped: reason }` when the server is unreachable. */
export async function freshDatabase(serverUrl = process.env.BENCH_POSTGRES_URL || DEFAULT_POSTGRES_URL) {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    return { skipped: `PostgreSQL at ${redacted(serverUrl)} unreachable (${error.code ?? error.message})` };
  }
  const name = `mcpforge_bench_${process.pid}_${Date.now()}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.end().catch(() => {});
    return { skipped: `cannot create a database on ${redacted(serverUrl)} (${error.message})` };
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    async drop() {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** The URL without its password, for progress lines. */
function redacted(serverUrl) {
  try {
    const url = new URL(serverUrl);
    url.password = '';
    return `${url.host}${url.pathname}`;
  } catch {
    return 'BENCH_POSTGRES_URL';
  }
}
