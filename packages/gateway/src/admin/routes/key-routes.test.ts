import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AdminServer, startAdminServer } from '../../test-support/admin-server.js';
import { seedWorkspace } from '../../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../../test-support/describe-each-database.js';

describeEachDatabase('admin routes: keys', (fixture) => {
  let admin: AdminServer;
  let workspace: string;
  beforeAll(async () => {
    admin = await startAdminServer(fixture.db());
    workspace = await seedWorkspace(fixture.db());
    await admin.call('POST', `/workspaces/${workspace}/agents`, { body: { slug: 'bot' } });
  });
  afterAll(() => admin.close());

  it('creates each type: the value is in the answer once, its type in its prefix', async () => {
    const inputs = [
      { type: 'mcp_client', name: 'client', workspace, agent: 'bot' },
      { type: 'approval', name: 'console', workspace, allowedOrigins: ['https://app.example.com'] },
      { type: 'admin', name: 'ops' },
    ];
    for (const input of inputs) {
      const created = await admin.call('POST', '/keys', { body: input });
      expect(created.status).toBe(201);
      expect(created.body.value).toEqual(expect.stringMatching(/^mcpf_(mcp|apr|adm)_/));
      expect(created.body.value.startsWith(created.body.key.displayPrefix)).toBe(true);
      expect(created.body.key).toMatchObject({ type: input.type, name: input.name, revokedAt: null });
      const got = await admin.call('GET', `/keys/${created.body.key.id}`);
      expect(JSON.stringify(got.body)).not.toContain(created.body.value);
    }
  });

  it('lists keys newest first without values or hashes, filtered, paginated', async () => {
    const created = await admin.call('POST', '/keys', {
      body: { type: 'approval', name: 'listed', workspace },
    });
    const listed = await admin.call('GET', `/keys?workspace=${workspace}&type=approval&limit=1`);
    expect(listed.body.items).toEqual([expect.objectContaining({ id: created.body.key.id })]);
    expect(listed.body.nextCursor).toEqual(expect.any(String));
    const all = await admin.call('GET', '/keys?limit=500');
    const text = JSON.stringify(all.body);
    expect(text).not.toContain(created.body.value);
    expect(text).not.toMatch(/sha256|secret/i);
    const times = all.body.items.map((k: { createdAt: string }) => k.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await admin.call('GET', '/keys?type=root')).body.field).toBe('type');
    expect((await admin.call('GET', '/keys?workspace=nope')).status).toBe(404);
  });

  it('validation names the field: type, name, agent, a binding the type does not take', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'root', name: 'x' }, 'type'],
      [{ type: 'admin' }, 'name'],
      [{ type: 'mcp_client', name: 'x', workspace }, 'agent'],
      [{ type: 'admin', name: 'x', workspace }, 'workspace'],
      [{ type: 'mcp_client', name: 'x', workspace, agent: 'bot', allowedOrigins: [] }, 'allowedOrigins'],
      [
        { type: 'approval', name: 'x', workspace, allowedOrigins: ['https://a.example/path'] },
        'allowedOrigins[0]',
      ],
    ];
    for (const [body, field] of cases) {
      const answer = await admin.call('POST', '/keys', { body });
      expect(answer.status, field).toBe(400);
      expect(answer.body.field, field).toBe(field);
    }
    const unknownAgent = await admin.call('POST', '/keys', {
      body: { type: 'mcp_client', name: 'x', workspace, agent: 'ghost' },
    });
    expect(unknownAgent.status).toBe(404);
  });

  it('revokes (idempotent): the key is refused from its next request; unknown id 404', async () => {
    const created = await admin.call('POST', '/keys', { body: { type: 'admin', name: 'short-lived' } });
    const value = created.body.value;
    expect((await admin.call('GET', '/workspaces', { key: value })).status).toBe(200);
    const revoked = await admin.call('POST', `/keys/${created.body.key.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    expect((await admin.call('POST', `/keys/${created.body.key.id}/revoke`)).body.revokedAt).toBe(
      revoked.body.revokedAt,
    );
    expect((await admin.call('GET', '/workspaces', { key: value })).status).toBe(401);
    expect((await admin.call('GET', '/keys')).body.items.map((k: { id: string }) => k.id)).not.toContain(
      created.body.key.id,
    );
    expect(
      (await admin.call('GET', '/keys?includeRevoked=true')).body.items.map((k: { id: string }) => k.id),
    ).toContain(created.body.key.id);
    expect((await admin.call('POST', '/keys/not-a-uuid/revoke')).status).toBe(404);
    expect((await admin.call('GET', '/keys/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });
});
