import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it, vi } from 'vitest';
import type { Database, Queryable } from '../store/database.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { listInvocations } from './history-table.js';
import { HistoryWriter } from './history-writer.js';
import { recordFor } from './test-support/history-records.js';

/** `db`, counting the INSERTs into invocation_history that pass through it. */
function countingInserts(db: Queryable): { db: Queryable; inserts: () => number } {
  let inserts = 0;
  return {
    db: {
      query: (sql, params) => {
        if (/^\s*INSERT INTO invocation_history\b/.test(sql)) inserts++;
        return db.query(sql, params);
      },
      exec: (sql) => db.exec(sql),
    },
    inserts: () => inserts,
  };
}

describeEachDatabase('HistoryWriter', (fixture) => {
  it('a burst of N calls is written in at most ceil(N / batchRows) + 1 INSERTs, and every row is kept', async () => {
    const db = fixture.db();
    const record = await recordFor(db);
    const counted = countingInserts(db);
    const batchRows = 20;
    const calls = 200;
    // The age bound never fires here: only the size bound and close() write.
    const writer = new HistoryWriter(counted.db, { flushMs: 3_600_000, batchRows });
    for (let i = 0; i < calls; i++) {
      writer.record(record(`burst-${i}`));
      // About 1,000 calls a second, as requests arrive, while batches are being written: a writer
      // that chases each round trip with the rows that came during it writes a few rows per INSERT.
      await sleep(1);
    }
    await writer.close();
    expect(counted.inserts()).toBeLessThanOrEqual(Math.ceil(calls / batchRows) + 1);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM invocation_history WHERE key_id = $1 AND request_id LIKE 'burst-%'`,
      [record('x').keyId],
    );
    expect(rows[0]?.n).toBe(calls);
  });

  it('a quiet gateway writes a lone call within flushMs (the age bound)', async () => {
    const db = fixture.db();
    const record = await recordFor(db);
    const counted = countingInserts(db);
    const writer = new HistoryWriter(counted.db, { flushMs: 20 });
    writer.record(record('lone'));
    await vi.waitFor(
      async () =>
        expect(
          (await listInvocations(db, { keyId: record('x').keyId })).map((row) => row.requestId),
        ).toContain('lone'),
      { timeout: 5_000 },
    );
    expect(counted.inserts()).toBe(1);
    await writer.close();
  });

  it('holds at most maxQueued rows, dropping the oldest and counting them; flush writes the rest in order', async () => {
    const db = fixture.db();
    const record = await recordFor(db);
    const writer = new HistoryWriter(db, { flushMs: 3_600_000, maxQueued: 2 });
    writer.record(record('first'));
    writer.record(record('second'));
    writer.record(record('third'));
    expect(writer.dropped).toBe(1);
    await writer.close();
    const keyId = record('x').keyId;
    const rows = await listInvocations(db, { keyId });
    expect(rows.map((row) => row.requestId).sort()).toEqual(['second', 'third']);
    expect(rows[0]?.durationMs).toBe(1);
  });

  it('a failed batch is reported and the next batch is still written', async () => {
    const db = fixture.db();
    const record = await recordFor(db);
    const errors: unknown[] = [];
    const writer = new HistoryWriter(db, { flushMs: 3_600_000, onError: (error) => errors.push(error) });
    // An outcome the table's CHECK refuses: the whole batch fails.
    writer.record({ ...record('broken'), outcome: 'not-an-outcome' as never });
    await writer.flush();
    expect(errors).toHaveLength(1);
    writer.record(record('after'));
    await writer.close();
    expect((await listInvocations(db, { keyId: record('x').keyId })).map((row) => row.requestId)).toEqual([
      'after',
    ]);
  });

  it('after close, a record is written at once', async () => {
    const db = fixture.db();
    const record = await recordFor(db);
    const writer = new HistoryWriter(db, { flushMs: 3_600_000 });
    await writer.close();
    writer.record(record('late'));
    await writer.flush();
    expect((await listInvocations(db, { keyId: record('x').keyId })).map((row) => row.requestId)).toEqual([
      'late',
    ]);
  });
});

it('refuses options that would stop every write', () => {
  const db = {} as Database;
  expect(() => new HistoryWriter(db, { flushMs: 0 })).toThrow(/^history\.flushMs/);
  expect(() => new HistoryWriter(db, { batchRows: Number.NaN })).toThrow(RangeError);
  expect(() => new HistoryWriter(db, { maxQueued: 1.5 })).toThrow(/^history\.maxQueued/);
});
