import { readdir } from 'node:fs/promises';
import type { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestPgliteDatabase, readTestPgliteTemplate } from '../test-support/pglite-template.js';
import type { Database } from './database.js';
import { openPgliteDatabase } from './pglite-database.js';
import { openPgliteWorker, PgliteWorkerExitedError } from './pglite-worker-database.js';
import { isUniqueViolation, sqlState } from './sql-state.js';

/** What callers read of a database error. */
function shape(error: unknown): Record<string, unknown> {
  const { name, message, code, constraint, detail, severity, table } = error as Record<string, unknown>;
  return { isError: error instanceof Error, name, message, code, constraint, detail, severity, table };
}

const FAILING = [
  'INSERT INTO probe VALUES (1)',
  'SELECT 1/0',
  "SELECT 'x'::integer",
  'SELEC 1',
  'SELECT * FROM missing_table',
];

describe('PGlite on its worker thread', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close()));
  });

  async function open(thread: 'main' | 'worker'): Promise<Database> {
    const db = await createTestPgliteDatabase(thread);
    opened.push(db);
    await db.exec('CREATE TABLE probe (v integer CONSTRAINT probe_v UNIQUE); INSERT INTO probe VALUES (1)');
    return db;
  }

  // Opens two databases: slow on a busy machine.
  it('errors come back with the shape the in-thread adapter gives (SQLSTATE code, constraint, message)', {
    timeout: 60_000,
  }, async () => {
    const [main, worker] = await Promise.all([open('main'), open('worker')]);
    for (const sql of FAILING) {
      const expected = await main.query(sql).catch((error: unknown) => error);
      const actual = await worker.query(sql).catch((error: unknown) => error);
      expect(shape(actual)).toEqual(shape(expected));
      expect(sqlState(actual)).toMatch(/^[0-9A-Z]{5}$/);
    }
    const duplicate = await worker.query('INSERT INTO probe VALUES (1)').catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate, 'probe_v')).toBe(true);
    // Inside a transaction too, and the failed transaction rolls back.
    const inTx = await worker
      .transaction(async (tx) => {
        await tx.query('INSERT INTO probe VALUES (2)');
        await tx.query('INSERT INTO probe VALUES (1)');
      })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(inTx, 'probe_v')).toBe(true);
    expect((await worker.query('SELECT v FROM probe ORDER BY v')).rows).toEqual([{ v: 1 }]);
  });

  it('statements wait for an open transaction and then run in the order they were sent', async () => {
    const db = await open('worker');
    await db.exec('CREATE TABLE ordered (n serial, v text)');
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query("INSERT INTO ordered (v) VALUES ('tx')");
      await held;
    });
    const outside = ['a', 'b', 'c'].map((v) => db.query('INSERT INTO ordered (v) VALUES ($1)', [v]));
    release();
    await Promise.all([transaction, ...outside]);
    const { rows } = await db.query<{ v: string }>('SELECT v FROM ordered ORDER BY n');
    expect(rows.map((row) => row.v)).toEqual(['tx', 'a', 'b', 'c']);
  });

  it('a stopped subscription receives nothing more', async () => {
    const db = await open('worker');
    const received: string[] = [];
    const stop = await db.listen('worker_probe', (payload) => received.push(payload));
    await db.notify('worker_probe', 'one');
    await expect.poll(() => received).toEqual(['one']);
    await stop();
    await db.notify('worker_probe', 'two');
    await db.query('SELECT 1');
    expect(received).toEqual(['one']);
  });

  it('memory:// is in memory on both threads: nothing locked, nothing written, two opens at once', {
    timeout: 60_000,
  }, async () => {
    const loadDataDir = await readTestPgliteTemplate();
    const cwd = await readdir('.');
    const both = await Promise.all(
      (['worker', 'main'] as const).map((thread) =>
        openPgliteDatabase({ dataDir: 'memory://', loadDataDir, thread }),
      ),
    );
    opened.push(...both);
    for (const db of both) {
      await db.exec('CREATE TABLE only_here (v integer)');
      expect((await db.query('SELECT count(*)::integer AS n FROM only_here')).rows).toEqual([{ n: 0 }]);
    }
    expect(await readdir('.')).toEqual(cwd);
  });

  it('when the worker dies, pending and later calls reject with a clear error, and close still releases', async () => {
    const dump = await readTestPgliteTemplate();
    let worker!: Worker;
    let released = 0;
    const db = await openPgliteWorker(
      { loadDataDir: dump },
      async () => {
        released++;
      },
      (started) => {
        worker = started;
      },
    );
    let lost = 0;
    await db.listen('before_death', () => undefined, {
      onLost: () => {
        lost++;
      },
    });
    const pending = db.query('SELECT pg_sleep(30)');
    let inTransaction: Promise<unknown> | undefined;
    const transaction = db.transaction(async (tx) => {
      inTransaction = tx.query('SELECT 1');
      return inTransaction;
    });
    // As a crash of the thread would: the database is gone mid-statement.
    await worker.terminate();
    await expect(pending).rejects.toBeInstanceOf(PgliteWorkerExitedError);
    await expect(pending).rejects.toThrow(/PGlite worker thread exited/);
    await expect(transaction).rejects.toBeInstanceOf(PgliteWorkerExitedError);
    await expect(db.query('SELECT 1')).rejects.toMatchObject({ code: 'pglite_worker_exited' });
    await expect(db.listen('after_death', () => undefined)).rejects.toBeInstanceOf(PgliteWorkerExitedError);
    // A subscription learns that notifications stopped, as on a dropped node-postgres connection.
    expect(lost).toBe(1);
    await db.close();
    await db.close();
    expect(released).toBe(1);
  });
});
