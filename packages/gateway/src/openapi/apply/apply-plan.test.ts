import { expect, it } from 'vitest';
import { getAgent } from '../../catalog/agents-table.js';
import { createOperation, getOperation, listOperations } from '../../catalog/operations-table.js';
import { loadPublishedCatalog } from '../../catalog/published-catalog.js';
import { listSections } from '../../catalog/sections-table.js';
import { listUpstreamHosts } from '../../catalog/upstream-hosts-table.js';
import { createWorkspace } from '../../catalog/workspaces-table.js';
import { frankfurterDraft, uniqueSlug } from '../../test-support/catalog-fixtures.js';
import { describeEachDatabase, describePostgres } from '../../test-support/describe-each-database.js';
import type { ImportPlan, PlannedOperation } from '../convert/import-plan.js';
import { applyImportPlan, type ImportProgress } from './apply-plan.js';
import { BATCH_ROWS } from './import-batch.js';

function petDraft(name: string, method: string, path: string, description: string): Record<string, unknown> {
  const hasId = path.includes('{petId}');
  return {
    name,
    description,
    sections: ['pets'],
    inputSchema: {
      type: 'object',
      properties: hasId ? { petId: { type: 'integer', description: 'The pet.' } } : {},
      required: hasId ? ['petId'] : [],
      additionalProperties: false,
    },
    binding: {
      method,
      baseUrl: 'https://petstore.example.com/v1',
      path,
      arguments: hasId ? { petId: { in: 'path' } } : {},
    },
    approval: method === 'GET' ? 'none' : 'required',
  };
}

function planned(key: string, slug: string, name: string, description: string): PlannedOperation {
  const [method, path] = key.split(' ') as [string, string];
  return { key, slug, operationId: name, draft: petDraft(name, method, path, description) };
}

function petPlan(overrides: { showDescription?: string; showSlug?: string } = {}): ImportPlan {
  return {
    baseUrl: 'https://petstore.example.com/v1',
    hosts: ['petstore.example.com'],
    sections: [{ slug: 'pets', title: 'pets', description: 'Everything about your pets.' }],
    operations: [
      planned('GET /pets', 'list-pets', 'listPets', 'List all pets of the store.'),
      planned('POST /pets', 'create-pets', 'createPets', 'Create a pet in the store.'),
      planned(
        'GET /pets/{petId}',
        overrides.showSlug ?? 'show-pet-by-id',
        'showPetById',
        overrides.showDescription ?? 'Info for a specific pet.',
      ),
    ],
    skipped: [
      { key: 'PUT /pets/{petId}/photo', operationId: 'uploadPhoto', reason: 'multipart/form-data body' },
    ],
    warnings: [{ key: 'GET /pets', message: 'response schema not mapped' }],
    secrets: [
      { variable: 'MCPFORGE_SECRET_PETSTORE_API_KEY', scheme: 'api_key', in: 'header', name: 'X-API-Key' },
    ],
  };
}

