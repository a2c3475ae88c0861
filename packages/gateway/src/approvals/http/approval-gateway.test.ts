import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, describePostgres } from '../../test-support/describe-each-database.js';
import { LegacyClient, type ListeningGateway, listenGateway } from '../../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../../test-support/upstream-server.js';
import { INVOICE_TOOL, seedApprovalAgent as seedInvoiceAgent } from '../approval-fixture.js';
import {
  type ApprovalAgent,
  ORDER_TOOL,
  orderPosts,
  requestOrder,
  seedApprovalAgent,
} from './test-support/approval-fixture.js';

async function post(
  url: string,
  key: string,
  body: unknown,
): Promise<{ status: number; body: { status: string } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { status: string } };
}

describePostgres('the approval API on two gateway processes over one database', (fixture) => {
  let upstream: TestUpstream;
  let first: ListeningGateway;
  let second: ListeningGateway;
  let seeded: ApprovalAgent;

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      // Slow enough that the approvers all arrive while the execution is under way.
      setTimeout(
        () => response.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}'),
        200,
      );
    });
    first = await listenGateway(fixture.db());
    second = await listenGateway(await fixture.connectAgain());
    seeded = await seedApprovalAgent(fixture.db(), upstream);
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await upstream?.close();
  });

  it('30 approvers spread over both processes: one execution upstream, every answer the same request', async () => {
    const record = await requestOrder(first.gateway.approvals, seeded);
    const before = orderPosts(upstream);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        post(
          `${(index % 2 === 0 ? first : second).origin}${seeded.approvalsPath}/${record.id}/approve`,
          index % 3 === 0 ? seeded.workspaceApprovalKey : seeded.approvalKey,
          { approve: 'yes' },
        ),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(['executing', 'completed']).toContain(answer.body.status);
    }
    expect(answers.filter((answer) => answer.body.status === 'completed').length).toBeGreaterThanOrEqual(1);
    expect(orderPosts(upstream)).toBe(before + 1);
    const final = await fetch(`${second.origin}${seeded.approvalsPath}/${record.id}`, {
      headers: { authorization: `Bearer ${seeded.approvalKey}` },
    });
    expect(((await final.json()) as { status: string }).status).toBe('completed');
  });
});

