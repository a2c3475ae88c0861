import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../store/database.js';
import { openPgliteDatabase, type PgliteThread } from '../store/pglite-database.js';

/**
 * A new in-memory PGlite database for a test, on a worker thread as the gateway runs it (or on
 * this thread with `thread: 'main'`), started from the cached template.
 */
export async function createTestPgliteDatabase(thread: PgliteThread = 'worker'): Promise<Database> {
  const dump = await readFile(cachePath()).catch(() => undefined);
  if (dump !== undefined) {
    try {
      return await openPgliteDatabase({ loadDataDir: dump, thread });
    } catch {
      // An unreadable dump (another PGlite build): make a new one below.
    }
  }
  return openPgliteDatabase({ loadDataDir: await readTestPgliteTemplate(true), thread });
}

/** The cached template (a gzip tarball of a fresh data directory), made first when missing or `renew`. */
export async function readTestPgliteTemplate(renew = false): Promise<Uint8Array> {
  const dump = renew ? undefined : await readFile(cachePath()).catch(() => undefined);
  if (dump !== undefined) return dump;
  await (await createTestPglite(renew)).close();
  return readFile(cachePath());
}

/**
 * A new in-memory PGlite instance on this thread. Its `initdb` costs seconds of CPU, so the
 * first one is dumped to a cache file (per PGlite version, in the temp directory) and the next
 * ones, in any test process, start from that dump, several times faster.
 */
export async function createTestPglite(renew = false): Promise<PGlite> {
  const path = cachePath();
  const dump = renew ? undefined : await readFile(path).catch(() => undefined);
  if (dump !== undefined) {
    try {
      return await PGlite.create({ loadDataDir: new Blob([dump]) });
    } catch {
      // An unreadable dump (another PGlite build): make a new one below.
    }
  }
  const instance = await PGlite.create();
  const fresh = await instance.dumpDataDir('gzip');
  // Written aside, then renamed: a parallel test process reads a whole dump or none.
  const partial = `${path}.${process.pid}.tmp`;
  await writeFile(partial, new Uint8Array(await fresh.arrayBuffer()));
  await rename(partial, path);
  return instance;
}

function cachePath(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite');
  const manifest = require(join(dirname(entry), '..', 'package.json')) as { version: string };
  return join(tmpdir(), `mcpforge-test-pglite-${manifest.version}.tar.gz`);
}
