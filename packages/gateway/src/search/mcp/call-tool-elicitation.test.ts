import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type ElicitRequest, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { INVOICE_TOOL } from '../../approvals/approval-fixture.js';
import { createKey } from '../../keys/api-keys-table.js';
import { describeEachDatabase } from '../../test-support/describe-each-database.js';
import { type ListeningGateway, listenGateway } from '../../test-support/gateway-fixture.js';
import { type SeededSearchAgents, seedSearchAgents } from '../../test-support/search-fixture.js';
import { startUpstream, type TestUpstream } from '../../test-support/upstream-server.js';

const INVOICE = { invoice: 'inv_9', total: 5 };

describeEachDatabase(
  'call_tool of an approval-required tool with URL-mode elicitation (SDK v1)',
  (fixture) => {
    let upstream: TestUpstream;
    let gateway: ListeningGateway;
    let seeded: SeededSearchAgents;

    beforeAll(async () => {
      upstream = await startUpstream((_request, response) => {
        response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(INVOICE));
      });
      gateway = await listenGateway(fixture.db(), {
        publicOrigin: 'https://gw.example.com',
        approvals: { waitMs: 10_000 },
      });
      seeded = await seedSearchAgents(fixture.db(), upstream);
    });
    afterAll(async () => {
      await gateway?.gateway.approvals.close();
      await gateway?.close();
      await upstream?.close();
    });

    it('the host is asked with the absolute approval URL; once approved, call_tool answers the upstream result', async () => {
      const approver = await createKey(fixture.db(), {
        type: 'approval',
        name: 'front end',
        workspace: seeded.workspace,
      });
      const { rows } = await fixture
        .db()
        .query<{ workspace_id: string; agent_id: string }>(
          'SELECT a.workspace_id, a.id AS agent_id FROM agents a WHERE a.slug = $1',
          [seeded.search.agent],
        );
      const scope = { workspaceId: rows[0]!.workspace_id, agentId: rows[0]!.agent_id };
      const asked: ElicitRequest['params'][] = [];
      const client = new ClientV1(
        { name: 'sdk-v1', version: '1.0.0' },
        { capabilities: { elicitation: { url: {} } } },
      );
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked.push(request.params);
        const id = (request.params as { elicitationId: string }).elicitationId;
        await gateway.gateway.approvals.approve(scope, id, { keyId: approver.key.id });
        return { action: 'accept' };
      });
      const transport = new HttpV1(new URL(`${gateway.origin}${seeded.search.path}`), {
        reconnectionOptions: {
          maxRetries: 0,
          initialReconnectionDelay: 1,
          maxReconnectionDelay: 1,
          reconnectionDelayGrowFactor: 1,
        },
        requestInit: { headers: { authorization: `Bearer ${seeded.search.key}` } },
      });
      await client.connect(transport);
      try {
        const found = await client.callTool({
          name: 'search_tools',
          arguments: { query: 'create an invoice' },
        });
        const { catalog_revision } = found.structuredContent as { catalog_revision: string };
        const result = await client.callTool({
          name: 'call_tool',
          arguments: { name: INVOICE_TOOL, arguments: { customer: 'ACME', amount: 5 }, catalog_revision },
        });
        expect(asked).toHaveLength(1);
        expect((asked[0] as { url: string }).url).toMatch(
          new RegExp(
            `^https://gw\\.example\\.com/mcp/v1/${seeded.workspace}/${seeded.search.agent}/approvals/approval_`,
          ),
        );
        expect(result.structuredContent).toEqual(INVOICE);
        expect(upstream.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
          'POST /invoices',
        ]);
      } finally {
        await transport.terminateSession().catch(() => undefined);
        await client.close();
      }
    });
  },
);
