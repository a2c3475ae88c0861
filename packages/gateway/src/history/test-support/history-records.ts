import { loadPublishedCatalog } from '../../catalog/published-catalog.js';
import { getWorkspace } from '../../catalog/workspaces-table.js';
import type { Database } from '../../store/database.js';
import { seedAgent } from '../../test-support/gateway-fixture.js';
import { startUpstream } from '../../test-support/upstream-server.js';
import type { InvocationRecord } from '../history-table.js';

/**
 * Seeds a published agent and key in `db` (a migrated database) and returns a maker of history
 * rows for it, each with the given request id: rows the table's foreign keys accept.
 */
export async function recordFor(db: Database): Promise<(requestId: string) => InvocationRecord> {
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
