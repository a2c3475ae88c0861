import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { GatewayError } from '../errors/gateway-error.js';

/**
 * PGlite lets two processes open one data directory, and both then write to the same files,
 * which corrupts the database. This lock file (holding the owner's pid) makes the second
 * opener fail with a clear error instead; a lock left by a process that is gone is taken over.
 *
 * The lock appears whole: the pid is written to a file of this process's own, which is then
 * hard-linked to the lock's name (a link fails when the name exists). So the lock file never
 * exists empty, and no opener can mistake a lock being taken for a stale one (issue 19,
 * point 14: it used to be created, then written).
 * @module
 */

/** Name of the lock file inside a PGlite data directory. */
export const DATA_DIR_LOCK_FILE = 'mcpforge-gateway.lock';

/** Directories this process holds: a second open in the same process is refused too. */
const held = new Set<string>();

/** Rounds of trying before giving up: each round lost means another opener moved first. */
const MAX_ROUNDS = 400;
/** Wait between rounds while another opener is taking a stale lock over. */
const ROUND_WAIT_MS = 5;

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

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** What `link` fails with on a file system without hard links (FAT, some network mounts). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/** Links `from` to `to`; false when `to` exists. */
async function linkExclusive(from: string, to: string): Promise<boolean> {
  try {
    await link(from, to);
    return true;
  } catch (error) {
    if (code(error) === 'EEXIST') return false;
    if (!NO_HARD_LINKS.has(code(error) ?? '')) throw error;
  }
  // No hard links here: create-then-write, as exclusive but not whole (an opener reading the
  // lock at that instant may take it for a stale one); still far better than no lock.
  try {
    await writeFile(to, await readFile(from), { flag: 'wx' });
    return true;
  } catch (error) {
    if (code(error) === 'EEXIST') return false;
    throw error;
  }
}

/** The pid a lock file names, NaN for anything else, undefined when there is none. */
async function ownerOf(path: string): Promise<number | undefined> {
  const text = await readFile(path, 'utf8').catch((error: unknown) => {
    if (code(error) === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

function isLive(owner: number): boolean {
  return Number.isSafeInteger(owner) && owner !== process.pid && alive(owner);
}

/**
 * Removes the lock at `path` if its owner is gone, while holding the takeover lock
 * beside it: a lock is removed only by the one opener that holds the takeover lock and has
 * read it as stale under it, so a lock another opener has just taken is never removed (two
 * openers that both read the old lock as stale used to remove each other's).
 */
async function takeOver(path: string, draft: string): Promise<'retry' | number> {
  const takeover = `${path}.takeover`;
  if (!(await linkExclusive(draft, takeover))) {
    const holder = await ownerOf(takeover);
    if (holder !== undefined && !isLive(holder) && holder !== process.pid) {
      // A takeover cut short by a crash: only then is the takeover lock itself removed.
      await unlink(takeover).catch(() => undefined);
    }
    return 'retry';
  }
  try {
    const owner = await ownerOf(path);
    if (owner === undefined) return 'retry';
    if (isLive(owner)) return owner;
    // Under the takeover lock a lock of a process that is gone cannot change: only a takeover removes it.
    await unlink(path);
    return 'retry';
  } finally {
    await unlink(takeover).catch(() => undefined);
  }
}

/**
 * Takes the lock of `dataDir` (creating the directory) and returns its release.
 * @throws GatewayError `data_dir_in_use` while another live process, or this one, holds it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const directory = resolve(dataDir);
  if (held.has(directory)) throw inUse(directory, process.pid);
  // Held from now on, so a second open in this process started meanwhile is refused too.
  held.add(directory);
  let taken = false;
  const path = join(directory, DATA_DIR_LOCK_FILE);
  const mine = String(process.pid);
  const draft = `${path}.${mine}.${randomBytes(6).toString('hex')}.new`;
  try {
    await mkdir(directory, { recursive: true });
    await writeFile(draft, mine, { flag: 'wx' });
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      if (await linkExclusive(draft, path)) {
        taken = true;
        return async () => {
          held.delete(directory);
          await unlink(path).catch(() => undefined);
        };
      }
      const owner = await ownerOf(path);
      if (owner === undefined) continue; // released meanwhile: try again
      if (isLive(owner)) throw inUse(directory, owner);
      // Left by a process that is gone (or by this one before a crash of its PGlite): take it over.
      const outcome = await takeOver(path, draft);
      if (typeof outcome === 'number') throw inUse(directory, outcome);
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, ROUND_WAIT_MS));
    }
    throw inUse(directory, Number.NaN);
  } finally {
    if (!taken) held.delete(directory);
    await unlink(draft).catch(() => undefined);
  }
}
