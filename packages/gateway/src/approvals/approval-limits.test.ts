import { canonicalJson } from '@mcpforge/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveAgent } from '../catalog/agents-table.js';
import { archiveOperation } from '../catalog/operations-table.js';
import type { Executor } from '../execute/executor.js';
import { HistoryWriter } from '../history/history-writer.js';
import { createKey, revokeKey } from '../keys/api-keys-table.js';
import { migrate } from '../store/migrate.js';
import { MIGRATIONS } from '../store/migrations/index.js';
import type { DatabaseFixture } from '../test-support/database-fixture.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';
import {
  requestInput,
  type SeededApprovalAgent,
  seedApprovalAgent,
  testExecutor,
} from './approval-fixture.js';
import {
  DEFAULT_MAX_ARGUMENTS_BYTES,
  DEFAULT_MAX_PENDING_PER_AGENT,
  DEFAULT_MAX_PENDING_PER_KEY,
  DEFAULT_RETENTION_MS,
  readApprovalLimits,
} from './approval-limits.js';
import { ApprovalRefusal } from './approval-refusal.js';
import { ApprovalService, type ApprovalServiceOptions, idempotencyKeyOf } from './approval-service.js';

/** A clock a test moves by hand. */
function manualClock(start = Date.now()): { now: () => Date; advance: (ms: number) => void } {
  let at = start;
  return { now: () => new Date(at), advance: (ms) => (at += ms) };
}

/** The refusal `promise` rejects with, or a failure naming what it resolved to. */
async function refusal(promise: Promise<unknown>): Promise<ApprovalRefusal> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(ApprovalRefusal);
  return outcome.error as ApprovalRefusal;
}

describe('readApprovalLimits', () => {
  it('fills the documented defaults and refuses a value that is not a positive integer, naming it', () => {
    expect(readApprovalLimits(undefined)).toEqual({
      maxPendingPerKey: 50,
      maxPendingPerAgent: 500,
      maxArgumentsBytes: 65_536,
      retentionMs: 90 * 24 * 3600 * 1000,
    });
    expect(DEFAULT_MAX_PENDING_PER_KEY).toBe(50);
    expect(DEFAULT_MAX_PENDING_PER_AGENT).toBe(500);
    expect(DEFAULT_MAX_ARGUMENTS_BYTES).toBe(64 * 1024);
    expect(DEFAULT_RETENTION_MS).toBe(90 * 86_400_000);
    expect(readApprovalLimits({ maxPendingPerKey: 3 }).maxPendingPerKey).toBe(3);
    for (const bad of [0, -1, 1.5, Number.NaN, '5' as unknown as number]) {
      expect(() => readApprovalLimits({ retentionMs: bad }, 'approvals.')).toThrow(/^approvals\.retentionMs/);
    }
  });
});

