import { expect, it } from 'vitest';
import { createKey } from '../keys/api-keys-table.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { LegacyClient, listenGateway, RATES_ANSWER, seedAgent } from '../test-support/gateway-fixture.js';
import { startUpstream } from '../test-support/upstream-server.js';

describeEachDatabase('the listener mounts the admin API', (fixture) => {
  it('answers {prefix}/admin/v1 with an admin key, and a key it revokes is refused on the MCP endpoint at once', async () => {
    const upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
    });
    const listening = await listenGateway(fixture.db());
    try {
      const seeded = await seedAgent(fixture.db(), upstream);
      const admin = await createKey(fixture.db(), { type: 'admin', name: 'operator' });
      const auth = { authorization: `Bearer ${admin.value}` };

      const workspaces = await fetch(`${listening.origin}/mcp/admin/v1/workspaces`, { headers: auth });
      expect(workspaces.status).toBe(200);
      expect(workspaces.headers.get('x-request-id')).toMatch(/\S/);
      expect(JSON.stringify(await workspaces.json())).toContain(seeded.workspace);
      const unauthenticated = await fetch(`${listening.origin}/mcp/admin/v1/workspaces`);
      expect(unauthenticated.status).toBe(401);
      const elsewhere = await fetch(`${listening.origin}/mcp/nothing-here`, { headers: auth });
      expect(elsewhere.status).toBe(404);
      await elsewhere.text();

      const client = new LegacyClient(`${listening.origin}${seeded.path}`, seeded.key);
      await client.connect();
      expect((await client.request('tools/list')).status).toBe(200);
      const revoked = await fetch(`${listening.origin}/mcp/admin/v1/keys/${seeded.keyId}/revoke`, {
        method: 'POST',
        headers: auth,
      });
      expect(revoked.status).toBe(200);
      await revoked.text();
      expect((await client.request('tools/list')).status).toBe(401);
    } finally {
      await listening.close();
      await upstream.close();
    }
  });
});
