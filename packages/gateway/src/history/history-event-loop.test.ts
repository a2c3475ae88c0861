import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/database.js';
import { migrate } from '../store/migrate.js';
import type { PgliteThread } from '../store/pglite-database.js';
import { longestTurnCpuMs } from '../test-support/event-loop-turns.js';
import { createTestPgliteDatabase } from '../test-support/pglite-template.js';
import { HistoryWriter } from './history-writer.js';
import { recordFor } from './test-support/history-records.js';

/**
 * PGlite runs SQL synchronously in WASM: on the gateway's thread, every history batch stalls
 * every request for as long as it takes (tens of microseconds a row). On its worker thread the
 * event loop only posts the batch. A busy test machine adds delays of its own, so the worker's
 * delay is compared with the same timers' delay without any database work, measured just before
 * (the bound is the margin over it); the old adapter is shown to block by the CPU time one turn
 * of its event loop takes, which a busy machine does not inflate.
 */
const DELAY_MARGIN_MS = 50;
const BATCH_ROWS = 2_000;
const ROWS = 10_000;

/** The calls of a busy gateway: up to 5,000 a second, each handed to `record`. */
async function drive(record: (requestId: string) => void): Promise<void> {
  for (let sent = 0; sent < ROWS; sent += 5) {
    for (let i = 0; i < 5; i++) record(`load-${sent + i}`);
    await sleep(1);
  }
}

/** Event-loop delay p99 (ms) while `work` runs. */
async function delayP99(work: () => Promise<void>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    await work();
  } finally {
    histogram.disable();
  }
  return histogram.percentile(99) / 1e6;
}

/** Records ROWS history rows at a high rate and writes them all. */
async function writeUnderLoad(db: Database): Promise<void> {
  const record = await recordFor(db);
  const writer = new HistoryWriter(db, { batchRows: BATCH_ROWS, flushMs: 1_000 });
  await drive((requestId) => writer.record(record(requestId)));
  await writer.close();
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM invocation_history WHERE request_id LIKE 'load-%'`,
  );
  expect(rows[0]?.n).toBe(ROWS);
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

  it(`on its worker thread, event-loop delay p99 stays within ${DELAY_MARGIN_MS} ms of the same load without a database`, {
    timeout: 120_000,
  }, async () => {
    const db = await open('worker');
    const baseline = await delayP99(() => drive(() => undefined));
    const p99 = await delayP99(() => writeUnderLoad(db));
    expect(p99).toBeLessThan(baseline + DELAY_MARGIN_MS);
  });

  it('on the caller thread (the old adapter), one turn of the event loop runs a whole batch', {
    timeout: 120_000,
  }, async () => {
    // Shows the load is heavy enough for the bound above to mean something: a batch of
    // BATCH_ROWS rows holds the event loop for well over the margin.
    const db = await open('main');
    expect(await longestTurnCpuMs(() => writeUnderLoad(db))).toBeGreaterThan(DELAY_MARGIN_MS);
  });
});
