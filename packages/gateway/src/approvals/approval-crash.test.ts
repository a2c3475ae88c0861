import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { upstreamHostsOf } from '../catalog/upstream-hosts-table.js';
import { createExecutor } from '../execute/executor.js';
import { HistoryWriter } from '../history/history-writer.js';
import type { Database } from '../store/database.js';
import { migrate } from '../store/migrate.js';
import { describePostgres } from '../test-support/describe-each-database.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';
import { requestInput, seedApprovalAgent } from './approval-fixture.js';
import { ApprovalService, idempotencyKeyOf } from './approval-service.js';

const CHILD = fileURLToPath(new URL('./test-support/approve-child.ts', import.meta.url));
/** The workspace's hooks that run TypeScript sources in a child (root `test-support/`). */
const REGISTER = fileURLToPath(new URL('../../../../test-support/ts-hooks/register.mjs', import.meta.url));
/** The child's lease; its execution is cut off a little before, long after the kill. */
const LEASE_MS = 20_000;

describePostgres('an approval whose worker process is killed while executing', (fixture) => {
  let upstream: TestUpstream;
  let db: Database;
  let url: string;
  let child: ChildProcessWithoutNullStreams | undefined;
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      // The first execution never gets its answer: its process dies waiting.
      if (held.length === 0) held.push(response);
      else response.writeHead(201, { 'content-type': 'application/json' }).end('{"invoice":"inv_9"}');
    });
    const fresh = await fixture.freshWithUrl();
    db = fresh.db;
    url = fresh.url!;
    await migrate(db);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await upstream?.close();
  });

  it('is re-claimed by another process after the lease and executed with the same idempotency value', async () => {
    const seeded = await seedApprovalAgent(db, upstream);
    const history = new HistoryWriter(db);
    const executor = createExecutor({ allowList: (workspace) => upstreamHostsOf(db, workspace) });
    // The survivor's clock stands still before the child's claim until the test moves it past the
    // lease, so "before the lease lapses" holds however slow the machine is.
    let clock = Date.now();
    const survivor = new ApprovalService({
      db,
      executor,
      history,
      now: () => new Date(clock),
      workerId: 'survivor',
      leaseMs: LEASE_MS,
    });
    try {
      const { record } = await survivor.request(requestInput(seeded, { customer: 'acme', amount: 99 }));
      child = spawn(
        process.execPath,
        [
          '--import',
          REGISTER,
          CHILD,
          record.id,
          seeded.workspaceId,
          seeded.agentId,
          seeded.approvalKeyId,
          String(LEASE_MS),
        ],
        { env: { ...process.env, DATABASE_URL: url }, stdio: ['pipe', 'pipe', 'pipe'] },
      );
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      const [line] = (await Promise.race([
        once(createInterface({ input: child.stdout }), 'line'),
        once(child, 'exit').then(() => {
          throw new Error(`the child exited: ${stderr}`);
        }),
      ])) as [string];
      expect(line).toBe('executing');
      while (upstream.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      child.kill('SIGKILL');
      await once(child, 'exit');

      // Before the lease lapses nothing runs again; after it, the survivor re-claims.
      expect(await survivor.sweep()).toEqual({ expired: 0, reclaimed: 0, pruned: 0 });
      expect(await survivor.get(seeded, record.id)).toMatchObject({
        status: 'executing',
        leaseOwner: 'doomed-worker',
      });
      clock = Date.now() + LEASE_MS;
      expect((await survivor.sweep()).reclaimed).toBe(1);
      expect(await survivor.get(seeded, record.id)).toMatchObject({
        status: 'completed',
        attempts: 2,
        leaseOwner: 'survivor',
        responsePayload: { structuredContent: { invoice: 'inv_9' } },
      });
      expect(upstream.requests.map((request) => request.headers['idempotency-key'])).toEqual([
        idempotencyKeyOf(record.id),
        idempotencyKeyOf(record.id),
      ]);
      expect(upstream.requests[1]?.body).toBe(upstream.requests[0]?.body);
    } finally {
      await survivor.close();
      await history.close();
      await executor.close();
    }
    // A child transpiles the gateway's sources at start: slow on a loaded machine.
  }, 90_000);
});
