import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE } from './data-dir-lock.js';
import { openDatabase } from './open-database.js';

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

  it('a second open of an open data directory is refused, and allowed once it is closed', async () => {
    const directory = await dataDir();
    const db = await openDatabase({ dataDir: directory, migrate: false });
    expect(await readFile(join(directory, DATA_DIR_LOCK_FILE), 'utf8')).toBe(String(process.pid));
    await expect(openDatabase({ dataDir: directory, migrate: false })).rejects.toMatchObject({
      code: 'data_dir_in_use',
    });
    await db.close();
    const again = await openDatabase({ dataDir: directory, migrate: false });
    await again.close();
  });

  it("refuses a directory another live process holds, naming it, and takes over a dead process's lock", async () => {
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
  });
});
