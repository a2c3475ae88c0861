import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE } from './data-dir-lock.js';
import { openDatabase } from './open-database.js';

/** PGlite's first open of a directory and child processes take tens of seconds on a loaded machine. */
const SLOW_MS = 180_000;

const REGISTER = fileURLToPath(new URL('../../../../test-support/ts-hooks/register.mjs', import.meta.url));
const CHILD = fileURLToPath(new URL('./test-support/lock-child.ts', import.meta.url));

function lockChild(...args: string[]): {
  child: ChildProcessWithoutNullStreams;
  lines: AsyncIterator<string>;
} {
  const child = spawn(process.execPath, ['--import', REGISTER, CHILD, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) process.stderr.write(`lock child exited ${code}: ${stderr}\n`);
  });
  return { child, lines: createInterface({ input: child.stdout })[Symbol.asyncIterator]() };
}

async function nextLine(lines: AsyncIterator<string>): Promise<string> {
  const next = await lines.next();
  if (next.done === true) throw new Error('the lock child ended without a line');
  return next.value;
}

const directories: string[] = [];

async function dataDir(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'mcpforge-gateway-lock-'));
  directories.push(directory);
  return directory;
}

describe('the PGlite data directory lock', () => {
  afterAll(async () => {
    for (const directory of directories) await rm(directory, { recursive: true, force: true });
  });

  it(
    'a second open of an open data directory is refused, and allowed once it is closed',
    async () => {
      const directory = await dataDir();
      const db = await openDatabase({ dataDir: directory, migrate: false });
      expect(await readFile(join(directory, DATA_DIR_LOCK_FILE), 'utf8')).toBe(String(process.pid));
      await expect(openDatabase({ dataDir: directory, migrate: false })).rejects.toMatchObject({
        code: 'data_dir_in_use',
      });
      await db.close();
      const again = await openDatabase({ dataDir: directory, migrate: false });
      await again.close();
    },
    SLOW_MS,
  );

  it(
    "refuses a directory another live process holds, naming it, and takes over a dead process's lock",
    async () => {
      const directory = await dataDir();
      // The test runner that started this process is alive for the whole test.
      await writeFile(join(directory, DATA_DIR_LOCK_FILE), String(process.ppid));
      await expect(openDatabase({ dataDir: directory, migrate: false })).rejects.toMatchObject({
        code: 'data_dir_in_use',
        message: expect.stringContaining(`in use by process ${process.ppid}`),
      });
      const gone = spawnSync(process.execPath, ['-e', '']).pid!;
      await writeFile(join(directory, DATA_DIR_LOCK_FILE), String(gone));
      const db = await openDatabase({ dataDir: directory, migrate: false });
      expect(await readFile(join(directory, DATA_DIR_LOCK_FILE), 'utf8')).toBe(String(process.pid));
      await db.close();
    },
    SLOW_MS,
  );

  it(
    'the lock file never exists without its pid, so no opener reads a lock being taken as stale',
    async () => {
      const directory = await dataDir();
      const path = join(directory, DATA_DIR_LOCK_FILE);
      // Another process takes and releases the lock in a loop while this one keeps reading it:
      // the lock used to be created empty and written after, and an opener reading it then took
      // it over as a dead process's.
      const { child, lines } = lockChild(directory, 'cycle', '3000');
      const seen = new Set<string>();
      let finished = false;
      const done = nextLine(lines).then((line) => {
        finished = true;
        return line;
      });
      while (!finished) {
        const text = await readFile(path, 'utf8').catch(() => undefined);
        if (text !== undefined) seen.add(text);
      }
      expect(await done).toBe('done');
      await once(child, 'exit');
      expect([...seen].filter((text) => text !== String(child.pid))).toEqual([]);
      expect(await readdir(directory)).toEqual([]);
    },
    SLOW_MS,
  );

  it(
    'of several processes opening one directory at once, exactly one gets it',
    async () => {
      const directory = await dataDir();
      // A stale lock left by a dead process, so every opener also races to take it over.
      const gone = spawnSync(process.execPath, ['-e', '']).pid!;
      await writeFile(join(directory, DATA_DIR_LOCK_FILE), String(gone));
      const children = Array.from({ length: 6 }, () => lockChild(directory, 'race'));
      try {
        for (const { lines } of children) expect(await nextLine(lines)).toBe('ready');
        for (const { child } of children) child.stdin.write('go\n');
        const outcomes = await Promise.all(children.map(({ lines }) => nextLine(lines)));
        expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1);
        expect(outcomes.filter((outcome) => outcome !== 'won')).toEqual(
          Array.from({ length: 5 }, () => 'lost data_dir_in_use'),
        );
      } finally {
        for (const { child } of children) child.stdin.end();
        await Promise.all(children.map(({ child }) => once(child, 'exit')));
      }
      expect(await readdir(directory)).toEqual([]);
    },
    SLOW_MS,
  );
});
