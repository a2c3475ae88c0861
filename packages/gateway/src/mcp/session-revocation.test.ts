import { afterAll, beforeAll, expect, it } from 'vitest';
import { createKey } from '../keys/api-keys-table.js';
import { describeEachDatabase, describePostgres } from '../test-support/describe-each-database.js';
import {
  LegacyClient,
  type ListeningGateway,
  listenGateway,
  RATES_ANSWER,
  type SeededAgent,
  seedAgent,
} from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

/** The bound the issue sets for a revocation, on every process: the same as for a request. */
const REVOCATION_BOUND_MS = 1000;

/** Opens `client`'s GET stream and returns a promise of the time it ended (or a failure past `limitMs`). */
async function openStream(client: LegacyClient): Promise<{ ended: (limitMs: number) => Promise<number> }> {
  const response = await fetch(client.url, { headers: { ...client.headers(), accept: 'text/event-stream' } });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const done = (async () => {
    for (;;) if ((await reader.read()).done) return performance.now();
  })().catch(() => performance.now());
  return {
    async ended(limitMs) {
      const from = performance.now();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the stream was still open ${limitMs} ms later`)), limitMs);
      });
      try {
        return (await Promise.race([done, late])) - from;
      } finally {
        clearTimeout(timer);
        await reader.cancel().catch(() => undefined);
      }
    },
  };
}

async function secondKey(db: Parameters<typeof createKey>[0], seeded: SeededAgent): Promise<string> {
  const created = await createKey(db, {
    type: 'mcp_client',
    name: 'another client',
    workspace: seeded.workspace,
    agent: seeded.agent,
  });
  return created.value;
}

describeEachDatabase('a revoked key loses its open sessions and streams (issue 19, point 9)', (fixture) => {
  let upstream: TestUpstream;
  let gateway: ListeningGateway;

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
    });
    gateway = await listenGateway(fixture.db());
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it("revoking a key ends its GET stream and sessions within 1 s; another key's session lives on", async () => {
    const db = fixture.db();
    const seeded = await seedAgent(db, upstream);
    const url = `${gateway.origin}${seeded.path}`;
    const revoked = new LegacyClient(url, seeded.key);
    await revoked.connect();
    const spare = new LegacyClient(url, seeded.key);
    await spare.connect();
    const other = new LegacyClient(url, await secondKey(db, seeded));
    await other.connect();
    const stream = await openStream(revoked);
    const otherStream = await openStream(other);

    await gateway.gateway.keys.revoke(seeded.keyId);
    expect(await stream.ended(REVOCATION_BOUND_MS)).toBeLessThan(REVOCATION_BOUND_MS);

    // The sessions are gone, not merely refused: the key's requests are 401 anyway.
    expect((await revoked.request('tools/list')).status).toBe(401);
    expect((await other.request('tools/list')).status).toBe(200);
    await expect(otherStream.ended(200)).rejects.toThrow(/still open/);
  });
});

describePostgres('a key revoked on one gateway ends its streams on another', (fixture) => {
  let upstream: TestUpstream;
  let here: ListeningGateway;
  let there: ListeningGateway;

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
    });
    // Two gateways, each with its own connections to the one database, as two replicas.
    here = await listenGateway(fixture.db());
    there = await listenGateway(await fixture.connectAgain());
  });
  afterAll(async () => {
    await here?.close();
    await there?.close();
    await upstream?.close();
  });

  it('the stream open on the other gateway ends within 1 s of the revocation', async () => {
    const seeded = await seedAgent(fixture.db(), upstream);
    const client = new LegacyClient(`${there.origin}${seeded.path}`, seeded.key);
    await client.connect();
    const stream = await openStream(client);

    await here.gateway.keys.revoke(seeded.keyId);
    expect(await stream.ended(REVOCATION_BOUND_MS)).toBeLessThan(REVOCATION_BOUND_MS);
  });

  it('without any notice (it was lost), the stream ends once the 1 s sweep has looked', async () => {
    const db = fixture.db();
    const seeded = await seedAgent(db, upstream);
    const client = new LegacyClient(`${there.origin}${seeded.path}`, seeded.key);
    await client.connect();
    const stream = await openStream(client);
    // Revoked as revokeKey does, but no NOTIFY: only the sweep can see it.
    await db.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [seeded.keyId]);
    // As for requests without a notice (key-revocation.test.ts): the 1 s cache age, and slack.
    expect(await stream.ended(1500)).toBeLessThan(1500);
  });
});
