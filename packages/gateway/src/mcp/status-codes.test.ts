import { afterAll, beforeAll, expect, it } from 'vitest';
import { archiveAgent, createAgent } from '../catalog/agents-table.js';
import { createKey } from '../keys/api-keys-table.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import {
  type Answer,
  LEGACY_VERSION,
  LegacyClient,
  type ListeningGateway,
  listenGateway,
  postJson,
  RATES_ANSWER,
  type SeededAgent,
  seedAgent,
} from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: LEGACY_VERSION,
    capabilities: {},
    clientInfo: { name: 'curl', version: '1.0.0' },
  },
};

function expectRefused(answer: Answer, status: number): void {
  expect({ status: answer.status, jsonrpc: answer.body?.jsonrpc }).toEqual({ status, jsonrpc: '2.0' });
  expect(answer.body.error.code).toEqual(expect.any(Number));
  expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(answer.headers.get('x-trace-id')).toMatch(/^[0-9a-f]{32}$/);
}

describeEachDatabase('status codes of the MCP endpoint', (fixture) => {
  let upstream: TestUpstream;
  let gateway: ListeningGateway;
  let seeded: SeededAgent;
  let url: string;

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
    });
    gateway = await listenGateway(fixture.db());
    seeded = await seedAgent(fixture.db(), upstream);
    url = `${gateway.origin}${seeded.path}`;
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('401 with a WWW-Authenticate challenge for a missing key, and invalid_token for a wrong one', async () => {
    const missing = await postJson(url, INITIALIZE);
    expectRefused(missing, 401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="mcpforge"');
    const made_up = `mcpf_mcp_${'A'.repeat(49)}`;
    for (const authorization of [`Bearer ${made_up}`, 'Bearer not-a-key', 'Basic dXNlcjpwYXNz']) {
      const wrong = await postJson(url, INITIALIZE, { authorization });
      expectRefused(wrong, 401);
      expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer realm="mcpforge"/);
      expect(wrong.text).not.toContain(made_up);
    }
  });

  it('403 for a key of another type (approval, admin) and for the key of another agent', async () => {
    const db = fixture.db();
    const approval = await createKey(db, { type: 'approval', name: 'ui', workspace: seeded.workspace });
    const admin = await createKey(db, { type: 'admin', name: 'ops' });
    const other = await seedAgent(db, upstream);
    for (const key of [approval.value, admin.value, other.key]) {
      const refused = await postJson(url, INITIALIZE, { authorization: `Bearer ${key}` });
      expectRefused(refused, 403);
    }
  });

  it('404 for an agent that is not published (never, or archived since)', async () => {
    const db = fixture.db();
    await createAgent(db, seeded.workspace, { slug: 'drafty', draft: {} });
    const drafty = await createKey(db, {
      type: 'mcp_client',
      name: 'c',
      workspace: seeded.workspace,
      agent: 'drafty',
    });
    const unpublished = await postJson(`${gateway.origin}/mcp/v1/${seeded.workspace}/drafty`, INITIALIZE, {
      authorization: `Bearer ${drafty.value}`,
    });
    expectRefused(unpublished, 404);
    expect(unpublished.text).not.toContain('drafty');

    const archived = await seedAgent(db, upstream);
    const archivedUrl = `${gateway.origin}${archived.path}`;
    expect(
      (await postJson(archivedUrl, INITIALIZE, { authorization: `Bearer ${archived.key}` })).status,
    ).toBe(200);
    await archiveAgent(db, archived.workspace, archived.agent);
    await gateway.gateway.agents.refresh(archived.workspace, archived.agent);
    expectRefused(await postJson(archivedUrl, INITIALIZE, { authorization: `Bearer ${archived.key}` }), 404);
  });

  it('404 without any body echo for paths outside {prefix}/v1/{workspace}/{agent}', async () => {
    for (const path of ['/', '/mcp', '/mcp/v1/ws', '/mcp/v1/Bad_Slug/x', '/mcp/v2/a/b', '/other/v1/a/b']) {
      const answer = await postJson(`${gateway.origin}${path}`, INITIALIZE, {
        authorization: `Bearer ${seeded.key}`,
      });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('x-request-id')).toMatch(/.+/);
      if (path.length > 1) expect(answer.text).not.toContain(path);
    }
  });

  it('400 for a missing session id, a protocol version other than the negotiated one, and malformed JSON', async () => {
    const client = new LegacyClient(url, seeded.key);
    await client.connect();
    const noSession = await postJson(
      url,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      {
        authorization: `Bearer ${seeded.key}`,
        'mcp-protocol-version': LEGACY_VERSION,
      },
    );
    expectRefused(noSession, 400);
    const otherVersion = await postJson(
      url,
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      {
        ...client.headers(),
        'mcp-protocol-version': '2025-03-26',
      },
    );
    expectRefused(otherVersion, 400);
    const unknownSession = await postJson(
      url,
      { jsonrpc: '2.0', id: 4, method: 'tools/list' },
      {
        ...client.headers(),
        'mcp-session-id': 'session-that-never-was',
      },
    );
    expectRefused(unknownSession, 404);
    expect(unknownSession.text).not.toContain('session-that-never-was');
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...client.headers(), 'content-type': 'application/json', accept: 'application/json' },
      body: '{"jsonrpc": "2.0", "id": 5, "method": ',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  it('429 with Retry-After once a key has spent its budget; other keys are not affected', async () => {
    const limited = await listenGateway(fixture.db(), { rateLimit: { perSecond: 0.5, burst: 2 } });
    try {
      const target = `${limited.origin}${seeded.path}`;
      const headers = { authorization: `Bearer ${seeded.key}` };
      expect((await postJson(target, INITIALIZE, headers)).status).toBe(200);
      expect((await postJson(target, INITIALIZE, headers)).status).toBe(200);
      const refused = await postJson(target, INITIALIZE, headers);
      expectRefused(refused, 429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const other = await seedAgent(fixture.db(), upstream);
      const fine = await postJson(`${limited.origin}${other.path}`, INITIALIZE, {
        authorization: `Bearer ${other.key}`,
      });
      expect(fine.status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('a revoked key is refused with 401 on its next request, also inside an open session', async () => {
    const db = fixture.db();
    const own = await seedAgent(db, upstream);
    const client = new LegacyClient(`${gateway.origin}${own.path}`, own.key);
    await client.connect();
    expect((await client.request('tools/list')).status).toBe(200);
    await gateway.gateway.keys.revoke(own.keyId);
    const after = await client.request('tools/list');
    expectRefused(after, 401);
    const call = await client.request('tools/call', {
      name: 'frankfurter_latest_rate',
      arguments: { base: 'USD', quote: 'EUR' },
    });
    expectRefused(call, 401);
  });
});
