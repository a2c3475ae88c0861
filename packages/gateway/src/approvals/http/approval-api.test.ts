import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAgent } from '../../catalog/agents-table.js';
import { createKey } from '../../keys/api-keys-table.js';
import { uniqueSlug } from '../../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../../test-support/describe-each-database.js';
import { LegacyClient, type ListeningGateway, listenGateway } from '../../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../../test-support/upstream-server.js';
import { MAX_NOTE_LENGTH } from '../approval-service.js';
import {
  type ApprovalAgent,
  ORDER_TOOL,
  orderPosts,
  requestOrder,
  seedApprovalAgent,
} from './test-support/approval-fixture.js';

/** The upstream's answer to `POST /orders`. */
const ORDER_ANSWER = { order_id: 'o-1', status: 'created' };

interface Reply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers by path
  body: any;
}

describeEachDatabase('the approval API over HTTP', (fixture) => {
  let upstream: TestUpstream;
  let listening: ListeningGateway;
  let seeded: ApprovalAgent;

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(ORDER_ANSWER));
    });
    listening = await listenGateway(fixture.db());
    seeded = await seedApprovalAgent(fixture.db(), upstream);
  });

  afterAll(async () => {
    await listening?.close();
    await upstream?.close();
  });

  async function call(
    path: string,
    key: string | undefined,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...init.headers };
    if (key !== undefined) headers['authorization'] = `Bearer ${key}`;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${listening.origin}${path}`, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text === '' ? undefined : JSON.parse(text),
    };
  }

  const approve = (id: string, key = seeded.approvalKey, body: unknown = { approve: 'yes' }) =>
    call(`${seeded.approvalsPath}/${id}/approve`, key, { body });
  const deny = (id: string, key = seeded.approvalKey, body: unknown = { approve: 'no' }) =>
    call(`${seeded.approvalsPath}/${id}/deny`, key, { body });
  const status = async (id: string) =>
    (await call(`${seeded.approvalsPath}/${id}`, seeded.approvalKey)).body.status;

  it('the whole flow: list, get, approve executes the stored arguments once, and the record tells the outcome', async () => {
    const record = await requestOrder(listening.gateway.approvals, seeded, {
      amount: 4200,
      currency: 'EUR',
      card_token: 'tok_live_secret_4242',
    });
    const list = await call(`${seeded.approvalsPath}?status=pending`, seeded.approvalKey);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body.items.map((item: { approval_id: string }) => item.approval_id)).toContain(record.id);
    expect(list.body).toHaveProperty('next_cursor');

    const one = await call(`${seeded.approvalsPath}/${record.id}`, seeded.approvalKey);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      approval_id: record.id,
      workspace: seeded.workspace,
      agent: seeded.agent,
      tool: ORDER_TOOL,
      status: 'pending',
      decided_at: null,
      attempts: 0,
      response_payload: null,
      request_id: record.requestId,
      trace_id: record.traceId,
      approval_url: `${seeded.approvalsPath}/${record.id}`,
    });
    expect(one.body.payload_preview).toMatchObject({
      amount: 4200,
      currency: 'EUR',
      card_token: '[redacted]',
    });
    // Who asked: the requesting key by id and name, and whether it is still active (issue 19).
    expect(one.body.requested_by).toEqual({ key_id: seeded.clientKeyId, name: 'sales client', active: true });
    expect(one.body.payload_preview_truncated).toBe(false);
    // What an approval runs: the published operation version of the call.
    expect(one.body.operation_version_id).toBe(record.operationVersionId);
    // Neither the stored argument nor anything of the lease nor any key's value is in a view.
    const text = JSON.stringify(one.body);
    expect(text).not.toContain('tok_live_secret_4242');
    expect(text).not.toMatch(/lease|mcpf_/);
    expect(text).not.toContain(seeded.clientKey);
    expect(text).not.toContain(seeded.approvalKey);

    const before = orderPosts(upstream);
    const approved = await approve(record.id, seeded.approvalKey, {
      approve: 'yes',
      note: 'The customer agreed',
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'completed', note: 'The customer agreed', attempts: 1 });
    expect(approved.body.decided_at).toEqual(expect.any(String));
    expect(approved.body.completed_at).toEqual(expect.any(String));
    expect(approved.body.execution_request_id).toEqual(expect.any(String));
    expect(approved.body.execution_trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(approved.body.response_payload)).toContain('o-1');
    expect(orderPosts(upstream)).toBe(before + 1);
    // The upstream got the arguments stored at tools/call time, the secret one included.
    expect(JSON.parse(upstream.requests.at(-1)!.body)).toEqual({
      amount: 4200,
      currency: 'EUR',
      card_token: 'tok_live_secret_4242',
    });
    const after = await call(`${seeded.approvalsPath}/${record.id}`, seeded.approvalKey);
    expect(after.body).toEqual(approved.body);
  });

  it('end to end: a tools/call gets approval_required, the URLs it names approve it, and the call executes once', async () => {
    const client = new LegacyClient(
      `${listening.origin}/mcp/v1/${seeded.workspace}/${seeded.agent}`,
      seeded.clientKey,
    );
    await client.connect();
    const before = orderPosts(upstream);
    const args = { amount: 990_001, currency: 'CHF' };
    const toolCall = await client.request('tools/call', { name: ORDER_TOOL, arguments: args });
    expect(toolCall.status).toBe(200);
    const result = toolCall.body.result.structuredContent;
    expect(result).toMatchObject({ status: 'approval_required', approve: { method: 'POST' } });
    expect(result.approval_url).toBe(`${seeded.approvalsPath}/${result.approval_id}`);
    expect(orderPosts(upstream)).toBe(before);
    // The same call again is the same request.
    const again = await client.request('tools/call', { name: ORDER_TOOL, arguments: args });
    expect(again.body.result.structuredContent.approval_id).toBe(result.approval_id);

    const decided = await call(result.approve.url, seeded.approvalKey, {
      method: result.approve.method,
      body: result.approve.body,
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ approval_id: result.approval_id, status: 'completed' });
    expect(orderPosts(upstream)).toBe(before + 1);
    expect(JSON.parse(upstream.requests.at(-1)!.body)).toEqual(args);
    const repeated = await call(result.deny.url, seeded.approvalKey, { body: result.deny.body });
    expect(repeated.body.status).toBe('completed');
    expect(orderPosts(upstream)).toBe(before + 1);
  });

  it('deny: denied, the upstream never called', async () => {
    const record = await requestOrder(listening.gateway.approvals, seeded);
    const before = orderPosts(upstream);
    const denied = await deny(record.id, seeded.approvalKey, { approve: 'no', note: 'Wrong amount' });
    expect(denied.status).toBe(200);
    expect(denied.body).toMatchObject({
      status: 'denied',
      note: 'Wrong amount',
      attempts: 0,
      response_payload: null,
    });
    expect(orderPosts(upstream)).toBe(before);
  });

  it('repeating approve or deny on a terminal request answers its current state and never executes again', async () => {
    const completed = await requestOrder(listening.gateway.approvals, seeded);
    expect((await approve(completed.id)).body.status).toBe('completed');
    const denied = await requestOrder(listening.gateway.approvals, seeded);
    expect((await deny(denied.id)).body.status).toBe('denied');
    const before = orderPosts(upstream);
    for (const id of [completed.id, denied.id]) {
      const first = await call(`${seeded.approvalsPath}/${id}`, seeded.approvalKey);
      for (const repeat of [approve, deny, approve]) {
        const answer = await repeat(id);
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual(first.body);
      }
    }
    expect(orderPosts(upstream)).toBe(before);
  });

  it('approve racing deny over HTTP: one wins, both answers agree with it, the upstream runs at most once', async () => {
    for (let round = 0; round < 6; round++) {
      const record = await requestOrder(listening.gateway.approvals, seeded);
      const before = orderPosts(upstream);
      const racers =
        round % 2 === 0 ? [approve(record.id), deny(record.id)] : [deny(record.id), approve(record.id)];
      const answers = await Promise.all(racers);
      for (const answer of answers) expect(answer.status).toBe(200);
      const final = await status(record.id);
      expect(['completed', 'denied']).toContain(final);
      expect(orderPosts(upstream)).toBe(before + (final === 'completed' ? 1 : 0));
      // The loser saw the winner's decision (an approve that won may still be executing for it).
      for (const answer of answers) {
        expect(final === 'denied' ? ['denied'] : ['executing', 'completed']).toContain(answer.body.status);
      }
    }
  });

  it('takes approval keys of the agent or of its workspace; other keys are 403, no key or a bad one 401', async () => {
    const record = await requestOrder(listening.gateway.approvals, seeded);
    const path = `${seeded.approvalsPath}/${record.id}`;
    const db = fixture.db();
    const admin = await createKey(db, { type: 'admin', name: 'operator' });
    const other = await seedApprovalAgent(db, upstream);
    const siblingAgent = uniqueSlug('support');
    await createAgent(db, seeded.workspace, { slug: siblingAgent, draft: { operations: ['create-order'] } });
    const sibling = await createKey(db, {
      type: 'approval',
      name: 'sibling agent',
      workspace: seeded.workspace,
      agent: siblingAgent,
    });

    expect((await call(path, seeded.approvalKey)).status).toBe(200);
    expect((await call(path, seeded.workspaceApprovalKey)).status).toBe(200);
    const expectations: [string, number, string][] = [
      [seeded.clientKey, 403, 'key_wrong_type'],
      [admin.value, 403, 'key_wrong_type'],
      [sibling.value, 403, 'key_wrong_scope'],
      [other.approvalKey, 403, 'key_wrong_scope'],
      [other.workspaceApprovalKey, 403, 'key_wrong_scope'],
    ];
    for (const [key, code, name] of expectations) {
      for (const answer of [await call(path, key), await approve(record.id, key)]) {
        expect(answer.status).toBe(code);
        expect(answer.headers.get('content-type')).toBe('application/problem+json');
        expect(answer.body).toMatchObject({
          status: code,
          code: name,
          request_id: answer.headers.get('x-request-id'),
        });
      }
    }
    const none = await call(path, undefined);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="mcpforge-approvals"');
    expect(none.body.code).toBe('key_invalid');
    const unknown = await approve(record.id, 'mcpf_apr_notakeyatall');
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toBe(
      'Bearer realm="mcpforge-approvals", error="invalid_token"',
    );
    const revocable = await createKey(db, {
      type: 'approval',
      name: 'soon revoked',
      workspace: seeded.workspace,
    });
    expect((await call(path, revocable.value)).status).toBe(200);
    await listening.gateway.keys.revoke(revocable.key.id);
    expect((await approve(record.id, revocable.value)).status).toBe(401);
    expect(await status(record.id)).toBe('pending');
  });

  it("an Origin outside the key's allowed origins is refused before anything changes", async () => {
    const limited = await createKey(fixture.db(), {
      type: 'approval',
      name: 'web app',
      workspace: seeded.workspace,
      allowedOrigins: ['https://app.example.com'],
    });
    const record = await requestOrder(listening.gateway.approvals, seeded);
    const before = orderPosts(upstream);
    const evil = { origin: 'https://evil.example.com' };
    for (const answer of [
      await call(`${seeded.approvalsPath}/${record.id}/approve`, limited.value, {
        body: { approve: 'yes' },
        headers: evil,
      }),
      await call(`${seeded.approvalsPath}/${record.id}/deny`, limited.value, {
        body: { approve: 'no' },
        headers: evil,
      }),
      await call(`${seeded.approvalsPath}/${record.id}`, limited.value, { headers: evil }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('origin_not_allowed');
      // Nor can the refused page read the answer.
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect(await status(record.id)).toBe('pending');
    expect(orderPosts(upstream)).toBe(before);
    const allowed = await call(`${seeded.approvalsPath}/${record.id}/deny`, limited.value, {
      body: { approve: 'no' },
      headers: { origin: 'https://APP.example.com' },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.status).toBe('denied');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://APP.example.com');
    expect(allowed.headers.get('vary')).toBe('Origin');
    // A server-side caller sends no Origin: the allow-list does not apply.
    const serverSide = await requestOrder(listening.gateway.approvals, seeded);
    expect((await deny(serverSide.id, limited.value)).status).toBe(200);
  });

  it('answers a browser preflight without a key; the real request still needs the key', async () => {
    const record = await requestOrder(listening.gateway.approvals, seeded);
    const origin = 'https://app.example.com';
    const preflight = await fetch(`${listening.origin}${seeded.approvalsPath}/${record.id}/approve`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const unauthenticated = await call(`${seeded.approvalsPath}/${record.id}/approve`, undefined, {
      body: { approve: 'yes' },
      headers: { origin },
    });
    expect(unauthenticated.status).toBe(401);
    // A key without allowed origins takes any origin, and the page may read the answer.
    const read = await call(`${seeded.approvalsPath}/${record.id}`, seeded.approvalKey, {
      headers: { origin },
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(origin);
    expect(read.headers.get('access-control-expose-headers')).toContain('x-request-id');
    expect(await status(record.id)).toBe('pending');
  });

  it('404 for an unknown workspace, agent, request or sub-resource, and for a request of another agent', async () => {
    const record = await requestOrder(listening.gateway.approvals, seeded);
    const db = fixture.db();
    const sibling = await seedApprovalAgent(db, upstream);
    const wide = await createKey(db, { type: 'approval', name: 'wide', workspace: sibling.workspace });
    const missing = [
      [`${seeded.approvalsPath}/approval_00000000000000000000000000`, seeded.approvalKey],
      [`${seeded.approvalsPath}/not-an-id/approve`, seeded.approvalKey],
      [`${seeded.approvalsPath}/${record.id}/execute`, seeded.approvalKey],
      [`/mcp/v1/${seeded.workspace}/no-such-agent/approvals`, seeded.workspaceApprovalKey],
      // A request is found only under its own agent, whatever the key may see.
      [`${sibling.approvalsPath}/${record.id}`, wide.value],
    ] as const;
    for (const [path, key] of missing) {
      const answer = await call(path, key, path.endsWith('/approve') ? { body: { approve: 'yes' } } : {});
      expect(answer.status, path).toBe(404);
      expect(answer.body.code).toBe('not_found');
    }
    const noWorkspaceKey = await call(
      `/mcp/v1/no-such-workspace/sales/approvals`,
      seeded.workspaceApprovalKey,
    );
    // The key is checked first: an approval key of another workspace is 403, never a probe of names.
    expect(noWorkspaceKey.status).toBe(403);
    expect(await status(record.id)).toBe('pending');
  });

  it('405 with Allow for a wrong method; 400, 413 and 415 name what is wrong, and nothing changes', async () => {
    const record = await requestOrder(listening.gateway.approvals, seeded);
    const path = `${seeded.approvalsPath}/${record.id}`;
    const before = orderPosts(upstream);
    const postList = await call(seeded.approvalsPath, seeded.approvalKey, { body: { approve: 'yes' } });
    expect(postList.status).toBe(405);
    expect(postList.headers.get('allow')).toBe('GET');
    const getApprove = await call(`${path}/approve`, seeded.approvalKey);
    expect(getApprove.status).toBe(405);
    expect(getApprove.headers.get('allow')).toBe('POST');

    const invalid: [unknown, string | undefined, number, string][] = [
      [undefined, undefined, 400, 'approve'],
      [{ approve: 'no' }, undefined, 400, 'approve'],
      [{ approve: true }, undefined, 400, 'approve'],
      [{ approve: 'yes', because: 'x' }, undefined, 400, 'because'],
      [{ approve: 'yes', note: 'x'.repeat(MAX_NOTE_LENGTH + 1) }, undefined, 400, 'note'],
    ];
    for (const [body, contentType, code, field] of invalid) {
      const answer = await call(`${path}/approve`, seeded.approvalKey, {
        method: 'POST',
        body,
        headers: contentType === undefined ? {} : { 'content-type': contentType },
      });
      expect(answer.status, JSON.stringify(body)).toBe(code);
      expect(answer.body).toMatchObject({ code: 'invalid_field', field });
      expect(answer.body.errors[0].field).toBe(field);
    }
    const malformed = await call(`${path}/approve`, seeded.approvalKey, { body: '{"approve": "yes"' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('malformed_json');
    const plain = await call(`${path}/approve`, seeded.approvalKey, {
      body: '{"approve":"yes"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    expect(plain.body.code).toBe('unsupported_media_type');
    const huge = await call(`${path}/approve`, seeded.approvalKey, {
      body: { approve: 'yes', note: 'x'.repeat(64 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('body_too_large');
    const query = await call(`${seeded.approvalsPath}?state=pending`, seeded.approvalKey);
    expect(query.status).toBe(400);
    expect(query.body.field).toBe('state');
    for (const bad of ['status=approved', 'limit=0', 'limit=501', 'limit=ten']) {
      const answer = await call(`${seeded.approvalsPath}?${bad}`, seeded.approvalKey);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.field).toBe(bad.split('=')[0]);
    }
    expect(await status(record.id)).toBe('pending');
    expect(orderPosts(upstream)).toBe(before);
  });

  it('lists newest first in pages that cover every request once, filtered by status', async () => {
    const own = await seedApprovalAgent(fixture.db(), upstream);
    const ids: string[] = [];
    for (let index = 0; index < 5; index++)
      ids.push((await requestOrder(listening.gateway.approvals, own)).id);
    const seen: string[] = [];
    const created: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor === null ? 'limit=2' : `limit=2&cursor=${encodeURIComponent(cursor)}`;
      const page = await call(`${own.approvalsPath}?${query}`, own.approvalKey);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((item: { approval_id: string }) => item.approval_id));
      created.push(...page.body.items.map((item: { created_at: string }) => Date.parse(item.created_at)));
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect([...seen].sort()).toEqual([...ids].sort());
    // Newest first (requests made in the same millisecond may come in either order).
    for (let index = 1; index < created.length; index++) {
      expect(created[index]).toBeLessThanOrEqual(created[index - 1]!);
    }

    for (const id of ids.slice(0, 2)) {
      const denied = await call(`${own.approvalsPath}/${id}/deny`, own.approvalKey, {
        body: { approve: 'no' },
      });
      expect(denied.body.status).toBe('denied');
    }
    const pending = await call(`${own.approvalsPath}?status=pending`, own.approvalKey);
    expect(pending.body.items.map((item: { approval_id: string }) => item.approval_id).sort()).toEqual(
      ids.slice(2).sort(),
    );
    const denied = await call(`${own.approvalsPath}?status=denied`, own.approvalKey);
    expect(denied.body.items.map((item: { approval_id: string }) => item.approval_id).sort()).toEqual(
      ids.slice(0, 2).sort(),
    );
    expect((await call(`${own.approvalsPath}?status=completed`, own.approvalKey)).body).toEqual({
      items: [],
      next_cursor: null,
    });
    const badCursor = await call(`${own.approvalsPath}?cursor=nonsense`, own.approvalKey);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.field).toBe('cursor');
  });
});
