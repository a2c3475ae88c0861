import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ElicitationCompleteNotificationSchema,
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { INVOICE_TOOL, type SeededApprovalAgent, seedApprovalAgent } from '../approvals/approval-fixture.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { type ListeningGateway, listenGateway } from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

const INVOICE = { invoice: 'inv_7', total: 99 };
const PUBLIC_ORIGIN = 'https://gw.example.com';

const reconnectionOptions = {
  maxRetries: 0,
  initialReconnectionDelay: 1,
  maxReconnectionDelay: 1,
  reconnectionDelayGrowFactor: 1,
};

describeEachDatabase(
  'tools/call of an approval-required tool with URL-mode elicitation (SDK v1)',
  (fixture) => {
    let upstream: TestUpstream;
    let gateway: ListeningGateway;
    let seeded: SeededApprovalAgent;

    beforeAll(async () => {
      upstream = await startUpstream((_request, response) => {
        response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(INVOICE));
      });
      gateway = await listenGateway(fixture.db(), {
        publicOrigin: PUBLIC_ORIGIN,
        approvals: { waitMs: 10_000 },
      });
      seeded = await seedApprovalAgent(fixture.db(), upstream);
    });
    afterAll(async () => {
      await gateway?.close();
      await upstream?.close();
    });

    /** A v1 client declaring URL elicitation, answering each elicitation with `answer`. */
    async function connect(answer: (request: ElicitRequest) => Promise<ElicitResult>) {
      const client = new ClientV1(
        { name: 'sdk-v1', version: '1.0.0' },
        { capabilities: { elicitation: { url: {} } } },
      );
      const completed: string[] = [];
      client.setRequestHandler(ElicitRequestSchema, answer);
      client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) => {
        completed.push(notification.params.elicitationId);
      });
      const transport = new HttpV1(new URL(`${gateway.origin}/mcp/v1/${seeded.workspace}/${seeded.agent}`), {
        reconnectionOptions,
        requestInit: { headers: { authorization: `Bearer ${seeded.clientKey}` } },
      });
      await client.connect(transport);
      return {
        client,
        completed,
        async close() {
          await transport.terminateSession().catch(() => undefined);
          await client.close();
        },
      };
    }

    it('the host is sent the absolute approval URL; the person approves; the call answers the upstream result', async () => {
      const before = upstream.requests.length;
      const asked: ElicitRequest['params'][] = [];
      const session = await connect(async (request) => {
        asked.push(request.params);
        // The person follows the link and approves (here: through the service).
        const id = (request.params as { elicitationId: string }).elicitationId;
        const decided = await gateway.gateway.approvals.approve(seeded, id, { keyId: seeded.approvalKeyId });
        expect(decided?.status).toBe('completed');
        return { action: 'accept' };
      });
      try {
        const result = await session.client.callTool({
          name: INVOICE_TOOL,
          arguments: { customer: 'ACME', amount: 99 },
        });
        expect(result.isError).not.toBe(true);
        expect(result.structuredContent).toEqual(INVOICE);
        expect(asked).toHaveLength(1);
        const params = asked[0] as { mode: string; url: string; elicitationId: string; message: string };
        expect(params.mode).toBe('url');
        expect(params.elicitationId).toMatch(/^approval_/);
        expect(params.url).toBe(
          `${PUBLIC_ORIGIN}/mcp/v1/${seeded.workspace}/${seeded.agent}/approvals/${params.elicitationId}`,
        );
        expect(params.message).toContain(INVOICE_TOOL);
        expect(upstream.requests.length).toBe(before + 1);
        expect(session.completed).toEqual([params.elicitationId]);
      } finally {
        await session.close();
      }
    });

    it('a declined elicitation answers the plain approval_required result and leaves the request pending (silence is not consent)', async () => {
      const before = upstream.requests.length;
      const session = await connect(async () => ({ action: 'decline' }));
      try {
        const result = await session.client.callTool({
          name: INVOICE_TOOL,
          arguments: { customer: 'Globex', amount: 3 },
        });
        expect(result.isError).toBe(false);
        const content = result.structuredContent as {
          status: string;
          approval_id: string;
          approval_url: string;
        };
        expect(content.status).toBe('approval_required');
        expect(content.approval_url).toBe(
          `/mcp/v1/${seeded.workspace}/${seeded.agent}/approvals/${content.approval_id}`,
        );
        expect((await gateway.gateway.approvals.get(seeded, content.approval_id))?.status).toBe('pending');
        expect(upstream.requests.length).toBe(before);
      } finally {
        await session.close();
      }
    });

    it('accepted but nobody decides within approvalWaitMs: the plain result when the wait ends, and no elicitation/complete', async () => {
      await gateway.close();
      gateway = await listenGateway(fixture.db(), {
        publicOrigin: PUBLIC_ORIGIN,
        approvals: { waitMs: 300 },
      });
      const session = await connect(async () => ({ action: 'accept' }));
      try {
        const args = { customer: 'Initech', amount: 4 };
        const started = performance.now();
        const first = await session.client.callTool({ name: INVOICE_TOOL, arguments: args });
        const waited = performance.now() - started;
        expect(waited).toBeGreaterThanOrEqual(290);
        expect(waited).toBeLessThan(5_000);
        const content = first.structuredContent as { status: string; approval_id: string };
        expect(content.status).toBe('approval_required');
        expect(session.completed).toEqual([]);
        expect((await gateway.gateway.approvals.get(seeded, content.approval_id))?.status).toBe('pending');
      } finally {
        await session.close();
      }
    });
  },
);
