import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/database.js';
import { migrate } from '../store/migrate.js';
import type { PgliteThread } from '../store/pglite-database.js';
import { createTestPgliteDatabase } from '../test-support/pglite-template.js';
import { HistoryWriter } from './history-writer.js';
import { recordFor } from './test-support/history-records.js';

/**
 * PGlite runs SQL synchronously in WASM: on the gateway's thread, every history batch stalls
 * every request for as long as it takes (tens of microseconds a row). On its worker thread the
 * event loop only posts the batch. The bound is generous (a shared, busy test machine adds its
 * own delays); a batch of BATCH_ROWS rows on the caller's thread blocks for several times it.
 */
const DELAY_P99_BOUND_MS = 50;
const BATCH_ROWS = 2_000;
const ROWS = 10_000;

/** Event-loop delay p99 (ms) while ROWS history rows are recorded at a high rate and written. */
async function delayWhileWriting(db: Database): Promise<number> {
  const record = await recordFor(db);
  const writer = new HistoryWriter(db, { batchRows: BATCH_ROWS, flushMs: 1_000 });
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  // Up to 5,000 calls a second (a busy gateway), recorded as the request path records them.
  for (let sent = 0; sent < ROWS; sent += 5) {
    for (let i = 0; i < 5; i++) writer.record(record(`load-${sent + i}`));
    await sleep(1);
  }
  await writer.close();
  histogram.disable();
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM invocation_history WHERE request_id LIKE 'load-%'`,
  );
  expect(rows[0]?.n).toBe(ROWS);
  return histogram.percentile(99) / 1e6;
}

describe('PGlite and the event loop while history is written under load', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close()));
  });

  async function open(thread: PgliteThread): Promise<Database> {
    const db = await createTestPgliteDatabase(thread);
    opened.push(db);
    await migrate(db);
    return db;
  }

  it(`on its worker thread, event-loop delay p99 stays under ${DELAY_P99_BOUND_MS} ms`, {
    timeout: 60_000,
  }, async () => {
    const p99 = await delayWhileWriting(await open('worker'));
    expect(p99).toBeLessThan(DELAY_P99_BOUND_MS);
  });

  it('on the caller thread (the old adapter), the same load blocks the event loop past that bound', {
    timeout: 60_000,
  }, async () => {
    // Shows the load is heavy enough for the bound above to mean something.
    const p99 = await delayWhileWriting(await open('main'));
    expect(p99).toBeGreaterThan(DELAY_P99_BOUND_MS);
  });
});
