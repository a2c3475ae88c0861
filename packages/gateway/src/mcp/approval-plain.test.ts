import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  INVOICE_TOOL,
  invoiceDraft,
  type SeededApprovalAgent,
  seedApprovalAgent,
} from '../approvals/approval-fixture.js';
import { publishAgent } from '../catalog/agent-versions-table.js';
import { updateAgentDraft } from '../catalog/agents-table.js';
import { publishOperation } from '../catalog/operation-versions-table.js';
import { createOperation } from '../catalog/operations-table.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import {
  LegacyClient,
  type ListeningGateway,
  listenGateway,
  modernRequest,
} from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

const APPROVAL_ID = /^approval_[0-9A-HJKMNP-TV-Z]{26}$/;

describeEachDatabase(
  'tools/call of an approval-required tool: the plain approval_required result',
  (fixture) => {
    let upstream: TestUpstream;
    let gateway: ListeningGateway;
    let seeded: SeededApprovalAgent;
    let url: string;

    beforeAll(async () => {
      upstream = await startUpstream((_request, response) => {
        response.writeHead(201, { 'content-type': 'application/json' }).end('{"invoice":"inv_1"}');
      });
      gateway = await listenGateway(fixture.db(), { history: { flushMs: 5 } });
      seeded = await seedApprovalAgent(fixture.db(), upstream);
      url = `${gateway.origin}/mcp/v1/${seeded.workspace}/${seeded.agent}`;
    });
    afterAll(async () => {
      await gateway?.gateway.approvals.close();
      await gateway?.close();
      await upstream?.close();
    });

    it("a legacy client that declares nothing gets the seed's result at once, with paths under the prefix, and the upstream is not called", async () => {
      const client = new LegacyClient(url, seeded.clientKey);
      await client.connect();
      const call = await client.request('tools/call', {
        name: INVOICE_TOOL,
        arguments: { customer: 'ACME', amount: 120 },
      });
      expect(call.status).toBe(200);
      const result = call.body.result;
      expect(result.isError).toBe(false);
      const id = result.structuredContent.approval_id as string;
      expect(id).toMatch(APPROVAL_ID);
      const path = `/mcp/v1/${seeded.workspace}/${seeded.agent}/approvals/${id}`;
      expect(result.structuredContent).toEqual({
        status: 'approval_required',
        approval_id: id,
        approval_url: path,
        approve: { method: 'POST', url: `${path}/approve`, body: { approve: 'yes' } },
        deny: { method: 'POST', url: `${path}/deny`, body: { approve: 'no' } },
      });
      expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
      expect(upstream.requests).toHaveLength(0);
      const record = await gateway.gateway.approvals.get(seeded, id);
      expect(record).toMatchObject({
        status: 'pending',
        tool: INVOICE_TOOL,
        requestedByKeyId: seeded.clientKeyId,
      });
      expect(record?.requestId).toBe(call.headers.get('x-request-id'));
    });

    it('the same call twice (legacy, then modern without the tasks extension) returns the same approval_id; another amount a new one', async () => {
      const args = { customer: 'Globex', amount: 75 };
      const client = new LegacyClient(url, seeded.clientKey);
      await client.connect();
      const first = await client.request('tools/call', { name: INVOICE_TOOL, arguments: args });
      const again = await modernRequest(
        url,
        seeded.clientKey,
        'tools/call',
        { name: INVOICE_TOOL, arguments: args },
        INVOICE_TOOL,
      );
      expect(again.status).toBe(200);
      expect(again.body.result.resultType).toBe('complete');
      expect(again.body.result.structuredContent.approval_id).toBe(
        first.body.result.structuredContent.approval_id,
      );
      const other = await client.request('tools/call', {
        name: INVOICE_TOOL,
        arguments: { ...args, amount: 76 },
      });
      expect(other.body.result.structuredContent.approval_id).not.toBe(
        first.body.result.structuredContent.approval_id,
      );
      expect(upstream.requests).toHaveLength(0);
    });

    it('once decided, the same call asks again (a new request), and the history row of each call says what it answered', async () => {
      const args = { customer: 'Initech', amount: 10 };
      const client = new LegacyClient(url, seeded.clientKey);
      await client.connect();
      const first = await client.request('tools/call', { name: INVOICE_TOOL, arguments: args });
      const id = first.body.result.structuredContent.approval_id as string;
      const denied = await gateway.gateway.approvals.deny(seeded, id, { keyId: seeded.approvalKeyId });
      expect(denied?.status).toBe('denied');
      const second = await client.request('tools/call', { name: INVOICE_TOOL, arguments: args });
      expect(second.body.result.structuredContent.approval_id).not.toBe(id);
      await gateway.gateway.flushHistory();
      const { rows } = await fixture
        .db()
        .query<{ outcome: string; error_code: string | null }>(
          'SELECT outcome, error_code FROM invocation_history WHERE request_id = $1',
          [first.headers.get('x-request-id')],
        );
      // 'approval_required' once the history table has that outcome (a migration widens its CHECK), 'success' before.
      expect(rows).toHaveLength(1);
      expect(['approval_required', 'success']).toContain(rows[0]?.outcome);
      expect(rows[0]?.error_code).toBeNull();
      expect(upstream.requests).toHaveLength(0);
    });

    it('a tool with an outputSchema publishes anyOf its own and approval_required, so the result conforms', async () => {
      const db = fixture.db();
      const output = {
        type: 'object',
        properties: { invoice: { type: 'string' } },
        required: ['invoice'],
      };
      await createOperation(db, seeded.workspace, {
        slug: 'typed-invoice',
        draft: invoiceDraft(upstream, { name: 'create_typed_invoice', outputSchema: output }),
      });
      await publishOperation(db, seeded.workspace, 'typed-invoice');
      await updateAgentDraft(db, seeded.workspace, seeded.agent, {
        operations: ['create-invoice', 'typed-invoice'],
      });
      await publishAgent(db, seeded.workspace, seeded.agent);
      await gateway.gateway.agents.refresh(seeded.workspace, seeded.agent);
      const client = new LegacyClient(url, seeded.clientKey);
      await client.connect();
      const list = await client.request('tools/list');
      const typed = list.body.result.tools.find(
        (tool: { name: string }) => tool.name === 'create_typed_invoice',
      );
      expect(typed.outputSchema.anyOf[0]).toEqual(output);
      expect(typed.outputSchema.anyOf[1].required).toContain('approval_id');
      const call = await client.request('tools/call', {
        name: 'create_typed_invoice',
        arguments: { customer: 'Typed', amount: 1 },
      });
      expect(call.body.result.isError).toBe(false);
      expect(call.body.result.structuredContent.status).toBe('approval_required');
      expect(upstream.requests).toHaveLength(0);
    });
  },
);
