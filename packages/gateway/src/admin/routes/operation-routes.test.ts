import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AdminServer, startAdminServer } from '../../test-support/admin-server.js';
import { frankfurterDraft, seedWorkspace } from '../../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../../test-support/describe-each-database.js';

describeEachDatabase('admin routes: operations', (fixture) => {
  let admin: AdminServer;
  let workspace: string;
  let base: string;
  beforeAll(async () => {
    admin = await startAdminServer(fixture.db());
    workspace = await seedWorkspace(fixture.db());
    base = `/workspaces/${workspace}/operations`;
  });
  afterAll(() => admin.close());

  it('creates an operation with its draft, defaults filled in; gets it', async () => {
    const created = await admin.call('POST', base, { body: { slug: 'latest', draft: frankfurterDraft() } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      workspace,
      slug: 'latest',
      draftRevision: 1,
      latestVersion: 0,
      archivedAt: null,
      draft: { name: 'frankfurter_latest_rate', approval: 'none', binding: { timeoutMs: 10_000 } },
    });
    const got = await admin.call('GET', `${base}/latest`);
    expect(got.body).toEqual(created.body);
  });

  it('validation names the field inside the draft; duplicate slug 409; unknown workspace and slug 404', async () => {
    const badSchema = await admin.call('POST', base, {
      body: { slug: 'bad', draft: frankfurterDraft({ inputSchema: { type: 'string' } }) },
    });
    expect(badSchema.status).toBe(400);
    expect(badSchema.body.errors[0].field).toMatch(/^draft\.inputSchema/);
    const badName = await admin.call('POST', base, {
      body: { slug: 'bad', draft: frankfurterDraft({ name: 'a b' }) },
    });
    expect(badName.body.field).toBe('draft.name');
    const extra = await admin.call('POST', base, {
      body: { slug: 'bad', draft: frankfurterDraft({ colour: 1 }) },
    });
    expect(extra.body.field).toBe('draft.colour');
    await admin.call('POST', base, { body: { slug: 'twice', draft: frankfurterDraft() } });
    const duplicate = await admin.call('POST', base, { body: { slug: 'twice', draft: frankfurterDraft() } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('already_exists');
    expect(
      (
        await admin.call('POST', '/workspaces/nope/operations', {
          body: { slug: 'x', draft: frankfurterDraft() },
        })
      ).status,
    ).toBe(404);
    expect((await admin.call('GET', `${base}/nope`)).status).toBe(404);
  });

  it('edits the draft, refusing a stale expectedDraftRevision with 409 draft_conflict', async () => {
    await admin.call('POST', base, { body: { slug: 'edited', draft: frankfurterDraft() } });
    const edited = await admin.call('PUT', `${base}/edited/draft`, {
      body: { draft: frankfurterDraft({ title: 'New title' }), expectedDraftRevision: 1 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ draftRevision: 2, draft: { title: 'New title' } });
    const stale = await admin.call('PUT', `${base}/edited/draft`, {
      body: { draft: frankfurterDraft(), expectedDraftRevision: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'draft_conflict', field: 'expectedDraftRevision' });
    const missing = await admin.call('PUT', `${base}/edited/draft`, { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('draft');
    expect(
      (await admin.call('PUT', `${base}/nope/draft`, { body: { draft: frankfurterDraft() } })).status,
    ).toBe(404);
  });

  it('publishes versions (201 new, 200 unchanged), lists and gets them; unknown version 404', async () => {
    await admin.call('POST', base, { body: { slug: 'versioned', draft: frankfurterDraft() } });
    const first = await admin.call('POST', `${base}/versioned/publish`);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ created: true, version: { version: 1, operation: 'versioned' } });
    const same = await admin.call('POST', `${base}/versioned/publish`);
    expect(same.status).toBe(200);
    expect(same.body.created).toBe(false);
    await admin.call('PUT', `${base}/versioned/draft`, {
      body: { draft: frankfurterDraft({ title: 'v2' }) },
    });
    expect((await admin.call('POST', `${base}/versioned/publish`)).body.version.version).toBe(2);
    const versions = await admin.call('GET', `${base}/versioned/versions?limit=1`);
    expect(versions.body.items.map((v: { version: number }) => v.version)).toEqual([1]);
    const next = await admin.call('GET', `${base}/versioned/versions?cursor=${versions.body.nextCursor}`);
    expect(next.body).toMatchObject({
      items: [{ version: 2, definition: { title: 'v2' } }],
      nextCursor: null,
    });
    const one = await admin.call('GET', `${base}/versioned/versions/1`);
    expect(one.body).toMatchObject({ version: 1, definition: { title: 'Latest exchange rate' } });
    for (const version of ['3', '0', 'abc', '1.0']) {
      expect((await admin.call('GET', `${base}/versioned/versions/${version}`)).status, version).toBe(404);
    }
    const body = await admin.call('POST', `${base}/versioned/publish`, { body: { force: true } });
    expect(body.body.field).toBe('force');
  });

  it('publishing a draft whose host is not allowed is 409 upstream_not_allowed', async () => {
    const draft = frankfurterDraft({
      binding: { method: 'GET', baseUrl: 'https://elsewhere.example', path: '/x' },
    });
    await admin.call('POST', base, {
      body: { slug: 'elsewhere', draft: { ...draft, inputSchema: { type: 'object', properties: {} } } },
    });
    const refused = await admin.call('POST', `${base}/elsewhere/publish`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('upstream_not_allowed');
  });

  it('archives (idempotent): left out of the list unless asked, and its draft is frozen (409 archived)', async () => {
    await admin.call('POST', base, { body: { slug: 'old', draft: frankfurterDraft() } });
    const archived = await admin.call('POST', `${base}/old/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.archivedAt).toEqual(expect.any(String));
    expect((await admin.call('POST', `${base}/old/archive`)).body.archivedAt).toBe(archived.body.archivedAt);
    const slugs = async (query: string) =>
      (await admin.call('GET', `${base}${query}`)).body.items.map((o: { slug: string }) => o.slug);
    expect(await slugs('')).not.toContain('old');
    expect(await slugs('?includeArchived=true')).toContain('old');
    expect((await admin.call('GET', `${base}?includeArchived=yes`)).body.field).toBe('includeArchived');
    const edit = await admin.call('PUT', `${base}/old/draft`, { body: { draft: frankfurterDraft() } });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('archived');
    expect((await admin.call('POST', `${base}/old/publish`)).body.code).toBe('archived');
    expect((await admin.call('POST', `${base}/nope/archive`)).status).toBe(404);
  });
});
