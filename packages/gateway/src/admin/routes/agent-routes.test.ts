import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AdminServer, startAdminServer } from '../../test-support/admin-server.js';
import { frankfurterDraft, seedWorkspace } from '../../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../../test-support/describe-each-database.js';

describeEachDatabase('admin routes: agents', (fixture) => {
  let admin: AdminServer;
  let base: string;
  let operations: string;
  beforeAll(async () => {
    admin = await startAdminServer(fixture.db());
    const workspace = await seedWorkspace(fixture.db());
    base = `/workspaces/${workspace}/agents`;
    operations = `/workspaces/${workspace}/operations`;
    await admin.call('POST', operations, { body: { slug: 'latest', draft: frankfurterDraft() } });
    await admin.call('POST', `${operations}/latest/publish`);
  });
  afterAll(() => admin.close());

  it('creates an agent with a default draft, gets and lists it; 409 duplicate, 404 unknown', async () => {
    const created = await admin.call('POST', base, { body: { slug: 'rates-bot' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: 'rates-bot',
      latestVersion: 0,
      draft: { delivery: 'direct', sections: [], defaultSearchLimit: 8, operations: [], searchSynonyms: [] },
    });
    expect((await admin.call('GET', `${base}/rates-bot`)).body).toEqual(created.body);
    expect((await admin.call('GET', base)).body.items.map((a: { slug: string }) => a.slug)).toContain(
      'rates-bot',
    );
    expect((await admin.call('POST', base, { body: { slug: 'rates-bot' } })).status).toBe(409);
    expect((await admin.call('GET', `${base}/nope`)).status).toBe(404);
    const invalid = await admin.call('POST', base, {
      body: { slug: 'x', draft: { defaultSearchLimit: 99 } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.field).toBe('draft.defaultSearchLimit');
  });

  it('edits the draft and publishes it: the catalog pins the published operation version', async () => {
    await admin.call('POST', base, { body: { slug: 'pinned' } });
    const edited = await admin.call('PUT', `${base}/pinned/draft`, {
      body: { draft: { operations: ['latest'], sections: ['rates'] }, expectedDraftRevision: 1 },
    });
    expect(edited.body).toMatchObject({ draftRevision: 2, draft: { operations: ['latest'] } });
    const published = await admin.call('POST', `${base}/pinned/publish`);
    expect(published.status).toBe(201);
    expect(published.body).toMatchObject({
      created: true,
      excluded: [],
      catalog: {
        agentVersion: 1,
        revision: expect.any(String),
        tools: [{ operation: 'latest', operationVersion: 1 }],
      },
    });
    // A later operation draft does not reach the catalog.
    await admin.call('PUT', `${operations}/latest/draft`, {
      body: { draft: frankfurterDraft({ title: 'draft only' }) },
    });
    expect((await admin.call('POST', `${base}/pinned/publish`)).status).toBe(200);
    const versions = await admin.call('GET', `${base}/pinned/versions`);
    expect(versions.body.items).toEqual([
      expect.objectContaining({
        version: 1,
        tools: [{ operation: 'latest', operationVersion: 1, name: 'frankfurter_latest_rate' }],
      }),
    ]);
    const version = await admin.call('GET', `${base}/pinned/versions/1`);
    expect(version.body).toMatchObject({ agentVersion: 1, revision: published.body.catalog.revision });
    expect(version.body.tools[0].definition.title).toBe('Latest exchange rate');
    expect((await admin.call('GET', `${base}/pinned/versions/2`)).status).toBe(404);
  });

  it('an agent version shows its catalog metrics and the list of quality warnings; the summaries their metrics', async () => {
    await admin.call('POST', base, { body: { slug: 'measured', draft: { operations: ['latest'] } } });
    const published = await admin.call('POST', `${base}/measured/publish`);
    const version = await admin.call('GET', `${base}/measured/versions/1`);
    expect(version.body.metrics).toEqual(published.body.catalog.metrics);
    expect(version.body.metrics).toMatchObject({
      delivery: 'direct',
      toolCount: 1,
      largestTool: 'frankfurter_latest_rate',
      toolsListCount: 1,
      recommendedMaxTools: 40,
      exceedsRecommendation: false,
      qualityWarnings: 2,
    });
    expect(version.body.metrics.estimatedTokens).toBe(Math.ceil(version.body.metrics.catalogBytes / 3));
    expect(version.body.warnings).toEqual([
      {
        code: 'parameter_undescribed',
        tool: 'frankfurter_latest_rate',
        message:
          "parameter 'base' of 'frankfurter_latest_rate' has no description: say what it means and which values it takes",
      },
      {
        code: 'parameter_undescribed',
        tool: 'frankfurter_latest_rate',
        message:
          "parameter 'quote' of 'frankfurter_latest_rate' has no description: say what it means and which values it takes",
      },
    ]);
    const versions = await admin.call('GET', `${base}/measured/versions`);
    expect(versions.body.items[0].metrics).toEqual(version.body.metrics);
  });

  it('a draft takes search synonyms (trimmed), refuses a bad one naming the element; publishing them makes a new revision', async () => {
    const created = await admin.call('POST', base, {
      body: {
        slug: 'synonyms',
        draft: { delivery: 'search', operations: ['latest'], searchSynonyms: [[' fx ', 'exchange']] },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.draft.searchSynonyms).toEqual([['fx', 'exchange']]);
    const first = await admin.call('POST', `${base}/synonyms/publish`);
    expect(first.body.catalog.searchSynonyms).toEqual([['fx', 'exchange']]);
    const refused = await admin.call('PUT', `${base}/synonyms/draft`, {
      body: {
        draft: {
          operations: ['latest'],
          searchSynonyms: [
            ['fx', 'exchange'],
            ['rate', '!!'],
          ],
        },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid_field', field: 'draft.searchSynonyms[1][1]' });
    expect(refused.body.detail).toContain('has no word');
    await admin.call('PUT', `${base}/synonyms/draft`, {
      body: {
        draft: { delivery: 'search', operations: ['latest'], searchSynonyms: [['fx', 'exchange', 'forex']] },
      },
    });
    const second = await admin.call('POST', `${base}/synonyms/publish`);
    expect(second.status).toBe(201);
    expect(second.body.catalog).toMatchObject({
      agentVersion: 2,
      searchSynonyms: [['fx', 'exchange', 'forex']],
    });
    expect(second.body.catalog.revision).not.toBe(first.body.catalog.revision);
    const version = await admin.call('GET', `${base}/synonyms/versions/1`);
    expect(version.body.searchSynonyms).toEqual([['fx', 'exchange']]);
  });

  it('a draft stored before synonyms existed shows none', async () => {
    await admin.call('POST', base, { body: { slug: 'older', draft: { operations: ['latest'] } } });
    await fixture.db().query(`UPDATE agents SET draft = draft - 'searchSynonyms' WHERE slug = 'older'`);
    const { body } = await admin.call('GET', `${base}/older`);
    expect(body.draft).toEqual({
      delivery: 'direct',
      sections: [],
      defaultSearchLimit: 8,
      operations: ['latest'],
      searchSynonyms: [],
    });
    const listed = await admin.call('GET', base);
    expect(listed.body.items.find((a: { slug: string }) => a.slug === 'older').draft.searchSynonyms).toEqual(
      [],
    );
  });

  it('publishing with an unknown or unpublished operation is 409 naming the draft field', async () => {
    await admin.call('POST', base, { body: { slug: 'broken', draft: { operations: ['ghost'] } } });
    const unknown = await admin.call('POST', `${base}/broken/publish`);
    expect(unknown.status).toBe(409);
    expect(unknown.body).toMatchObject({ code: 'reference_not_found', field: 'draft.operations[0]' });
    await admin.call('POST', operations, {
      body: { slug: 'unpublished', draft: frankfurterDraft({ name: 'other' }) },
    });
    await admin.call('PUT', `${base}/broken/draft`, { body: { draft: { operations: ['unpublished'] } } });
    expect((await admin.call('POST', `${base}/broken/publish`)).body.code).toBe('operation_not_published');
  });

  it('archives an agent (idempotent): its draft and publish are refused with 409', async () => {
    await admin.call('POST', base, { body: { slug: 'gone' } });
    const archived = await admin.call('POST', `${base}/gone/archive`);
    expect(archived.body.archivedAt).toEqual(expect.any(String));
    expect((await admin.call('POST', `${base}/gone/archive`)).status).toBe(200);
    expect((await admin.call('POST', `${base}/gone/publish`)).body.code).toBe('archived');
    expect((await admin.call('PUT', `${base}/gone/draft`, { body: { draft: {} } })).status).toBe(409);
    const listed = await admin.call('GET', `${base}?includeArchived=true`);
    expect(listed.body.items.map((a: { slug: string }) => a.slug)).toContain('gone');
    expect((await admin.call('GET', '/workspaces/nope/agents/x/versions')).status).toBe(404);
  });
});