describeEachDatabase('approval limits (issue 19)', (fixture: DatabaseFixture) => {
  let upstream: TestUpstream;
  const services: ApprovalService[] = [];
  const histories: HistoryWriter[] = [];
  const executors: Executor[] = [];

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(201, { 'content-type': 'application/json' }).end('{"invoice":"inv_1"}');
    });
  });
  afterAll(async () => {
    for (const service of services) await service.close();
    for (const history of histories) await history.close();
    for (const executor of executors) await executor.close();
    await upstream?.close();
  });

  function service(options: Partial<ApprovalServiceOptions> = {}): ApprovalService {
    const db = fixture.db();
    const history = new HistoryWriter(db);
    histories.push(history);
    const executor = testExecutor(db);
    executors.push(executor);
    const created = new ApprovalService({ db, executor, history, ...options });
    services.push(created);
    return created;
  }

  /** A workspace of its own, so quotas and archiving touch no other test. */
  const seed = () => seedApprovalAgent(fixture.db(), upstream);
  const scopeOf = (seeded: SeededApprovalAgent) => ({
    workspaceId: seeded.workspaceId,
    agentId: seeded.agentId,
  });
  const rowsOf = async (seeded: SeededApprovalAgent) =>
    (
      await fixture
        .db()
        .query<{ id: string; status: string; arguments: unknown }>(
          'SELECT id, status, arguments FROM approval_requests WHERE agent_id = $1',
          [seeded.agentId],
        )
    ).rows;
  const receivedFor = (id: string) =>
    upstream.requests.filter((request) => request.headers['idempotency-key'] === idempotencyKeyOf(id));

  it('40 calls with 3 MiB of arguments store nothing: each is refused before the database (the default bound)', async () => {
    const seeded = await seed();
    const approvals = service();
    const big = 'x'.repeat(3 * 1024 * 1024);
    for (let i = 0; i < 40; i++) {
      const refused = await refusal(
        approvals.request(requestInput(seeded, { customer: `c${i}`, amount: 1, details: { big } })),
      );
      expect(refused.code).toBe('approval_arguments_too_large');
    }
    expect(await rowsOf(seeded)).toEqual([]);
  });

  it('maxArgumentsBytes bounds the stored arguments as UTF-8 JSON: at the bound is kept, one byte over is refused', async () => {
    const seeded = await seed();
    const approvals = service({ maxArgumentsBytes: 200 });
    const base = { customer: 'c', amount: 1, details: { text: '' } };
    const overhead = Buffer.byteLength(JSON.stringify(base), 'utf8');
    const room = 200 - overhead;
    const text = `${'é'.repeat(Math.floor(room / 2))}${room % 2 === 1 ? 'x' : ''}`;
    const atBound = { ...base, details: { text } };
    expect(Buffer.byteLength(JSON.stringify(atBound), 'utf8')).toBe(200);
    const kept = await approvals.request(requestInput(seeded, atBound));
    expect(kept.created).toBe(true);
    const over = { ...base, details: { text: `${text}x` } };
    expect((await refusal(approvals.request(requestInput(seeded, over)))).code).toBe(
      'approval_arguments_too_large',
    );
    // Control fields are not stored, so they do not count.
    const withToken = { ...atBound, customer: 'd', _mcpforge_confirmation_token: 'y'.repeat(500) };
    expect((await approvals.request(requestInput(seeded, withToken))).created).toBe(true);
    expect(await rowsOf(seeded)).toHaveLength(2);
  });

  it('a key may have maxPendingPerKey requests waiting; the next is approval_queue_full, an identical call still gets its request', async () => {
    const seeded = await seed();
    const clock = manualClock();
    const approvals = service({ maxPendingPerKey: 3, now: clock.now });
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await approvals.request(requestInput(seeded, { customer: `k${i}`, amount: 1 })));
    const full = await refusal(approvals.request(requestInput(seeded, { customer: 'k3', amount: 1 })));
    expect(full.code).toBe('approval_queue_full');
    expect(full.message).toMatch(/requesting key has 3 requests waiting/);
    // The same call again is not a new request: it is answered, queue full or not.
    const again = await approvals.request(requestInput(seeded, { customer: 'k1', amount: 1 }));
    expect(again).toMatchObject({ created: false, record: { id: made[1]!.record.id } });
    // Another key of the same agent has its own quota.
    const other = await createKey(fixture.db(), {
      type: 'mcp_client',
      name: 'second client',
      workspace: seeded.workspace,
      agent: seeded.agent,
    });
    const byOther = await approvals.request({
      ...requestInput(seeded, { customer: 'k3', amount: 1 }),
      keyId: other.key.id,
    });
    expect(byOther.created).toBe(true);
    // A decision frees a place.
    await approvals.deny(scopeOf(seeded), made[0]!.record.id, { keyId: seeded.approvalKeyId });
    expect((await approvals.request(requestInput(seeded, { customer: 'k4', amount: 1 }))).created).toBe(true);
    expect((await refusal(approvals.request(requestInput(seeded, { customer: 'k5', amount: 1 })))).code).toBe(
      'approval_queue_full',
    );
    // A request past its expiry no longer waits for anyone, swept or not.
    clock.advance(24 * 3600 * 1000 + 1);
    expect((await approvals.request(requestInput(seeded, { customer: 'k5', amount: 1 }))).created).toBe(true);
  });

  it('an agent may have maxPendingPerAgent requests waiting over all its keys', async () => {
    const seeded = await seed();
    const approvals = service({ maxPendingPerKey: 100, maxPendingPerAgent: 4 });
    const keys = [seeded.clientKeyId];
    for (let i = 0; i < 3; i++) {
      const created = await createKey(fixture.db(), {
        type: 'mcp_client',
        name: `client ${i}`,
        workspace: seeded.workspace,
        agent: seeded.agent,
      });
      keys.push(created.key.id);
    }
    for (const [i, keyId] of keys.entries()) {
      await approvals.request({ ...requestInput(seeded, { customer: `a${i}`, amount: 1 }), keyId });
    }
    const full = await refusal(
      approvals.request({ ...requestInput(seeded, { customer: 'a9', amount: 1 }), keyId: keys[3]! }),
    );
    expect(full.code).toBe('approval_queue_full');
    expect(full.message).toMatch(/agent has 4 requests waiting for a person \(at most 4\)/);
    // Another agent of the workspace is not affected.
    const otherAgent = await seed();
    expect((await approvals.request(requestInput(otherAgent, { customer: 'a9', amount: 1 }))).created).toBe(
      true,
    );
  });

  it('30 concurrent different calls of one key under a quota of 5: exactly 5 requests, 25 refusals', async () => {
    const seeded = await seed();
    // Two services, as two gateway processes on one database.
    const one = service({ maxPendingPerKey: 5 });
    const two = service({ maxPendingPerKey: 5 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 === 0 ? one : two).request(requestInput(seeded, { customer: `r${i}`, amount: 1 })),
      ),
    );
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    expect(refused).toHaveLength(25);
    for (const outcome of refused) {
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: 'approval_queue_full' });
    }
    expect((await rowsOf(seeded)).filter((row) => row.status === 'pending')).toHaveLength(5);
  });

  it('a request that ends drops its stored arguments; its decision, preview and outcome stay', async () => {
    const seeded = await seed();
    const clock = manualClock();
    const approvals = service({ now: clock.now });
    const denied = await approvals.request(requestInput(seeded, { customer: 'deny-me', amount: 1 }));
    const completed = await approvals.request(requestInput(seeded, { customer: 'approve-me', amount: 2 }));
    const expired = await approvals.request(requestInput(seeded, { customer: 'forget-me', amount: 3 }));
    const waiting = await approvals.request(requestInput(seeded, { customer: 'wait', amount: 4 }));
    await approvals.deny(scopeOf(seeded), denied.record.id, { keyId: seeded.approvalKeyId, note: 'no' });
    const done = await approvals.approve(scopeOf(seeded), completed.record.id, {
      keyId: seeded.approvalKeyId,
    });
    expect(done).toMatchObject({ status: 'completed', attempts: 1 });
    // Only the waiting one is left unexpired.
    await fixture
      .db()
      .query('UPDATE approval_requests SET expires_at = $2 WHERE id = $1', [expired.record.id, clock.now()]);
    clock.advance(1);
    expect((await approvals.sweep()).expired).toBe(1);
    const rows = new Map((await rowsOf(seeded)).map((row) => [row.id, row]));
    expect(rows.get(denied.record.id)).toMatchObject({ status: 'denied', arguments: null });
    expect(rows.get(completed.record.id)).toMatchObject({ status: 'completed', arguments: null });
    expect(rows.get(expired.record.id)).toMatchObject({ status: 'expired', arguments: null });
    expect(rows.get(waiting.record.id)).toMatchObject({
      status: 'pending',
      arguments: { customer: 'wait', amount: 4 },
    });
    const kept = await approvals.get(scopeOf(seeded), denied.record.id);
    expect(kept).toMatchObject({
      status: 'denied',
      note: 'no',
      decidedByKeyId: seeded.approvalKeyId,
      payloadPreview: { customer: 'deny-me', amount: 1 },
    });
    expect(await approvals.get(scopeOf(seeded), completed.record.id)).toMatchObject({
      responsePayload: { structuredContent: { invoice: 'inv_1' } },
    });
  });

  it('the sweep deletes requests that ended once retentionMs after their creation has passed, never active ones', async () => {
    const seeded = await seed();
    // Years back, so the other tests' requests (created now) are younger than these and stay.
    const clock = manualClock(Date.now() - 10 * 365 * 86_400_000);
    const retentionMs = 60_000;
    const approvals = service({ now: clock.now, retentionMs, pendingTtlMs: 10 * retentionMs });
    const old = await approvals.request(requestInput(seeded, { customer: 'old', amount: 1 }));
    const pending = await approvals.request(requestInput(seeded, { customer: 'still waiting', amount: 1 }));
    await approvals.deny(scopeOf(seeded), old.record.id, { keyId: seeded.approvalKeyId });
    clock.advance(retentionMs - 1);
    const young = await approvals.request(requestInput(seeded, { customer: 'young', amount: 1 }));
    await approvals.deny(scopeOf(seeded), young.record.id, { keyId: seeded.approvalKeyId });
    expect((await approvals.sweep()).pruned).toBe(0);
    clock.advance(2);
    expect((await approvals.sweep()).pruned).toBe(1);
    const ids = (await rowsOf(seeded)).map((row) => row.id).sort();
    expect(ids).toEqual([pending.record.id, young.record.id].sort());
    expect(await approvals.get(scopeOf(seeded), old.record.id)).toBeUndefined();
  });

  it('approve of a request whose key was revoked fails with approval_requester_revoked and executes nothing', async () => {
    const seeded = await seed();
    const approvals = service();
    const before = await approvals.request(requestInput(seeded, { customer: 'revoked', amount: 1 }));
    expect(before.record).toMatchObject({
      requestedByKeyId: seeded.clientKeyId,
      requestedByKeyName: 'agent',
      requestedByKeyActive: true,
    });
    await revokeKey(fixture.db(), seeded.clientKeyId);
    expect(await approvals.get(scopeOf(seeded), before.record.id)).toMatchObject({
      requestedByKeyActive: false,
    });
    const decided = await approvals.approve(scopeOf(seeded), before.record.id, {
      keyId: seeded.approvalKeyId,
      note: 'ok',
    });
    expect(decided).toMatchObject({
      status: 'failed',
      errorCode: 'approval_requester_revoked',
      attempts: 0,
      decidedByKeyId: seeded.approvalKeyId,
      note: 'ok',
      leaseOwner: null,
      requestedByKeyActive: false,
      responsePayload: { error_code: 'approval_requester_revoked', outcome_certainty: 'not_executed' },
    });
    expect(decided?.completedAt).not.toBeNull();
    expect(receivedFor(before.record.id)).toEqual([]);
    // Repeating it changes nothing and still executes nothing.
    expect(
      await approvals.approve(scopeOf(seeded), before.record.id, { keyId: seeded.approvalKeyId }),
    ).toMatchObject({
      status: 'failed',
      errorCode: 'approval_requester_revoked',
    });
    expect(receivedFor(before.record.id)).toEqual([]);
    expect((await rowsOf(seeded))[0]?.arguments).toBeNull();
  });

  it('approve of a request whose agent was archived fails with approval_target_archived and executes nothing', async () => {
    const seeded = await seed();
    const approvals = service();
    const made = await approvals.request(requestInput(seeded, { customer: 'archived agent', amount: 1 }));
    await archiveAgent(fixture.db(), seeded.workspace, seeded.agent);
    const decided = await approvals.approve(scopeOf(seeded), made.record.id, { keyId: seeded.approvalKeyId });
    expect(decided).toMatchObject({ status: 'failed', errorCode: 'approval_target_archived', attempts: 0 });
    expect(receivedFor(made.record.id)).toEqual([]);
  });

  it('approve of a request whose operation was archived fails with approval_target_archived and executes nothing', async () => {
    const seeded = await seed();
    const approvals = service();
    const made = await approvals.request(requestInput(seeded, { customer: 'archived operation', amount: 1 }));
    await archiveOperation(fixture.db(), seeded.workspace, 'create-invoice');
    const decided = await approvals.approve(scopeOf(seeded), made.record.id, { keyId: seeded.approvalKeyId });
    expect(decided).toMatchObject({ status: 'failed', errorCode: 'approval_target_archived', attempts: 0 });
    expect(receivedFor(made.record.id)).toEqual([]);
    // Deny still records a person's no (nothing would run either way).
    const other = await approvals.request(
      requestInput(seeded, { customer: 'deny after archive', amount: 1 }),
    );
    expect(
      await approvals.deny(scopeOf(seeded), other.record.id, { keyId: seeded.approvalKeyId }),
    ).toMatchObject({
      status: 'denied',
    });
  });

  it('a `__proto__` argument is stored and executed as sent, and the preview shows it (stored as jsonb)', async () => {
    const seeded = await seed();
    const approvals = service();
    const args = JSON.parse(
      '{"customer":"proto","amount":1,"details":{"nested":{"data":{"__proto__":{"hidden":"X"},"visible":1}}},"__proto__":{"top":"Y"}}',
    );
    const made = await approvals.request(requestInput(seeded, args));
    // Read back from jsonb (which orders keys its own way): the same members, `__proto__` included.
    expect(canonicalJson(made.record.payloadPreview)).toBe(canonicalJson(args));
    expect(canonicalJson(made.record.payloadPreview)).toContain('"__proto__":{"hidden":"X"}');
    expect(made.record.payloadPreviewTruncated).toBe(false);
    const { rows } = await fixture
      .db()
      .query<{ arguments: string }>(
        'SELECT arguments::text AS arguments FROM approval_requests WHERE id = $1',
        [made.record.id],
      );
    expect(canonicalJson(JSON.parse(rows[0]!.arguments))).toBe(canonicalJson(args));
    expect(rows[0]!.arguments).toContain('"__proto__": {"top": "Y"}');
    // The same call without the `__proto__` member is another identity.
    const without = await approvals.request(
      requestInput(seeded, { customer: 'proto', amount: 1, details: args.details }),
    );
    expect(without.created).toBe(true);
    await approvals.approve(scopeOf(seeded), made.record.id, { keyId: seeded.approvalKeyId });
    const [sent] = receivedFor(made.record.id);
    expect(sent?.body).toContain('"hidden":"X"');
  });

  it('migration 0010 drops the arguments that requests which ended before 0009 still hold, and only theirs', async () => {
    const db = await fixture.fresh();
    const upTo0009 = MIGRATIONS.slice(0, MIGRATIONS.findIndex((m) => m.id === '0009_approval_limits') + 1);
    await migrate(db, { migrations: upTo0009 });
    const seeded = await seedApprovalAgent(db, upstream);
    const history = new HistoryWriter(db);
    histories.push(history);
    const executor = testExecutor(db);
    executors.push(executor);
    const approvals = new ApprovalService({ db, executor, history });
    services.push(approvals);
    const ended = await approvals.request(requestInput(seeded, { customer: 'ended long ago', amount: 1 }));
    const waiting = await approvals.request(requestInput(seeded, { customer: 'waiting', amount: 2 }));
    // As a request that was denied before requests dropped their arguments.
    await db.query(`UPDATE approval_requests SET status = 'denied' WHERE id = $1`, [ended.record.id]);
    expect((await migrate(db)).applied).toEqual(['0010_approval_arguments_dropped']);
    const { rows } = await db.query<{ id: string; arguments: unknown }>(
      'SELECT id, arguments FROM approval_requests ORDER BY created_at',
    );
    expect(rows).toEqual([
      { id: ended.record.id, arguments: null },
      { id: waiting.record.id, arguments: { customer: 'waiting', amount: 2 } },
    ]);
  });
});
