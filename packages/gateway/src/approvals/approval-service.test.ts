import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Executor } from '../execute/executor.js';
import { listInvocations } from '../history/history-table.js';
import { HistoryWriter } from '../history/history-writer.js';
import type { Database } from '../store/database.js';
import type { DatabaseFixture } from '../test-support/database-fixture.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { startUpstream, type TestUpstream, type UpstreamRoute } from '../test-support/upstream-server.js';
import {
  requestInput,
  type SeededApprovalAgent,
  seedApprovalAgent,
  testExecutor,
} from './approval-fixture.js';
import type { ApprovalRecord } from './approval-record.js';
import { ApprovalService, type ApprovalServiceOptions, idempotencyKeyOf } from './approval-service.js';
import { claimApproval } from './approvals-table.js';

const INVOICE_ANSWER = { invoice: 'inv_1', status: 'created' };

/** The upstream's usual answer: an invoice, or a 500 with a body that must never be kept for customer `broken`. */
const invoices: UpstreamRoute = (request, response) => {
  if (request.body.includes('"customer":"broken"')) {
    response.writeHead(500, { 'content-type': 'text/plain' }).end('stack trace: secret-upstream-body');
  } else {
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(INVOICE_ANSWER));
  }
};

/** A clock a test moves by hand. */
function manualClock(start = Date.now()): { now: () => Date; advance: (ms: number) => void } {
  let at = start;
  return { now: () => new Date(at), advance: (ms) => (at += ms) };
}

/** Requests the upstream received for `id`'s idempotency value. */
function receivedFor(upstream: TestUpstream, id: string) {
  return upstream.requests.filter((request) => request.headers['idempotency-key'] === idempotencyKeyOf(id));
}

