import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type ApprovalAgent,
  requestOrder,
  seedApprovalAgent,
} from '../../approvals/http/test-support/approval-fixture.js';
import { createKey } from '../../keys/api-keys-table.js';
import { describeEachDatabase } from '../../test-support/describe-each-database.js';
import { type ListeningGateway, listenGateway } from '../../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../../test-support/upstream-server.js';
import { buildOpenApiDocument } from '../openapi.js';

interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers by path
  body: any;
}

const ajv = new Ajv2020({ strict: false });
addFormats.default(ajv);
ajv.addSchema(buildOpenApiDocument('/mcp/admin/v1'), 'admin');
const validApproval = ajv.compile({ $ref: 'admin#/components/schemas/Approval' });
const validPage = ajv.compile({ $ref: 'admin#/components/schemas/ApprovalPage' });

describeEachDatabase('admin API: approval requests for operators', (fixture) => {
  let upstream: TestUpstream;
  let listening: ListeningGateway;
  let sales: ApprovalAgent;
  let support: ApprovalAgent;
  let adminKey: string;

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    listening = await listenGateway(fixture.db());
    sales = await seedApprovalAgent(fixture.db(), upstream);
    support = await seedApprovalAgent(fixture.db(), upstream);
    adminKey = (await createKey(fixture.db(), { type: 'admin', name: 'operator' })).value;
  });

  afterAll(async () => {
    await listening?.close();
    await upstream?.close();
  });

  async function admin(path: string, key = adminKey): Promise<Reply> {
    const response = await fetch(`${listening.origin}/mcp/admin/v1${path}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    return { status: response.status, body: await response.json() };
  }

  it('lists a workspace’s requests newest first, by agent and status, in pages; reads one; never the arguments or the lease owner', async () => {
    const approvals = listening.gateway.approvals;
    const secret = await requestOrder(approvals, sales, {
      amount: 7,
      currency: 'USD',
      card_token: 'tok_secret_77',
    });
    const other = await requestOrder(approvals, sales);
    const approved = await requestOrder(approvals, sales);
    await approvals.approve(sales, approved.id, { keyId: sales.clientKeyId, note: 'ok' });
    const elsewhere = await requestOrder(approvals, support);

    const all = await admin(`/approvals?workspace=${sales.workspace}`);
    expect(all.status).toBe(200);
    expect(validPage(all.body), JSON.stringify(validPage.errors)).toBe(true);
    const ids = all.body.items.map((item: { id: string }) => item.id);
    expect(ids.sort()).toEqual([secret.id, other.id, approved.id].sort());
    expect(ids).not.toContain(elsewhere.id);
    const text = JSON.stringify(all.body);
    expect(text).not.toContain('tok_secret_77');
    expect(text).not.toMatch(/leaseOwner|workerId|mcpf_/);

    const pending = await admin(
      `/approvals?workspace=${sales.workspace}&agent=${sales.agent}&status=pending`,
    );
    expect(pending.body.items.map((item: { id: string }) => item.id).sort()).toEqual(
      [secret.id, other.id].sort(),
    );
    const completed = await admin(`/approvals?workspace=${sales.workspace}&status=completed`);
    expect(completed.body.items).toHaveLength(1);
    expect(completed.body.items[0]).toMatchObject({
      id: approved.id,
      status: 'completed',
      note: 'ok',
      decidedByKeyId: sales.clientKeyId,
      attempts: 1,
    });
    // The execution's ids are those of its row in the invocation history.
    await listening.gateway.flushHistory();
    const rows = (await admin(`/history?workspace=${sales.workspace}&agent=${sales.agent}`)).body.items;
    expect(rows.map((row: { requestId: string }) => row.requestId)).toContain(
      completed.body.items[0].executionRequestId,
    );

    const first = await admin(`/approvals?workspace=${sales.workspace}&limit=2`);
    expect(first.body.items).toHaveLength(2);
    const second = await admin(
      `/approvals?workspace=${sales.workspace}&limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    );
    expect(second.body.items).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    expect([...first.body.items, ...second.body.items].map((item: { id: string }) => item.id).sort()).toEqual(
      [secret.id, other.id, approved.id].sort(),
    );

    const one = await admin(`/workspaces/${sales.workspace}/agents/${sales.agent}/approvals/${secret.id}`);
    expect(one.status).toBe(200);
    expect(validApproval(one.body), JSON.stringify(validApproval.errors)).toBe(true);
    expect(one.body).toMatchObject({
      id: secret.id,
      workspace: sales.workspace,
      agent: sales.agent,
      status: 'pending',
      payloadPreview: { amount: 7, currency: 'USD', card_token: '[redacted]' },
      requestedByKeyId: sales.clientKeyId,
    });
  });

  it('refuses a list without a workspace, unknown filters and names, and keys other than admin', async () => {
    const record = await requestOrder(listening.gateway.approvals, sales);
    const refusals: [string, number, string, string | undefined][] = [
      ['/approvals', 400, 'invalid_field', 'workspace'],
      [`/approvals?workspace=${sales.workspace}&status=approved`, 400, 'invalid_field', 'status'],
      [`/approvals?workspace=${sales.workspace}&tool=x`, 400, 'invalid_field', 'tool'],
      [`/approvals?workspace=${sales.workspace}&cursor=junk`, 400, 'invalid_field', 'cursor'],
      ['/approvals?workspace=no-such-workspace', 404, 'not_found', undefined],
      [`/approvals?workspace=${sales.workspace}&agent=no-such-agent`, 404, 'not_found', undefined],
      [
        `/workspaces/${sales.workspace}/agents/${sales.agent}/approvals/approval_junk`,
        404,
        'not_found',
        undefined,
      ],
      // A request is found under its own agent only.
      [
        `/workspaces/${support.workspace}/agents/${support.agent}/approvals/${record.id}`,
        404,
        'not_found',
        undefined,
      ],
    ];
    for (const [path, status, code, field] of refusals) {
      const answer = await admin(path);
      expect(answer.status, path).toBe(status);
      expect(answer.body.code).toBe(code);
      if (field !== undefined) expect(answer.body.field).toBe(field);
    }
    const byApprovalKey = await admin(`/approvals?workspace=${sales.workspace}`, sales.workspaceApprovalKey);
    expect(byApprovalKey.status).toBe(403);
    expect(byApprovalKey.body.code).toBe('key_wrong_type');
  });
});
