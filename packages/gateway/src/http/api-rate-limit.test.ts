import { afterAll, beforeAll, expect, it } from 'vitest';
import { createKey } from '../keys/api-keys-table.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import {
  type ListeningGateway,
  listenGateway,
  modernRequest,
  RATES_ANSWER,
  type SeededAgent,
  seedAgent,
} from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

/** A budget of three requests that does not refill within a test (one token every 1,000 s). */
const TIGHT = { perSecond: 0.001, burst: 3 };

function get(url: string, key: string): Promise<Response> {
  return fetch(url, { headers: { authorization: `Bearer ${key}` } });
}

/** Statuses of `count` requests made one after the other. */
async function statuses(count: number, send: () => Promise<Response>): Promise<number[]> {
  const seen: number[] = [];
  for (let index = 0; index < count; index++) {
    const response = await send();
    await response.arrayBuffer();
    seen.push(response.status);
  }
  return seen;
}

describeEachDatabase(
  'rate limits on every API; refused requests spend nothing (issue 19, point 5)',
  (fixture) => {
    let upstream: TestUpstream;
    let gateway: ListeningGateway;
    let seeded: SeededAgent;
    let other: SeededAgent;

    beforeAll(async () => {
      upstream = await startUpstream((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
      });
      gateway = await listenGateway(fixture.db(), { rateLimit: TIGHT });
      seeded = await seedAgent(fixture.db(), upstream);
      other = await seedAgent(fixture.db(), upstream);
    });
    afterAll(async () => {
      await gateway?.close();
      await upstream?.close();
    });

    it("requests refused with 403 for another agent do not spend the key's budget", async () => {
      const key = (
        await createKey(fixture.db(), {
          type: 'mcp_client',
          name: 'wanderer',
          workspace: seeded.workspace,
          agent: seeded.agent,
        })
      ).value;
      const elsewhere = `${gateway.origin}${other.path}`;
      const own = `${gateway.origin}${seeded.path}`;
      expect(await statuses(10, () => modernRequest(elsewhere, key, 'tools/list').then(toResponse))).toEqual(
        Array(10).fill(403),
      );
      // The whole budget is still there, and then it is spent.
      expect(await statuses(4, () => modernRequest(own, key, 'tools/list').then(toResponse))).toEqual([
        200, 200, 200, 429,
      ]);
    });

    it('an approval key past its budget gets 429 rate_limited with Retry-After; a 403 spends nothing', async () => {
      const db = fixture.db();
      const key = (
        await createKey(db, {
          type: 'approval',
          name: 'approver',
          workspace: seeded.workspace,
          agent: seeded.agent,
        })
      ).value;
      // Bound to seeded's agent: the other agent's approvals are 403 key_wrong_scope.
      const foreign = `${gateway.origin}${other.path}/approvals`;
      expect(await statuses(5, () => get(foreign, key))).toEqual(Array(5).fill(403));
      const url = `${gateway.origin}${seeded.path}/approvals`;
      expect(await statuses(3, () => get(url, key))).toEqual([200, 200, 200]);
      const limited = await get(url, key);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(limited.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(await limited.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    });

    it('an admin key past its budget gets 429 rate_limited; an mcp_client key refused there spends nothing', async () => {
      const db = fixture.db();
      const admin = (await createKey(db, { type: 'admin', name: 'ops' })).value;
      const client = (
        await createKey(db, {
          type: 'mcp_client',
          name: 'curious',
          workspace: other.workspace,
          agent: other.agent,
        })
      ).value;
      const url = `${gateway.origin}/mcp/admin/v1/workspaces`;
      expect(await statuses(5, () => get(url, client))).toEqual(Array(5).fill(403));
      expect(
        await statuses(3, () =>
          modernRequest(`${gateway.origin}${other.path}`, client, 'tools/list').then(toResponse),
        ),
      ).toEqual([200, 200, 200]);
      expect(await statuses(3, () => get(url, admin))).toEqual([200, 200, 200]);
      const limited = await get(url, admin);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await limited.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    });
  },
);

/** `modernRequest` answers are already read; a Response stands in for them in `statuses`. */
function toResponse(answer: { status: number; text: string }): Response {
  return new Response(answer.text, { status: answer.status });
}
