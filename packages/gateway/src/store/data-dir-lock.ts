import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { GatewayError } from '../errors/gateway-error.js';

/**
 * PGlite lets two processes open one data directory, and both then write to the same files,
 * which corrupts the database. This lock file (holding the owner's pid) makes the second
 * opener fail with a clear error instead; a lock left by a process that is gone is taken over.
 * @module
 */

/** Name of the lock file inside a PGlite data directory. */
export const DATA_DIR_LOCK_FILE = 'mcpforge-gateway.lock';

/** Directories this process holds: a second open in the same process is refused too. */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function inUse(dataDir: string, pid: number): GatewayError {
  return new GatewayError(
    'data_dir_in_use',
    `the data directory ${dataDir} is in use by process ${pid}: stop it first, or run several ` +
      'gateway processes on one PostgreSQL database (--database-url) instead',
  );
}

/**
 * Takes the lock of `dataDir` (creating the directory) and returns its release.
 * @throws GatewayError `data_dir_in_use` while another live process, or this one, holds it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const directory = resolve(dataDir);
  if (held.has(directory)) throw inUse(directory, process.pid);
  await mkdir(directory, { recursive: true });
  const path = join(directory, DATA_DIR_LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const file = await open(path, 'wx');
      await file.writeFile(String(process.pid));
      await file.close();
      held.add(directory);
      return async () => {
        held.delete(directory);
        await unlink(path).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(owner) && owner !== process.pid && alive(owner)) throw inUse(directory, owner);
      // Left by a process that is gone (or by this one before a crash of its PGlite): take it over.
      await unlink(path).catch(() => undefined);
    }
  }
  throw inUse(directory, Number.NaN);
}