describeEachDatabase('the approvals options of the gateway', (fixture) => {
  it('approvals.pendingTtlMs: a request nobody decided in time is expired, and approving it then runs nothing', async () => {
    const upstream = await startUpstream();
    const listening = await listenGateway(fixture.db(), { approvals: { pendingTtlMs: 300, sweepMs: 100 } });
    try {
      const seeded = await seedApprovalAgent(fixture.db(), upstream);
      const record = await requestOrder(listening.gateway.approvals, seeded);
      expect(record.expiresAt.getTime() - record.createdAt.getTime()).toBe(300);
      await new Promise((resolve) => setTimeout(resolve, 600));
      const approved = await post(
        `${listening.origin}${seeded.approvalsPath}/${record.id}/approve`,
        seeded.approvalKey,
        { approve: 'yes' },
      );
      expect(approved.status).toBe(200);
      expect(approved.body.status).toBe('expired');
      expect(orderPosts(upstream)).toBe(0);
    } finally {
      await listening.close();
      await upstream.close();
    }
  });

  it('a failed approved call is logged for operators with its ids and code, never the upstream body or the arguments', async () => {
    const upstream = await startUpstream((_request, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('stack trace with SECRET-UPSTREAM-BODY');
    });
    const logged: { fields: object; message: string }[] = [];
    const keep = (fields: object, message: string) => logged.push({ fields, message });
    const listening = await listenGateway(fixture.db(), { logger: { info() {}, warn: keep, error: keep } });
    try {
      const seeded = await seedApprovalAgent(fixture.db(), upstream);
      const record = await requestOrder(listening.gateway.approvals, seeded, {
        amount: 5,
        currency: 'EUR',
        card_token: 'SECRET-ARGUMENT',
      });
      const approved = await post(
        `${listening.origin}${seeded.approvalsPath}/${record.id}/approve`,
        seeded.approvalKey,
        { approve: 'yes' },
      );
      expect(approved.body.status).toBe('failed');
      const entry = logged.find((line) => line.message === 'approved call failed');
      expect(entry?.fields).toMatchObject({ approvalId: record.id, tool: 'create_order' });
      const text = JSON.stringify(logged);
      expect(text).not.toContain('SECRET-UPSTREAM-BODY');
      expect(text).not.toContain('SECRET-ARGUMENT');
      expect(text).not.toContain(seeded.approvalKey);
    } finally {
      await listening.close();
      await upstream.close();
    }
  });

  it('approvals.maxPendingPerKey and maxArgumentsBytes: a tools/call past them is a structured tool error, and nothing is stored (issue 19)', async () => {
    const upstream = await startUpstream();
    const listening = await listenGateway(fixture.db(), {
      approvals: { maxPendingPerKey: 2, maxArgumentsBytes: 512 },
    });
    try {
      const seeded = await seedApprovalAgent(fixture.db(), upstream);
      const client = new LegacyClient(
        `${listening.origin}/mcp/v1/${seeded.workspace}/${seeded.agent}`,
        seeded.clientKey,
      );
      await client.connect();
      const call = async (args: Record<string, unknown>) =>
        (await client.request('tools/call', { name: ORDER_TOOL, arguments: args })).body.result;
      expect((await call({ amount: 1, currency: 'EUR' })).structuredContent.status).toBe('approval_required');
      expect((await call({ amount: 2, currency: 'EUR' })).structuredContent.status).toBe('approval_required');
      const full = await call({ amount: 3, currency: 'EUR' });
      expect(full.isError).toBe(true);
      expect(full.structuredContent).toMatchObject({
        error_code: 'approval_queue_full',
        stage: 'approval',
        retryability: 'retryable',
        outcome_certainty: 'not_executed',
      });
      expect(full.structuredContent.request_id).toEqual(expect.any(String));
      expect(full.structuredContent.trace_id).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.parse(full.content[0].text)).toEqual(full.structuredContent);
      // The same call as a waiting one is not new: it is answered with its request.
      expect((await call({ amount: 2, currency: 'EUR' })).structuredContent.status).toBe('approval_required');
      const large = await call({ amount: 4, currency: 'EUR', card_token: 'x'.repeat(600) });
      expect(large.structuredContent).toMatchObject({
        error_code: 'approval_arguments_too_large',
        stage: 'validate',
        retryability: 'not_retryable',
        outcome_certainty: 'not_executed',
      });
      const { rows } = await fixture
        .db()
        .query<{ count: number }>(
          'SELECT count(*)::integer AS count FROM approval_requests WHERE agent_id = $1',
          [seeded.agentId],
        );
      expect(rows[0]?.count).toBe(2);
      expect(orderPosts(upstream)).toBe(0);
    } finally {
      await listening.close();
      await upstream.close();
    }
  });

  it('the view names the requesting key and whether it is active; approving after its revocation fails and runs nothing (issue 19)', async () => {
    const upstream = await startUpstream();
    const listening = await listenGateway(fixture.db());
    try {
      const seeded = await seedApprovalAgent(fixture.db(), upstream);
      const record = await requestOrder(listening.gateway.approvals, seeded);
      const view = async () =>
        (await (
          await fetch(`${listening.origin}${seeded.approvalsPath}/${record.id}`, {
            headers: { authorization: `Bearer ${seeded.approvalKey}` },
          })
        ).json()) as { requested_by: unknown; status: string };
      expect((await view()).requested_by).toEqual({
        key_id: seeded.clientKeyId,
        name: 'sales client',
        active: true,
      });
      await listening.gateway.keys.revoke(seeded.clientKeyId);
      expect((await view()).requested_by).toEqual({
        key_id: seeded.clientKeyId,
        name: 'sales client',
        active: false,
      });
      const approved = await post(
        `${listening.origin}${seeded.approvalsPath}/${record.id}/approve`,
        seeded.approvalKey,
        {
          approve: 'yes',
        },
      );
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({
        status: 'failed',
        error_code: 'approval_requester_revoked',
        attempts: 0,
        response_payload: { error_code: 'approval_requester_revoked', outcome_certainty: 'not_executed' },
      });
      expect(orderPosts(upstream)).toBe(0);
    } finally {
      await listening.close();
      await upstream.close();
    }
  });

  it('the preview a person approves shows a nested `__proto__` member the upstream then receives (issue 19)', async () => {
    const upstream = await startUpstream();
    const listening = await listenGateway(fixture.db());
    try {
      const seeded = await seedInvoiceAgent(fixture.db(), upstream);
      const approvalKey = seeded.approvalKey;
      const client = new LegacyClient(
        `${listening.origin}/mcp/v1/${seeded.workspace}/${seeded.agent}`,
        seeded.clientKey,
      );
      await client.connect();
      // As a client sends it: `__proto__` is an ordinary member of the JSON text.
      const args = JSON.parse(
        '{"customer":"acme","amount":1,"details":{"nested":{"data":{"__proto__":{"hidden":"X"},"visible":1}}}}',
      );
      const call = await client.request('tools/call', { name: INVOICE_TOOL, arguments: args });
      const id = call.body.result.structuredContent.approval_id as string;
      const path = `${listening.origin}/mcp/v1/${seeded.workspace}/${seeded.agent}/approvals/${id}`;
      const view = (await (
        await fetch(path, { headers: { authorization: `Bearer ${approvalKey}` } })
      ).json()) as {
        payload_preview: { details: { nested: { data: Record<string, unknown> } } };
        payload_preview_truncated: boolean;
      };
      const data = view.payload_preview.details.nested.data;
      expect(Object.keys(data).sort()).toEqual(['__proto__', 'visible']);
      expect(Object.getOwnPropertyDescriptor(data, '__proto__')?.value).toEqual({ hidden: 'X' });
      expect(view.payload_preview_truncated).toBe(false);
      const approved = await post(`${path}/approve`, approvalKey, { approve: 'yes' });
      expect(approved.body.status).toBe('completed');
      const sent = upstream.requests.find((request) => request.url.startsWith('/invoices'));
      expect(sent?.body).toContain('"__proto__":{"hidden":"X"}');
    } finally {
      await listening.close();
      await upstream.close();
    }
  });
});
