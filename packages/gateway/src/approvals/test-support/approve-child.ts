import { upstreamHostsOf } from '../../catalog/upstream-hosts-table.js';
import { createExecutor } from '../../execute/executor.js';
import { HistoryWriter } from '../../history/history-writer.js';
import { openDatabase } from '../../store/open-database.js';
import { ApprovalService } from '../approval-service.js';

/**
 * A gateway worker in a process of its own, for the crash test: approves one request on the
 * PostgreSQL database at DATABASE_URL and prints `claimed` once the request is executing. The
 * test kills it with SIGKILL while the upstream holds its answer.
 * Arguments: approval id, workspace id, agent id, approver key id, lease in ms.
 */
const [id, workspaceId, agentId, keyId, leaseMs] = process.argv.slice(2);
const db = await openDatabase({ databaseUrl: process.env['DATABASE_URL'], migrate: false });
const executor = createExecutor({ allowList: (workspace) => upstreamHostsOf(db, workspace) });
const service = new ApprovalService({
  db,
  executor,
  history: new HistoryWriter(db),
  workerId: 'doomed-worker',
  leaseMs: Number(leaseMs),
});
const scope = { workspaceId: workspaceId ?? '', agentId: agentId ?? '' };
const approving = service.approve(scope, id ?? '', { keyId: keyId ?? '' });
for (;;) {
  const record = await service.get(scope, id ?? '');
  if (record?.status !== 'pending') {
    process.stdout.write(`${record?.status ?? 'missing'}\n`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
}
await approving;
