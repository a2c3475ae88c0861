import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { listInvocations } from '../history/history-table.js';
import { openDatabase } from '../store/open-database.js';
import { describeEachDatabase, describePostgres } from '../test-support/describe-each-database.js';
import { LegacyClient, RATES_ANSWER, seedAgent } from '../test-support/gateway-fixture.js';
import { startUpstream } from '../test-support/upstream-server.js';
import { startGateway } from './start-gateway.js';

const CALL = { name: 'frankfurter_latest_rate', arguments: { base: 'USD', quote: 'EUR' } };

describeEachDatabase('startGateway', (fixture) => {
  it('opens and migrates the database, listens, serves, and on close writes pending history before closing the database', async () => {
    const upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
    });
    const dir = await mkdtemp(join(tmpdir(), 'mcpforge-gateway-'));
    try {
      const { url } = await fixture.freshWithUrl();
      const where = url === undefined ? { dataDir: join(dir, 'data') } : { databaseUrl: url };
      const progress: string[] = [];
      // A flush interval far longer than the test: only close() can write the row.
      const running = await startGateway({
        ...where,
        listen: { port: 0 },
        history: { flushMs: 3_600_000 },
        onMigration: (event) => progress.push(`${event.type} ${event.id}`),
      });
      expect(progress).toContain('done 0003_history');
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const seeded = await seedAgent(running.db, upstream);
      const client = new LegacyClient(`${running.url}${seeded.path}`, seeded.key);
      await client.connect();
      await client.request('tools/list');
      const call = await client.request('tools/call', CALL);
      expect(call.body.result.structuredContent).toEqual(RATES_ANSWER);
      await running.close();
      await running.close();

      const again = await openDatabase(where);
      try {
        const rows = await listInvocations(again, { keyId: seeded.keyId });
        expect(rows.map((row) => row.requestId)).toEqual([call.headers.get('x-request-id')]);
      } finally {
        await again.close();
      }
    } finally {
      await upstream.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

it('startGateway refuses a bad port before opening anything', async () => {
  await expect(startGateway({ listen: { port: 70_000 } })).rejects.toThrow(/^listen\.port/);
  await expect(startGateway({ prefix: 'mcp' })).rejects.toThrow(/^prefix/);
});

describePostgres('two gateway processes on one database', (fixture) => {
  it('a key revoked on one gateway is refused by the other within a second, inside its open session', async () => {
    const upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
    });
    const { createGateway } = await import('./gateway.js');
    const { createServer } = await import('node:http');
    const servers: Array<{ close(): Promise<void>; origin: string; revoke(id: string): Promise<unknown> }> =
      [];
    try {
      for (const db of [fixture.db(), await fixture.connectAgain()]) {
        const gateway = await createGateway({ db });
        const server = createServer(gateway.node);
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const address = server.address() as { port: number };
        servers.push({
          origin: `http://127.0.0.1:${address.port}`,
          revoke: (id) => gateway.keys.revoke(id),
          async close() {
            await gateway.close();
            server.closeAllConnections();
            await new Promise<void>((resolve) => server.close(() => resolve()));
          },
        });
      }
      const [first, second] = servers as [(typeof servers)[0], (typeof servers)[0]];
      const seeded = await seedAgent(fixture.db(), upstream);
      const onSecond = new LegacyClient(`${second.origin}${seeded.path}`, seeded.key);
      await onSecond.connect();
      expect((await onSecond.request('tools/list')).status).toBe(200);
      await first.revoke(seeded.keyId);
      const revokedAt = performance.now();
      let status = 200;
      while (status === 200 && performance.now() - revokedAt < 1000) {
        status = (await onSecond.request('tools/list')).status;
      }
      expect(status).toBe(401);
    } finally {
      for (const server of servers) await server.close();
      await upstream.close();
    }
  });
});
