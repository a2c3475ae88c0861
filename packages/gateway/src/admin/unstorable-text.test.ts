import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApprovalAgent,
  requestOrder,
  seedApprovalAgent,
} from '../approvals/http/test-support/approval-fixture.js';
import { createKey } from '../keys/api-keys-table.js';
import { frankfurterDraft, seedWorkspace } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { type ListeningGateway, listenGateway } from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

// Issue 19, point 13: a NUL or a lone surrogate reached PostgreSQL (which stores neither in
// text nor jsonb) and came back as `500 internal`. Each is now refused where request bodies
// and path parameters are read: 400 `invalid_field` naming the field, as problem+json.

interface Reply {
  status: number;
  type: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: tests read problem+json by path
  body: any;
}

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';

describeEachDatabase('NUL and lone surrogates in the admin and approval APIs', (fixture) => {
  let upstream: TestUpstream;
  let listening: ListeningGateway;
  let adminKey: string;
  let workspace: string;
  let seeded: ApprovalAgent;

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(201, { 'content-type': 'application/json' }).end('{"order_id":"o-1"}');
    });
    listening = await listenGateway(fixture.db());
    adminKey = (await createKey(fixture.db(), { type: 'admin', name: 'admin' })).value;
    workspace = await seedWorkspace(fixture.db(), 'txt');
    seeded = await seedApprovalAgent(fixture.db(), upstream);
  });
  afterAll(async () => {
    await listening?.close();
    await upstream?.close();
  });

  /** A request with a raw path (kept as written) and a JSON body written by JSON.stringify. */
  async function call(method: string, path: string, key: string, body?: unknown): Promise<Reply> {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${listening.origin}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: text === '' ? undefined : JSON.parse(text),
    };
  }
  const admin = (method: string, path: string, body?: unknown) =>
    call(method, `/mcp/admin/v1${path}`, adminKey, body);

  function expectRefused(reply: Reply, field: string, what: 'NUL' | 'lone surrogate'): void {
    expect({ status: reply.status, type: reply.type, code: reply.body?.code }).toEqual({
      status: 400,
      type: 'application/problem+json',
      code: 'invalid_field',
    });
    expect(reply.body.errors).toEqual([{ field, message: expect.stringContaining(what) }]);
    expect(reply.body.detail).toContain(field);
  }

  describe.each([
    ['NUL', NUL],
    ['lone surrogate', LONE],
  ] as const)('%s', (what, bad) => {
    it('in a section title or description', async () => {
      const base = { slug: 'text-section', title: 'Title', description: 'About.' };
      expectRefused(
        await admin('POST', `/workspaces/${workspace}/sections`, { ...base, title: bad }),
        'title',
        what,
      );
      expectRefused(
        await admin('POST', `/workspaces/${workspace}/sections`, { ...base, description: bad }),
        'description',
        what,
      );
    });

    it('in a key name', async () => {
      expectRefused(await admin('POST', '/keys', { type: 'admin', name: bad }), 'name', what);
    });

    it("in an operation's description and in an input schema's property name", async () => {
      const create = (draft: Record<string, unknown>) =>
        admin('POST', `/workspaces/${workspace}/operations`, { slug: 'text-op', draft });
      expectRefused(await create(frankfurterDraft({ description: bad })), 'draft.description', what);
      const schema = {
        type: 'object',
        properties: { base: { type: 'string' }, quote: { type: 'string' }, [bad]: { type: 'string' } },
      };
      expectRefused(
        await create(frankfurterDraft({ inputSchema: schema })),
        'draft.inputSchema.properties',
        what,
      );
    });

    it('in an approval note: refused, and the request stays pending (nothing executed)', async () => {
      const record = await requestOrder(listening.gateway.approvals, seeded);
      const path = `${seeded.approvalsPath}/${record.id}`;
      expectRefused(
        await call('POST', `${path}/approve`, seeded.approvalKey, { approve: 'yes', note: bad }),
        'note',
        what,
      );
      expect((await call('GET', path, seeded.approvalKey)).body.status).toBe('pending');
      expect(upstream.requests).toHaveLength(0);
    });
  });

  it('in a path segment of the admin API (percent-encoded NUL, or UTF-8 bytes of a lone surrogate)', async () => {
    expectRefused(await admin('GET', '/workspaces/a%00b'), 'workspace', 'NUL');
    expectRefused(await admin('GET', `/workspaces/${workspace}/sections/%00`), 'section', 'NUL');
    expectRefused(await admin('GET', '/keys/%ED%A0%80'), 'key', 'lone surrogate');
    // A segment that is no UTF-8 at all names the parameter too.
    const broken = await admin('GET', '/workspaces/%FF');
    expect([broken.status, broken.body.errors]).toEqual([
      400,
      [{ field: 'workspace', message: expect.stringContaining('UTF-8') }],
    ]);
  });

  it('in a path segment of the approval API', async () => {
    expectRefused(
      await call('GET', `${seeded.approvalsPath}/approval_%00`, seeded.approvalKey),
      'approval_id',
      'NUL',
    );
    expectRefused(
      await call('POST', `${seeded.approvalsPath}/%ED%A0%80/deny`, seeded.approvalKey, { approve: 'no' }),
      'approval_id',
      'lone surrogate',
    );
  });
});
