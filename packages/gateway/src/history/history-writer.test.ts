import { expect, it } from 'vitest';
import { loadPublishedCatalog } from '../catalog/published-catalog.js';
import { getWorkspace } from '../catalog/workspaces-table.js';
import type { Database } from '../store/database.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { seedAgent } from '../test-support/gateway-fixture.js';
import { startUpstream } from '../test-support/upstream-server.js';
import type { InvocationRecord } from './history-table.js';
import { listInvocations } from './history-table.js';
import { HistoryWriter } from './history-writer.js';

async function recordFor(db: Database): Promise<(requestId: string) => InvocationRecord> {
  const upstream = await startUpstream();
  const seeded = await seedAgent(db, upstream);
  await upstream.close();
  const catalog = await loadPublishedCatalog(db, seeded.workspace, seeded.agent);
  const workspace = await getWorkspace(db, seeded.workspace);
  return (requestId) => ({
    keyId: seeded.keyId,
    workspaceId: workspace.id,
    agentId: catalog.agentId,
    agentVersionId: catalog.agentVersionId,
    operationVersionId: catalog.tools[0]?.operationVersionId ?? null,
    tool: 'frankfurter_latest_rate',
    era: 'legacy',
    calledAt: new Date(),
    requestId,
    traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
    outcome: 'success',
    errorCode: null,
    durationMs: 1.4,
    handshakeComplete: false,
  });
}

describeEachDatabase('HistoryWriter', (fixture) => {
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