describeEachDatabase('applyImportPlan', (fixture) => {
  it('creates the workspace, its sections and one draft per operation; nothing is published', async () => {
    const workspace = uniqueSlug('import');
    const report = await applyImportPlan(fixture.db(), petPlan(), { workspace });
    expect(report).toMatchObject({
      workspace,
      workspaceCreated: true,
      sectionsCreated: ['pets'],
      hosts: ['petstore.example.com'],
      hostsAdded: [],
      published: false,
      counts: { created: 3, updated: 0, unchanged: 0, skipped: 1, warnings: 1 },
      skipped: [{ key: 'PUT /pets/{petId}/photo', reason: 'multipart/form-data body' }],
      secrets: [{ variable: 'MCPFORGE_SECRET_PETSTORE_API_KEY' }],
      metrics: { scope: 'operations', toolCount: 3, largestTool: expect.any(String) },
    });
    expect(report.metrics.estimatedTokens).toBe(Math.ceil(report.metrics.catalogBytes / 3));
    const operations = await listOperations(fixture.db(), workspace);
    expect(operations.map((o) => [o.slug, o.latestVersion])).toEqual([
      ['create-pets', 0],
      ['list-pets', 0],
      ['show-pet-by-id', 0],
    ]);
    expect((await listSections(fixture.db(), workspace)).map((s) => s.description)).toEqual([
      'Everything about your pets.',
    ]);
    expect(await listUpstreamHosts(fixture.db(), workspace)).toEqual([]);
  });

  it('a re-import of the same plan changes nothing and duplicates nothing', async () => {
    const workspace = uniqueSlug('import');
    await applyImportPlan(fixture.db(), petPlan(), { workspace });
    const before = await listOperations(fixture.db(), workspace);
    const again = await applyImportPlan(fixture.db(), petPlan(), { workspace });
    expect(again).toMatchObject({
      workspaceCreated: false,
      sectionsCreated: [],
      counts: { created: 0, updated: 0, unchanged: 3 },
    });
    const after = await listOperations(fixture.db(), workspace);
    expect(after.map((o) => [o.slug, o.draftRevision])).toEqual(before.map((o) => [o.slug, o.draftRevision]));
  });

  it('a changed summary updates that draft in place; a renamed slug still finds its operation by method and path', async () => {
    const workspace = uniqueSlug('import');
    await applyImportPlan(fixture.db(), petPlan(), { workspace });
    const changed = await applyImportPlan(fixture.db(), petPlan({ showDescription: 'One pet, by id.' }), {
      workspace,
    });
    expect(changed.counts).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    expect(changed.operations.find((o) => o.status === 'updated')).toMatchObject({
      key: 'GET /pets/{petId}',
      slug: 'show-pet-by-id',
    });
    const show = await getOperation(fixture.db(), workspace, 'show-pet-by-id');
    expect(show).toMatchObject({ draftRevision: 2, draft: { description: 'One pet, by id.' } });

    const renamed = await applyImportPlan(fixture.db(), petPlan({ showSlug: 'get-pet' }), { workspace });
    expect(renamed.operations.find((o) => o.key === 'GET /pets/{petId}')).toMatchObject({
      slug: 'show-pet-by-id',
      status: 'updated',
    });
    expect((await listOperations(fixture.db(), workspace)).map((o) => o.slug)).toEqual([
      'create-pets',
      'list-pets',
      'show-pet-by-id',
    ]);
  });

  it('a slug taken by an operation made by hand is skipped with the reason, not overwritten', async () => {
    const workspace = uniqueSlug('import');
    await createWorkspace(fixture.db(), { slug: workspace });
    await createOperation(fixture.db(), workspace, {
      slug: 'list-pets',
      draft: frankfurterDraft({ sections: [] }),
    });
    const report = await applyImportPlan(fixture.db(), petPlan(), { workspace });
    expect(report.counts).toMatchObject({ created: 2, skipped: 2 });
    expect(report.skipped[1]).toEqual({
      key: 'GET /pets',
      operationId: 'listPets',
      reason: expect.stringContaining("slug 'list-pets' is taken by an operation made by hand"),
    });
    expect((await getOperation(fixture.db(), workspace, 'list-pets')).draft.name).toBe(
      'frankfurter_latest_rate',
    );
  });

  it('a draft the gateway refuses is skipped with its field error; the others are imported', async () => {
    const workspace = uniqueSlug('import');
    const plan = petPlan();
    plan.operations[0]!.draft['name'] = 'has spaces';
    const report = await applyImportPlan(fixture.db(), plan, { workspace });
    expect(report.counts).toMatchObject({ created: 2, skipped: 2 });
    expect(report.skipped[1]).toMatchObject({
      key: 'GET /pets',
      reason: expect.stringContaining('draft.name'),
    });
  });

  it('publishing without the hosts on the allow-list fails whole: nothing of the import is left', async () => {
    const workspace = uniqueSlug('import');
    const failure = await applyImportPlan(fixture.db(), petPlan(), { workspace, publish: true }).catch(
      (error: { code: string; message: string }) => error,
    );
    expect(failure).toMatchObject({
      code: 'import_conflict',
      message: expect.stringContaining('--allow-host'),
    });
    const { rows } = await fixture.db().query('SELECT 1 FROM workspaces WHERE slug = $1', [workspace]);
    expect(rows).toEqual([]);
  });

  it('with publish, allowHost and an agent: hosts listed, operations and agent published, metrics of the catalog', async () => {
    const workspace = uniqueSlug('import');
    const steps: ImportProgress[] = [];
    const report = await applyImportPlan(fixture.db(), petPlan(), {
      workspace,
      publish: true,
      allowHost: true,
      agent: 'pets',
      onProgress: (step) => steps.push(step),
    });
    expect(report).toMatchObject({
      hostsAdded: ['petstore.example.com'],
      published: true,
      agent: { slug: 'pets', created: true, operations: 3, publishedVersion: 1 },
      metrics: { scope: 'agent', toolCount: 3 },
    });
    expect(report.operations.map((o) => o.publishedVersion)).toEqual([1, 1, 1]);
    expect(steps.at(-1)).toEqual({ phase: 'publish', done: 3, total: 3 });
    const catalog = await loadPublishedCatalog(fixture.db(), workspace, 'pets');
    expect(catalog.tools.map((t) => t.definition.name)).toEqual(['listPets', 'createPets', 'showPetById']);

    // Again with a change: the agent keeps its list, one operation gets version 2.
    const again = await applyImportPlan(fixture.db(), petPlan({ showDescription: 'One pet.' }), {
      workspace,
      publish: true,
      agent: 'pets',
    });
    expect(again.agent).toMatchObject({ created: false, operations: 3, publishedVersion: 2 });
    expect(again.operations.map((o) => o.publishedVersion)).toEqual([1, 1, 2]);
    expect((await getAgent(fixture.db(), workspace, 'pets')).draft.operations).toHaveLength(3);
  });

  it('more operations than one statement carries (BATCH_ROWS): each created with its import key, published as version 1, a re-import finds them unchanged', async () => {
    const workspace = uniqueSlug('import');
    const plan = petPlan();
    const count = BATCH_ROWS + 7;
    plan.operations = Array.from({ length: count }, (_, i) =>
      planned(`GET /pets/kind${i}`, `kind-${i}`, `listKind${i}`, `List the pets of kind ${i}.`),
    );
    const report = await applyImportPlan(fixture.db(), plan, { workspace, publish: true, allowHost: true });
    expect(report.counts.created).toBe(count);
    expect(new Set(report.operations.map((o) => o.publishedVersion))).toEqual(new Set([1]));
    const { rows } = await fixture.db().query<{ n: string; keyed: string; versions: string }>(
      `SELECT count(*) AS n, count(o.import_key) AS keyed, count(v.id) AS versions
         FROM operations o JOIN workspaces w ON w.id = o.workspace_id
         LEFT JOIN operation_versions v ON v.operation_id = o.id WHERE w.slug = $1`,
      [workspace],
    );
    expect(rows.map((r) => [Number(r.n), Number(r.keyed), Number(r.versions)])).toEqual([
      [count, count, count],
    ]);
    const again = await applyImportPlan(fixture.db(), plan, { workspace, publish: true });
    expect(again.counts).toMatchObject({ created: 0, unchanged: count });
    expect(new Set(again.operations.map((o) => o.publishedVersion))).toEqual(new Set([1]));
  });

  it('the refusal for hosts off the allow-list names each host once, with its count', async () => {
    const workspace = uniqueSlug('import');
    const plan = petPlan();
    const other = plan.operations[2]!.draft['binding'] as Record<string, unknown>;
    other['baseUrl'] = 'https://photos.example.com/v1';
    const failure = await applyImportPlan(fixture.db(), plan, { workspace, publish: true }).then(
      () => new Error('the import was not refused'),
      (error: Error) => error,
    );
    expect(failure.message).toBe(
      `cannot publish: 'petstore.example.com' (2 operations), 'photos.example.com' (1 operation) are not on the upstream allow-list of workspace '${workspace}'; pass --allow-host (allowHost) to add them with this import`,
    );
  });

  it('an abort (Ctrl-C) during the import rolls it back whole: nothing of it is left', async () => {
    const workspace = uniqueSlug('import');
    const controller = new AbortController();
    const failure = await applyImportPlan(fixture.db(), petPlan(), {
      workspace,
      publish: true,
      allowHost: true,
      agent: 'pets',
      signal: controller.signal,
      // Aborted once the drafts are written, before the publish.
      onProgress: (step) => {
        if (step.phase === 'publish') controller.abort();
      },
    }).catch((error: Error) => error);
    expect(failure).toMatchObject({ name: 'AbortError' });
    const { rows } = await fixture.db().query('SELECT 1 FROM workspaces WHERE slug = $1', [workspace]);
    expect(rows).toEqual([]);
  });
});

describePostgres('applyImportPlan, two at once', (fixture) => {
  it('two imports into one workspace run one after the other: one creates, the other finds them unchanged', async () => {
    const workspace = uniqueSlug('import');
    await createWorkspace(fixture.db(), { slug: workspace });
    const reports = await Promise.all([
      applyImportPlan(fixture.db(), petPlan(), { workspace }),
      applyImportPlan(fixture.db(), petPlan(), { workspace }),
    ]);
    expect(reports.map((r) => [r.counts.created, r.counts.unchanged]).sort()).toEqual([
      [0, 3],
      [3, 0],
    ]);
    expect(await listOperations(fixture.db(), workspace)).toHaveLength(3);
  });
});
