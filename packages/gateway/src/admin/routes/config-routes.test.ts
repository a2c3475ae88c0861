import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONFIG_API_VERSION, CONFIG_SCHEMA } from '../../config/config-schema.js';
import { type AdminServer, startAdminServer } from '../../test-support/admin-server.js';
import { frankfurterDraft, uniqueSlug } from '../../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../../test-support/describe-each-database.js';

describeEachDatabase('admin routes: configuration as code', (fixture) => {
  let admin: AdminServer;
  beforeAll(async () => {
    admin = await startAdminServer(fixture.db());
  });
  afterAll(() => admin.close());

  const documentFor = (workspace: string) => ({
    apiVersion: CONFIG_API_VERSION,
    workspace,
    sections: [{ slug: 'rates', title: 'Rates' }],
    upstreamHosts: [{ hostPattern: 'api.frankfurter.dev' }],
    operations: [{ slug: 'latest', draft: frankfurterDraft(), published: true }],
    agents: [{ slug: 'rates', draft: { operations: ['latest'] }, published: true }],
  });

  it('serves the schema, applies a document (a dry run first), and exports it back', async () => {
    expect((await admin.call('GET', '/config-schema')).body).toEqual(CONFIG_SCHEMA);
    const workspace = uniqueSlug('cfg');
    const document = documentFor(workspace);
    const dry = await admin.call('POST', '/config/apply?dryRun=true', { body: document });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ applied: false, workspaceCreated: true, counts: { created: 4 } });
    expect((await admin.call('GET', `/workspaces/${workspace}`)).status).toBe(404);

    const applied = await admin.call('POST', '/config/apply', { body: document });
    expect(applied.body).toMatchObject({ applied: true, workspaceCreated: true, counts: { created: 4 } });
    expect(applied.body.entries).toContainEqual({
      kind: 'agent',
      name: 'rates',
      status: 'created',
      changes: [],
      published: 1,
    });
    const exported = await admin.call('GET', `/workspaces/${workspace}/config`);
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({
      workspace,
      sections: [{ slug: 'rates', title: 'Rates', description: '' }],
      operations: [{ slug: 'latest', published: true }],
      agents: [{ slug: 'rates', published: true }],
    });
    const again = await admin.call('POST', '/config/apply', { body: exported.body });
    expect(again.body.counts).toEqual({ created: 0, changed: 0, archived: 0, removed: 0, unchanged: 4 });
  });

  it('refuses a bad document with the path in errors, an unknown query parameter, and an unknown workspace', async () => {
    const document = documentFor(uniqueSlug('bad'));
    const bad = await admin.call('POST', '/config/apply', {
      body: {
        ...document,
        operations: [{ slug: 'latest', draft: { ...frankfurterDraft(), approval: 'maybe' } }],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'invalid_field',
      errors: [{ field: 'operations[0].draft.approval' }],
    });
    const query = await admin.call('POST', '/config/apply?dry_run=1', { body: document });
    expect([query.status, query.body.code]).toEqual([400, 'invalid_field']);
    expect((await admin.call('GET', '/workspaces/nope-none/config')).status).toBe(404);
  });
});
