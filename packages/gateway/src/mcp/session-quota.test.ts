import { afterAll, beforeAll, expect, it } from 'vitest';
import { createKey } from '../keys/api-keys-table.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import {
  LEGACY_VERSION,
  LegacyClient,
  type ListeningGateway,
  listenGateway,
  postJson,
  RATES_ANSWER,
  seedAgent,
} from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

describeEachDatabase('one key churning sessions evicts only its own (issue 19, point 3)', (fixture) => {
  let upstream: TestUpstream;
  let gateway: ListeningGateway;

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
    });
    // Small bounds stand for the defaults (100 per key, 1,000 per agent, 10,000 in all): without
    // the per-key quota, 60 sessions of one key push every other session out of the 20.
    gateway = await listenGateway(fixture.db(), {
      sessions: { perKey: 5, perAgent: 12, max: 20 },
      rateLimit: false,
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it("key A opens more than its quota; key B's idle session, of another workspace, still works", async () => {
    const db = fixture.db();
    const victim = await seedAgent(db, upstream);
    const attacker = await seedAgent(db, upstream);
    const idle = new LegacyClient(`${gateway.origin}${victim.path}`, victim.key);
    await idle.connect();
    const churn = new LegacyClient(`${gateway.origin}${attacker.path}`, attacker.key);
    const first = new LegacyClient(churn.url, attacker.key);
    await first.connect();
    for (let index = 0; index < 60; index++) {
      churn.sessionId = undefined;
      await churn.connect();
    }
    expect((await idle.request('tools/list')).status).toBe(200);
    // The attacker's own oldest session went; its newest is there.
    expect((await first.request('tools/list')).status).toBe(404);
    expect((await churn.request('tools/list')).status).toBe(200);
  });

  it("the keys of one agent share the agent's quota, and another agent's session stays", async () => {
    const db = fixture.db();
    const victim = await seedAgent(db, upstream);
    const busy = await seedAgent(db, upstream);
    const idle = new LegacyClient(`${gateway.origin}${victim.path}`, victim.key);
    await idle.connect();
    const url = `${gateway.origin}${busy.path}`;
    const early = new LegacyClient(url, busy.key);
    await early.connect();
    // Four keys of one agent, five sessions each (their quota): twenty, past the agent's twelve.
    for (let keyIndex = 0; keyIndex < 4; keyIndex++) {
      const { value } = await createKey(db, {
        type: 'mcp_client',
        name: `client ${keyIndex}`,
        workspace: busy.workspace,
        agent: busy.agent,
      });
      for (let index = 0; index < 5; index++) await new LegacyClient(url, value).connect();
    }
    expect((await idle.request('tools/list')).status).toBe(200);
    expect((await early.request('tools/list')).status).toBe(404);
  });

  it('an initialize declaring 3 MiB of capabilities.experimental is refused with 413 and opens no session', async () => {
    const seeded = await seedAgent(fixture.db(), upstream);
    const url = `${gateway.origin}${seeded.path}`;
    const answer = await postJson(
      url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: LEGACY_VERSION,
          capabilities: { experimental: { blob: { data: 'x'.repeat(3 * 1024 * 1024) } } },
          clientInfo: { name: 'curl', version: '1.0.0' },
        },
      },
      { authorization: `Bearer ${seeded.key}` },
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ id: 1, error: { code: -32600 } });
    expect(answer.headers.get('mcp-session-id')).toBeNull();
    // The key's own handshake of ordinary size still works.
    const client = new LegacyClient(url, seeded.key);
    await client.connect();
    expect((await client.request('tools/list')).status).toBe(200);
  });

  it('refuses a session option that would turn a quota off, naming it', async () => {
    await expect(listenGateway(fixture.db(), { sessions: { perKey: 0 } })).rejects.toThrow(
      /sessions\.perKey/,
    );
    await expect(
      listenGateway(fixture.db(), { sessions: { perkey: 5 } as unknown as { perKey: number } }),
    ).rejects.toThrow(/sessions\.perkey: unknown option/);
  });
});