describeEachDatabase('ApprovalService', (fixture: DatabaseFixture) => {
  let upstream: TestUpstream;
  let seeded: SeededApprovalAgent;
  const services: ApprovalService[] = [];
  const histories: HistoryWriter[] = [];
  const executors: Executor[] = [];

  beforeAll(async () => {
    upstream = await startUpstream(invoices);
    seeded = await seedApprovalAgent(fixture.db(), upstream);
  });
  // A test that holds or drops answers puts the usual route back for the next.
  afterEach(() => upstream.route(invoices));
  afterAll(async () => {
    for (const service of services) await service.close();
    for (const history of histories) await history.close();
    for (const executor of executors) await executor.close();
    await upstream?.close();
  });

  function service(
    options: Partial<ApprovalServiceOptions> = {},
    db: Database = fixture.db(),
  ): ApprovalService {
    const history = new HistoryWriter(db);
    histories.push(history);
    const executor = testExecutor(db);
    executors.push(executor);
    const created = new ApprovalService({ db, executor, history, ...options });
    services.push(created);
    return created;
  }

  const scope = () => ({ workspaceId: seeded.workspaceId, agentId: seeded.agentId });
  const approver = () => ({ keyId: seeded.approvalKeyId });
  let counter = 0;
  /** Arguments no other test uses, so each test has its own identity. */
  const fresh = (more: Record<string, unknown> = {}) => ({
    customer: `c-${++counter}`,
    amount: 12.5,
    ...more,
  });

  it('the same call twice is one request; control fields change nothing and are never stored', async () => {
    const approvals = service();
    const args = fresh({ details: { b: 1, a: [1, 2] } });
    const first = await approvals.request(requestInput(seeded, args));
    const again = await approvals.request(
      requestInput(seeded, {
        details: { a: [1, 2], b: 1 },
        amount: 12.5,
        customer: args.customer,
        _mcpforge_confirmation_token: 'tok-123',
      }),
    );
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, record: { id: first.record.id } });
    expect(first.record).toMatchObject({
      status: 'pending',
      workspace: seeded.workspace,
      agent: seeded.agent,
      tool: 'create_invoice',
      attempts: 0,
      requestedByKeyId: seeded.clientKeyId,
      payloadPreview: { customer: args.customer, amount: 12.5, details: { a: [1, 2], b: 1 } },
    });
    expect(first.record.id).toMatch(/^approval_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(first.record.expiresAt.getTime() - first.record.createdAt.getTime()).toBe(24 * 3600 * 1000);
    const withToken = await approvals.request(
      requestInput(seeded, { ...fresh(), _mcpforge_confirmation_token: 'tok-9' }),
    );
    const { rows } = await fixture
      .db()
      .query<{ arguments: unknown; payload_preview: unknown }>(
        'SELECT arguments, payload_preview FROM approval_requests WHERE id = $1',
        [withToken.record.id],
      );
    expect(JSON.stringify(rows)).not.toContain('tok-9');
    expect(JSON.stringify(rows)).not.toContain('_mcpforge_');
    // A different argument value is another identity.
    const other = await approvals.request(requestInput(seeded, { ...args, amount: 13 }));
    expect(other.created).toBe(true);
  });

  it('50 concurrent identical calls create exactly one request', async () => {
    const approvals = service();
    const args = fresh();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => approvals.request(requestInput(seeded, args))),
    );
    expect(new Set(results.map((result) => result.record.id)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const { rows } = await fixture
      .db()
      .query<{ n: number }>(
        "SELECT count(*)::integer AS n FROM approval_requests WHERE payload_preview->>'customer' = $1",
        [args.customer],
      );
    expect(rows[0]?.n).toBe(1);
  });

  it('approve executes the stored arguments once, with the idempotency header, and links to history', async () => {
    const approvals = service();
    const { record } = await approvals.request(
      requestInput(seeded, fresh({ details: { login: { password: 'hunter2' } } })),
    );
    const done = await approvals.approve(scope(), record.id, { ...approver(), note: 'looks right' });
    expect(done).toMatchObject({
      status: 'completed',
      attempts: 1,
      decidedByKeyId: seeded.approvalKeyId,
      note: 'looks right',
      errorCode: null,
      responsePayload: { structuredContent: INVOICE_ANSWER },
    });
    expect(done?.decidedAt).toBeInstanceOf(Date);
    expect(done?.completedAt).toBeInstanceOf(Date);
    const sent = receivedFor(upstream, record.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/invoices' });
    // The upstream gets the exact arguments (the secret too); the preview never shows it.
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ details: { login: { password: 'hunter2' } } });
    expect(record.payloadPreview).toMatchObject({ details: { login: { password: '[redacted]' } } });
    expect(sent[0]!.headers['traceparent']).toContain(done!.executionTraceId!);
    await histories.at(-1)!.flush();
    const rows = await listInvocations(fixture.db(), { keyId: seeded.clientKeyId });
    expect(rows.find((row) => row.requestId === done!.executionRequestId)).toMatchObject({
      tool: 'create_invoice',
      outcome: 'success',
      traceId: done!.executionTraceId,
      operationVersionId: seeded.operationVersionId,
    });
    // A new identical call after the request finished is a new request.
    expect(
      (await approvals.request(requestInput(seeded, sent[0] ? JSON.parse(sent[0].body) : {}))).created,
    ).toBe(true);
  });

  it('a failed upstream ends failed with the error code and no upstream body', async () => {
    const failures: unknown[] = [];
    const approvals = service({ onExecutionFailure: (failure) => failures.push(failure) });
    const { record } = await approvals.request(requestInput(seeded, fresh({ customer: 'broken' })));
    const failed = await approvals.approve(scope(), record.id, approver());
    expect(failed).toMatchObject({
      status: 'failed',
      errorCode: 'upstream_server_error',
      responsePayload: { error_code: 'upstream_server_error', upstream_status: 500 },
    });
    expect(JSON.stringify(failed)).not.toContain('secret-upstream-body');
    expect(failures).toEqual([
      {
        approvalId: record.id,
        requestId: failed?.executionRequestId,
        tool: 'create_invoice',
        code: 'upstream_server_error',
        diagnostic: expect.any(String),
      },
    ]);
    expect(JSON.stringify(failures)).not.toContain('secret-upstream-body');
  });

  it('an execution never outlives its lease: it is cut off before the lease lapses', async () => {
    const approvals = service({ leaseMs: 1_500 });
    const { record } = await approvals.request(requestInput(seeded, fresh()));
    upstream.route((request, response) => {
      // This request's answer never comes.
      if (request.headers['idempotency-key'] !== idempotencyKeyOf(record.id))
        response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(INVOICE_ANSWER));
    });
    const started = Date.now();
    const ended = await approvals.approve(scope(), record.id, approver());
    // Cut off by the lease, well before the binding's own 10 s timeout.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(ended).toMatchObject({
      status: 'failed',
      errorCode: 'call_cancelled',
      responsePayload: { outcome_certainty: 'outcome_unknown' },
    });
  });

  it('repeating approve or deny on every terminal state returns it and never executes again', async () => {
    const clock = manualClock();
    const approvals = service({ now: clock.now, pendingTtlMs: 60_000 });
    const terminal: ApprovalRecord[] = [];
    const completed = (await approvals.request(requestInput(seeded, fresh()))).record;
    terminal.push((await approvals.approve(scope(), completed.id, approver()))!);
    const failed = (await approvals.request(requestInput(seeded, fresh({ customer: 'broken', n: counter }))))
      .record;
    terminal.push((await approvals.approve(scope(), failed.id, approver()))!);
    const denied = (await approvals.request(requestInput(seeded, fresh()))).record;
    terminal.push((await approvals.deny(scope(), denied.id, { ...approver(), note: 'no' }))!);
    const expired = (await approvals.request(requestInput(seeded, fresh()))).record;
    clock.advance(60_001);
    terminal.push((await approvals.approve(scope(), expired.id, approver()))!);
    expect(terminal.map((record) => record.status)).toEqual(['completed', 'failed', 'denied', 'expired']);
    const before = upstream.requests.length;
    for (const record of terminal) {
      for (const decide of [approvals.approve, approvals.deny]) {
        const again = await decide.call(approvals, scope(), record.id, approver());
        expect(again).toEqual(record);
      }
    }
    expect(upstream.requests.length).toBe(before);
    expect(terminal[2]).toMatchObject({ note: 'no', decidedByKeyId: seeded.approvalKeyId });
    expect(terminal[3]).toMatchObject({ decidedAt: null, attempts: 0 });
  });

  it('approve racing deny: exactly one wins and the other sees its result', async () => {
    const approvals = service();
    for (let round = 0; round < 5; round++) {
      const { record } = await approvals.request(requestInput(seeded, fresh()));
      const [approved, denied] = await Promise.all([
        approvals.approve(scope(), record.id, approver()),
        approvals.deny(scope(), record.id, approver()),
      ]);
      const final = await approvals.get(scope(), record.id);
      expect(['completed', 'denied']).toContain(final?.status);
      expect(receivedFor(upstream, record.id)).toHaveLength(final?.status === 'completed' ? 1 : 0);
      if (final?.status === 'denied') expect(approved).toEqual(final);
      else {
        // Deny lost to the claim: it saw the request executing (or already completed).
        expect(['executing', 'completed']).toContain(denied?.status);
        expect(approved).toEqual(final);
      }
    }
  });

  it('expiry: silence is not consent; an expired request is never handed out again; the sweep expires', async () => {
    const clock = manualClock();
    const approvals = service({ now: clock.now, pendingTtlMs: 1_000 });
    const args = fresh();
    const first = (await approvals.request(requestInput(seeded, args))).record;
    const swept = (await approvals.request(requestInput(seeded, fresh()))).record;
    clock.advance(1_000);
    // An identical call now starts a new request: the old one expired on the way.
    const second = await approvals.request(requestInput(seeded, args));
    expect(second.created).toBe(true);
    expect((await approvals.get(scope(), first.id))?.status).toBe('expired');
    const sweep = await approvals.sweep();
    expect(sweep.expired).toBeGreaterThanOrEqual(1);
    expect((await approvals.get(scope(), swept.id))?.status).toBe('expired');
    expect(await approvals.deny(scope(), second.record.id, approver())).toMatchObject({ status: 'denied' });
    expect(receivedFor(upstream, first.id)).toHaveLength(0);
  });

  it('an unknown id, a malformed id, or an id of another agent is not found', async () => {
    const approvals = service();
    const { record } = await approvals.request(requestInput(seeded, fresh()));
    const elsewhere = { workspaceId: seeded.workspaceId, agentId: seeded.clientKeyId };
    expect(await approvals.get(elsewhere, record.id)).toBeUndefined();
    expect(await approvals.approve(elsewhere, record.id, approver())).toBeUndefined();
    expect(await approvals.deny(scope(), 'approval_00000000000000000000000000', approver())).toBeUndefined();
    expect(await approvals.get(scope(), "x' OR 1=1 --")).toBeUndefined();
    expect((await approvals.get(scope(), record.id))?.status).toBe('pending');
  });

  it('a lapsed lease is re-claimed by another worker and executed with the same idempotency value', async () => {
    const clock = manualClock();
    const db2 = fixture.kind === 'postgres' ? await fixture.connectAgain() : fixture.db();
    const first = service({ workerId: 'worker-a', now: clock.now, leaseMs: 30_000 });
    const second = service({ workerId: 'worker-b', now: clock.now, leaseMs: 30_000 }, db2);
    const { record } = await first.request(requestInput(seeded, fresh()));
    // The first execution reaches the upstream, which holds its answer (the worker "hangs").
    let held: ServerResponse | undefined;
    const reached = new Promise<void>((resolve) => {
      upstream.route((request, response) => {
        if (held === undefined && request.headers['idempotency-key'] === idempotencyKeyOf(record.id)) {
          held = response;
          resolve();
          return;
        }
        response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(INVOICE_ANSWER));
      });
    });
    const approving = first.approve(scope(), record.id, approver());
    await reached;
    expect(await second.sweep()).toEqual({ expired: 0, reclaimed: 0, pruned: 0 });
    clock.advance(30_000);
    expect((await second.sweep()).reclaimed).toBe(1);
    const completed = await second.get(scope(), record.id);
    expect(completed).toMatchObject({ status: 'completed', attempts: 2, leaseOwner: 'worker-b' });
    // The first worker's late answer changes nothing: it no longer holds the lease.
    held!.writeHead(201, { 'content-type': 'application/json' }).end('{"late":true}');
    expect(await approving).toEqual(completed);
    const sent = receivedFor(upstream, record.id);
    expect(sent).toHaveLength(2);
    expect(sent.map((request) => request.headers['idempotency-key'])).toEqual([
      idempotencyKeyOf(record.id),
      idempotencyKeyOf(record.id),
    ]);
    expect(sent[0]!.body).toBe(sent[1]!.body);
  });

  it('a request claimed by a worker that died is re-claimed after the lease, and abandoned after maxAttempts', async () => {
    const clock = manualClock();
    const approvals = service({ workerId: 'survivor', now: clock.now, leaseMs: 1_000, maxAttempts: 2 });
    const { record } = await approvals.request(requestInput(seeded, fresh()));
    const lease = (owner: string) => ({
      owner,
      now: clock.now(),
      leaseExpiresAt: new Date(clock.now().getTime() + 1_000),
      executionRequestId: crypto.randomUUID(),
      executionTraceId: 'a'.repeat(32),
    });
    // A worker claims it and dies before calling the upstream.
    expect(
      await claimApproval(
        fixture.db(),
        scope(),
        record.id,
        { keyId: seeded.approvalKeyId, note: null },
        lease('dead'),
      ),
    ).toBeDefined();
    expect(await approvals.approve(scope(), record.id, approver())).toMatchObject({
      status: 'executing',
      leaseOwner: 'dead',
    });
    clock.advance(1_000);
    expect((await approvals.sweep()).reclaimed).toBe(1);
    expect(await approvals.get(scope(), record.id)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(receivedFor(upstream, record.id)).toHaveLength(1);

    // One that has used up its attempts is failed, not run a third time.
    const { record: doomed } = await approvals.request(requestInput(seeded, fresh()));
    await claimApproval(
      fixture.db(),
      scope(),
      doomed.id,
      { keyId: seeded.approvalKeyId, note: null },
      lease('dead'),
    );
    await fixture.db().query('UPDATE approval_requests SET attempts = 2 WHERE id = $1', [doomed.id]);
    clock.advance(1_000);
    await approvals.sweep();
    expect(await approvals.get(scope(), doomed.id)).toMatchObject({
      status: 'failed',
      errorCode: 'approval_attempts_exhausted',
    });
    expect(receivedFor(upstream, doomed.id)).toHaveLength(0);
  });

  it('50 concurrent approvals over two services on one database: exactly one upstream request', async () => {
    const db2 = fixture.kind === 'postgres' ? await fixture.connectAgain() : fixture.db();
    const one = service({ workerId: 'one' });
    const two = service({ workerId: 'two' }, db2);
    const { record } = await one.request(requestInput(seeded, fresh()));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? one : two).approve(scope(), record.id, approver())),
    );
    expect(receivedFor(upstream, record.id)).toHaveLength(1);
    const final = await one.get(scope(), record.id);
    expect(final).toMatchObject({ status: 'completed', attempts: 1 });
    expect(results.every((result) => ['executing', 'completed'].includes(result?.status ?? ''))).toBe(true);
    expect(results.filter((result) => result?.status === 'completed').length).toBeGreaterThanOrEqual(1);
  });

  it('waitForTerminal resolves on a decision made by another service, and with the current record on abort', async () => {
    const db2 = fixture.kind === 'postgres' ? await fixture.connectAgain() : fixture.db();
    const waiter = service({ pollMs: 60_000 });
    await waiter.start();
    const decider = service({}, db2);
    const { record } = await waiter.request(requestInput(seeded, fresh()));
    const waiting = waiter.waitForTerminal(scope(), record.id, new AbortController().signal);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await decider.deny(scope(), record.id, approver());
    // pollMs is a minute: only the notification can end the wait within the test's timeout.
    expect(await waiting).toMatchObject({ status: 'denied' });

    const { record: open } = await waiter.request(requestInput(seeded, fresh()));
    const abort = new AbortController();
    const aborted = waiter.waitForTerminal(scope(), open.id, abort.signal);
    abort.abort();
    expect(await aborted).toMatchObject({ id: open.id, status: 'pending' });
  });

  it('close waits for an execution in flight', async () => {
    const approvals = service();
    const { record } = await approvals.request(requestInput(seeded, fresh()));
    let release!: () => void;
    upstream.route((request, response) => {
      const answer = () =>
        response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(INVOICE_ANSWER));
      if (request.headers['idempotency-key'] === idempotencyKeyOf(record.id)) release = answer;
      else answer();
    });
    const approving = approvals.approve(scope(), record.id, approver());
    while (receivedFor(upstream, record.id).length === 0)
      await new Promise((resolve) => setTimeout(resolve, 10));
    let closed = false;
    const closing = approvals.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    release();
    await closing;
    expect((await approving)?.status).toBe('completed');
    await expect(approvals.request(requestInput(seeded, fresh()))).rejects.toThrow('closed');
  });

  it('lists newest first with a status filter and keyset pages', async () => {
    const clock = manualClock(Date.parse('2030-01-01T00:00:00Z'));
    const approvals = service({ now: clock.now });
    const marker = `list-${counter++}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(1_000);
      ids.push((await approvals.request(requestInput(seeded, { customer: marker, amount: i }))).record.id);
    }
    await approvals.deny(scope(), ids[1]!, approver());
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await approvals.list({
        workspaceId: seeded.workspaceId,
        agentId: seeded.agentId,
        status: 'pending',
        limit: 2,
        cursor,
      });
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    const mine = seen.filter((id) => ids.includes(id));
    expect(mine).toEqual([ids[4], ids[3], ids[2], ids[0]]);
    expect(
      JSON.stringify(await approvals.list({ workspaceId: seeded.workspaceId, limit: 500 })),
    ).not.toContain('"arguments"');
    await expect(
      approvals.list({ workspaceId: seeded.workspaceId, limit: 2, cursor: 'nope' }),
    ).rejects.toMatchObject({
      code: 'invalid_field',
    });
  });
});
