import { expect, it } from 'vitest';
import { archiveAgent, createAgent } from '../catalog/agents-table.js';
import { seedWorkspace } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { createKey, getKey, listKeys, revokeKey } from './api-keys-table.js';
import { keySha256 } from './key-format.js';

describeEachDatabase('api keys', (fixture) => {
  it('creates a key of each type, bound as its type requires, returning the value once', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    await createAgent(db, workspace, { slug: 'currency-rates' });
    const client = await createKey(db, {
      type: 'mcp_client',
      name: 'desktop',
      workspace,
      agent: 'currency-rates',
    });
    const approval = await createKey(db, { type: 'approval', name: 'front end', workspace });
    const admin = await createKey(db, { type: 'admin', name: 'ops' });
    expect(client.value).toMatch(/^mcpf_mcp_/);
    expect(approval.value).toMatch(/^mcpf_apr_/);
    expect(admin.value).toMatch(/^mcpf_adm_/);
    expect(client.key).toMatchObject({
      type: 'mcp_client',
      name: 'desktop',
      workspace,
      agent: 'currency-rates',
      allowedOrigins: [],
      displayPrefix: client.value.slice(0, 13),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(approval.key).toMatchObject({ type: 'approval', workspace, agent: null });
    expect(admin.key).toMatchObject({ type: 'admin', workspace: null, agent: null });
    expect(await getKey(db, client.key.id)).toEqual(client.key);
  });

  it('stores only the SHA-256 of a key; no listing shows the value or the hash', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    const { key, value } = await createKey(db, { type: 'approval', name: 'ui', workspace });
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = $1', [
      key.id,
    ]);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(value);
    expect(stored).not.toContain(value.slice(13));
    expect(rows[0]?.['secret_sha256']).toBe(keySha256(value));
    const listed = JSON.stringify([await listKeys(db, { workspace }), await getKey(db, key.id)]);
    expect(listed).not.toContain(value.slice(13));
    expect(listed).not.toContain(keySha256(value));
  });

  it('approval keys keep normalised allowed origins and refuse anything that is not an origin', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    const { key } = await createKey(db, {
      type: 'approval',
      name: 'ui',
      workspace,
      allowedOrigins: ['https://App.Example.com', 'http://localhost:5173/'],
    });
    expect(key.allowedOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
    for (const origin of ['https://app.example.com/path', 'app.example.com', 'ftp://x.example']) {
      await expect(
        createKey(db, { type: 'approval', name: 'ui', workspace, allowedOrigins: [origin] }),
      ).rejects.toMatchObject({ code: 'invalid_field', field: 'allowedOrigins[0]' });
    }
  });

  it('refuses keys whose binding is missing, unknown or archived, naming the field', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    await createAgent(db, workspace, { slug: 'old' });
    await archiveAgent(db, workspace, 'old');
    await expect(
      createKey(db, { type: 'mcp_client', name: 'x', workspace } as unknown as Parameters<
        typeof createKey
      >[1]),
    ).rejects.toMatchObject({ code: 'invalid_field', field: 'agent' });
    await expect(
      createKey(db, { type: 'mcp_client', name: 'x', workspace, agent: 'nobody' }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      createKey(db, { type: 'mcp_client', name: 'x', workspace, agent: 'old' }),
    ).rejects.toMatchObject({
      code: 'archived',
      field: 'agent',
    });
    await expect(createKey(db, { type: 'approval', name: '', workspace })).rejects.toMatchObject({
      field: 'name',
    });
    await expect(
      createKey(db, { type: 'root', name: 'x' } as unknown as Parameters<typeof createKey>[1]),
    ).rejects.toMatchObject({ field: 'type' });
  });

  it('the database itself refuses a key bound against its type', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    const { rows } = await db.query<{ id: string }>('SELECT id FROM workspaces WHERE slug = $1', [workspace]);
    await expect(
      db.query(
        `INSERT INTO api_keys (key_type, name, workspace_id, secret_sha256, display_prefix)
         VALUES ('admin', 'x', $1, 'h1', 'p')`,
        [rows[0]?.id],
      ),
    ).rejects.toThrow('api_keys_binding');
  });

  it('lists keys newest first with filters, and revokes idempotently', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    const first = await createKey(db, { type: 'approval', name: 'first', workspace });
    const second = await createKey(db, { type: 'approval', name: 'second', workspace });
    const revoked = await revokeKey(db, first.key.id);
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect((await revokeKey(db, first.key.id)).revokedAt).toEqual(revoked.revokedAt);
    expect((await listKeys(db, { workspace })).map((k) => k.name)).toEqual(['second']);
    expect((await listKeys(db, { workspace, includeRevoked: true })).map((k) => k.id).sort()).toEqual(
      [first.key.id, second.key.id].sort(),
    );
    expect(await listKeys(db, { workspace, type: 'mcp_client' })).toEqual([]);
    await expect(revokeKey(db, 'not-a-uuid')).rejects.toMatchObject({ code: 'not_found' });
    await expect(revokeKey(db, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(listKeys(db, { workspace: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
  });
});
