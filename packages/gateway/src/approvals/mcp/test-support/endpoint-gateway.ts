import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SLUG_PATTERN } from '../../../catalog/slug.js';
import { HistoryWriter } from '../../../history/history-writer.js';
import { newRequestId, newTraceId } from '../../../http/trace-context.js';
import { KeyVerifier } from '../../../keys/key-verifier.js';
import { AgentDirectory } from '../../../mcp/agent-directory.js';
import type { EndpointServices } from '../../../mcp/agent-endpoint.js';
import { createMcpHandler } from '../../../mcp/mcp-endpoint.js';
import { type RequestScope, requestScope } from '../../../mcp/request-scope.js';
import type { Database } from '../../../store/database.js';
import { testExecutor } from '../../approval-fixture.js';
import { ApprovalService } from '../../approval-service.js';

/**
 * The MCP endpoints alone, assembled from the gateway's own parts on a real port, with endpoint
 * services a test chooses, including ones `createGateway` never builds (no approvals service).
 * Only `{prefix}/v1/{workspace}/{agent}` is served (no admin or approval API): tests decide
 * through the {@link ApprovalService} directly.
 * @module
 */

export interface EndpointGateway {
  origin: string;
  approvals: ApprovalService;
  history: HistoryWriter;
  close(): Promise<void>;
}

const PREFIX = '/mcp';

export async function listenEndpointGateway(
  db: Database,
  services: (origin: string) => Partial<EndpointServices>,
): Promise<EndpointGateway> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const executor = testExecutor(db);
  const history = new HistoryWriter(db, {});
  const keys = new KeyVerifier(db, {});
  const approvals = new ApprovalService({ db, executor, history });
  const agents = new AgentDirectory(
    db,
    { executor, history, serverVersion: '0.0.0-test', approvals, prefix: PREFIX, ...services(origin) },
    { refreshMs: 60_000 },
  );
  await keys.start();
  await agents.start();
  const mcp = createMcpHandler({ verifier: keys, directory: agents, rateLimit: () => 0 });
  server.on('request', (req, res) => {
    const [path = ''] = (req.url ?? '').split('?');
    const [, prefix, v1, workspace = '', agent = '', ...rest] = path.split('/');
    if (
      `/${prefix}` !== PREFIX ||
      v1 !== 'v1' ||
      rest.length > 0 ||
      !SLUG_PATTERN.test(workspace) ||
      !SLUG_PATTERN.test(agent)
    ) {
      req.resume();
      res.writeHead(404).end();
      return;
    }
    const scope: RequestScope = {
      requestId: newRequestId(),
      traceId: newTraceId(),
      workspace,
      agent,
      key: undefined,
      endpoint: undefined,
      errorCode: undefined,
    };
    requestScope.run(scope, mcp.node, req, res);
  });
  return {
    origin,
    approvals,
    history,
    async close() {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      mcp.close();
      await approvals.close();
      await agents.close();
      await executor.close();
      await history.close();
      await keys.close();
      server.closeAllConnections();
      await stopped;
    },
  };
}
