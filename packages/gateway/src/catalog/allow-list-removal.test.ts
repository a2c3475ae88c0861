import { afterAll, beforeAll, expect, it } from 'vitest';
import { createKey } from '../keys/api-keys-table.js';
import { describeEachDatabase, describePostgres } from '../test-support/describe-each-database.js';
import {
  type Answer,
  type ListeningGateway,
  listenGateway,
  modernRequest,
  RATES_ANSWER,
  type SeededAgent,
  seedAgent,
} from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

/**
 * Issue 19, point 10: removing a host from the allow-list takes effect on the process that
 * removed it before the admin API answers, and on every other process by NOTIFY, not after a
 * refresh interval. The gateways here re-read catalogs only every 10 minutes, so the interval
 * cannot be what makes the removal effective.
 */
const NO_REFRESH = { catalogRefreshMs: 600_000 };
/** Generous bound for a NOTIFY to cross processes on a loaded machine (the interval is 10 min). */
const CROSS_PROCESS_BOUND_MS = 20_000;

function callTool(gateway: ListeningGateway, seeded: SeededAgent): Promise<Answer> {
  return modernRequest(
    `${gateway.origin}${seeded.path}`,
    seeded.key,
    'tools/call',
    { name: 'frankfurter_latest_rate', arguments: { base: 'USD', quote: 'EUR' } },
    'frankfurter_latest_rate',
  );
}

function errorCodeOf(answer: Answer): string | undefined {
  expect(answer.status).toBe(200);
  return answer.body?.result?.isError === true ? answer.body.result.structuredContent?.error_code : undefined;
}

async function removeHost(gateway: ListeningGateway, adminKey: string, workspace: string, pattern: string) {
  const response = await fetch(
    `${gateway.origin}/mcp/admin/v1/workspaces/${workspace}/upstream-hosts/${encodeURIComponent(pattern)}`,
    { method: 'DELETE', headers: { authorization: `Bearer ${adminKey}` } },
  );
  expect(response.status).toBe(204);
}

async function adminKey(db: Parameters<typeof createKey>[0]): Promise<string> {
  return (await createKey(db, { type: 'admin', name: 'ops' })).value;
}

describeEachDatabase('removing an allow-list entry (issue 19, point 10)', (fixture) => {
  let upstream: TestUpstream;
  let gateway: ListeningGateway;

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
    });
    gateway = await listenGateway(fixture.db(), { prefix: '/mcp', ...NO_REFRESH });
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('on the process that removed it, no call made after the admin API answered reaches the host', async () => {
    const db = fixture.db();
    const seeded = await seedAgent(db, upstream);
    const admin = await adminKey(db);
    // The allow-list is cached by this first call.
    expect(errorCodeOf(await callTool(gateway, seeded))).toBeUndefined();
    const reached = upstream.requests.length;
    await removeHost(gateway, admin, seeded.workspace, `127.0.0.1:${upstream.port}`);
    expect(errorCodeOf(await callTool(gateway, seeded))).toBe('upstream_host_not_allowed');
    expect(upstream.requests.length).toBe(reached);
  }, 120_000);
});

describePostgres(
  'removing an allow-list entry, two gateways on one database (issue 19, point 10)',
  (fixture) => {
    let upstream: TestUpstream;
    let first: ListeningGateway;
    let second: ListeningGateway;

    beforeAll(async () => {
      upstream = await startUpstream((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
      });
      first = await listenGateway(fixture.db(), { prefix: '/mcp', ...NO_REFRESH });
      second = await listenGateway(await fixture.connectAgain(), { prefix: '/mcp', ...NO_REFRESH });
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await upstream?.close();
    });

    it('a removal on one gateway stops the calls of the other by NOTIFY, long before any refresh', async () => {
      const db = fixture.db();
      const seeded = await seedAgent(db, upstream);
      const admin = await adminKey(db);
      expect(errorCodeOf(await callTool(first, seeded))).toBeUndefined();
      expect(errorCodeOf(await callTool(second, seeded))).toBeUndefined();
      await removeHost(first, admin, seeded.workspace, `127.0.0.1:${upstream.port}`);
      expect(errorCodeOf(await callTool(first, seeded))).toBe('upstream_host_not_allowed');
      const started = performance.now();
      let code: string | undefined;
      while (performance.now() - started < CROSS_PROCESS_BOUND_MS) {
        code = errorCodeOf(await callTool(second, seeded));
        if (code === 'upstream_host_not_allowed') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(code).toBe('upstream_host_not_allowed');
    }, 120_000);
  },
);
