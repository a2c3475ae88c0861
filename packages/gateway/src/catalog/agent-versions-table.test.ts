import { expect, it } from 'vitest';
import type { Database } from '../store/database.js';
import { catalogContentOf, frankfurterDraft, seedWorkspace } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { listAgentVersions, publishAgent } from './agent-versions-table.js';
import { archiveAgent, createAgent, updateAgentDraft } from './agents-table.js';
import { CATALOG_CHANGED_CHANNEL } from './catalog-events.js';
import { measureCatalog } from './catalog-metrics.js';
import { catalogRevision } from './catalog-snapshot.js';
import { publishOperation } from './operation-versions-table.js';
import { archiveOperation, createOperation, updateOperationDraft } from './operations-table.js';
import { loadAgentVersion, loadPublishedCatalog } from './published-catalog.js';
import { updateSection } from './sections-table.js';

/** A workspace with the demo operation published once and an agent exposing it. */
async function demo(db: Database): Promise<{ workspace: string; operationVersionId: string }> {
  const workspace = await seedWorkspace(db);
  await createOperation(db, workspace, { slug: 'latest-rate', draft: frankfurterDraft() });
  const { version } = await publishOperation(db, workspace, 'latest-rate');
  await createAgent(db, workspace, {
    slug: 'currency-rates',
    draft: { sections: ['rates'], operations: ['latest-rate'] },
  });
  return { workspace, operationVersionId: version.id };
}

describeEachDatabase('publishing agents', (fixture) => {
  it('pins the published version of each operation; an operation draft never reaches the catalog', async () => {
    const db = fixture.db();
    const { workspace, operationVersionId } = await demo(db);
    // Someone edits the operation's draft while someone else publishes the agent.
    await updateOperationDraft(
      db,
      workspace,
      'latest-rate',
      frankfurterDraft({ title: 'UNPUBLISHED DRAFT' }),
    );
    const published = await publishAgent(db, workspace, 'currency-rates');
    expect(published).toMatchObject({ created: true, excluded: [] });
    const catalog = await loadPublishedCatalog(db, workspace, 'currency-rates');
    expect(catalog).toEqual(published.catalog);
    expect(catalog).toMatchObject({
      workspace,
      agent: 'currency-rates',
      agentVersion: 1,
      delivery: 'direct',
      defaultSearchLimit: 8,
      agentSections: ['rates'],
      sections: [{ slug: 'rates', title: 'Rates', description: 'Currency exchange rates.' }],
    });
    expect(catalog.tools).toHaveLength(1);
    expect(catalog.tools[0]).toMatchObject({
      operation: 'latest-rate',
      operationVersion: 1,
      operationVersionId,
    });
    expect(catalog.tools[0]?.definition.title).toBe('Latest exchange rate');
    expect(JSON.stringify(catalog)).not.toContain('UNPUBLISHED DRAFT');
  });

  it('the catalog_revision is the sha256 of the canonical catalog content', async () => {
    const db = fixture.db();
    const { workspace } = await demo(db);
    const { catalog } = await publishAgent(db, workspace, 'currency-rates');
    expect(catalog.revision).toMatch(/^[0-9a-f]{64}$/);
    expect(catalog.revision).toBe(catalogRevision(catalogContentOf(catalog)));
  });

  it('a new operation version reaches the catalog only when the agent is published again', async () => {
    const db = fixture.db();
    const { workspace } = await demo(db);
    const first = (await publishAgent(db, workspace, 'currency-rates')).catalog;
    await updateOperationDraft(db, workspace, 'latest-rate', frankfurterDraft({ title: 'Rate, v2' }));
    await publishOperation(db, workspace, 'latest-rate');
    expect(await loadPublishedCatalog(db, workspace, 'currency-rates')).toEqual(first);
    const second = await publishAgent(db, workspace, 'currency-rates');
    expect(second.created).toBe(true);
    expect(second.catalog).toMatchObject({ agentVersion: 2, tools: [{ operationVersion: 2 }] });
    expect(second.catalog.revision).not.toBe(first.revision);
    expect(await loadAgentVersion(db, workspace, 'currency-rates', 1)).toEqual(first);
  });

  it('publishing an unchanged agent returns its latest version and revision', async () => {
    const db = fixture.db();
    const { workspace } = await demo(db);
    const first = await publishAgent(db, workspace, 'currency-rates');
    const again = await publishAgent(db, workspace, 'currency-rates');
    expect(again).toEqual({ ...first, created: false });
    expect((await listAgentVersions(db, workspace, 'currency-rates')).map((v) => v.version)).toEqual([1]);
  });

  it('a catalog keeps section text as published; a new text needs a new publish', async () => {
    const db = fixture.db();
    const { workspace } = await demo(db);
    const first = (await publishAgent(db, workspace, 'currency-rates')).catalog;
    await updateSection(db, workspace, 'rates', { description: 'Foreign exchange, daily.' });
    expect((await loadPublishedCatalog(db, workspace, 'currency-rates')).sections[0]?.description).toBe(
      'Currency exchange rates.',
    );
    const second = (await publishAgent(db, workspace, 'currency-rates')).catalog;
    expect(second.sections[0]?.description).toBe('Foreign exchange, daily.');
    expect(second.revision).not.toBe(first.revision);
  });

  it('refuses to publish an agent naming an unpublished or unknown operation, or an unknown section', async () => {
    const db = fixture.db();
    const { workspace } = await demo(db);
    await createOperation(db, workspace, {
      slug: 'draft-only',
      draft: frankfurterDraft({ name: 'other_tool' }),
    });
    await updateAgentDraft(db, workspace, 'currency-rates', { operations: ['latest-rate', 'draft-only'] });
    await expect(publishAgent(db, workspace, 'currency-rates')).rejects.toMatchObject({
      code: 'operation_not_published',
      field: 'draft.operations[1]',
    });
    await updateAgentDraft(db, workspace, 'currency-rates', { operations: ['nope'] });
    await expect(publishAgent(db, workspace, 'currency-rates')).rejects.toMatchObject({
      code: 'reference_not_found',
      field: 'draft.operations[0]',
    });
    await updateAgentDraft(db, workspace, 'currency-rates', { sections: ['missing'], operations: [] });
    await expect(publishAgent(db, workspace, 'currency-rates')).rejects.toMatchObject({
      code: 'reference_not_found',
      field: 'draft.sections[0]',
    });
    await expect(loadPublishedCatalog(db, workspace, 'currency-rates')).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('two operations publishing the same tool name cannot share an agent', async () => {
    const db = fixture.db();
    const { workspace } = await demo(db);
    await createOperation(db, workspace, { slug: 'twin', draft: frankfurterDraft() });
    await publishOperation(db, workspace, 'twin');
    await updateAgentDraft(db, workspace, 'currency-rates', { operations: ['latest-rate', 'twin'] });
    await expect(publishAgent(db, workspace, 'currency-rates')).rejects.toMatchObject({
      code: 'tool_name_conflict',
      field: 'draft.operations[1]',
      message: "operations 'latest-rate' and 'twin' both publish the tool 'frankfurter_latest_rate'",
    });
  });

  it('an archived operation stays in the published catalog but is left out of the next one, and reported', async () => {
    const db = fixture.db();
    const { workspace } = await demo(db);
    await publishAgent(db, workspace, 'currency-rates');
    await archiveOperation(db, workspace, 'latest-rate');
    expect((await loadPublishedCatalog(db, workspace, 'currency-rates')).tools).toHaveLength(1);
    const next = await publishAgent(db, workspace, 'currency-rates');
    expect(next.excluded).toEqual([{ operation: 'latest-rate', reason: 'archived' }]);
    expect(next.catalog).toMatchObject({ agentVersion: 2, tools: [] });
  });

  it('an archived agent, a never-published agent and unknown names have no catalog', async () => {
    const db = fixture.db();
    const { workspace } = await demo(db);
    await createAgent(db, workspace, { slug: 'unpublished' });
    await expect(loadPublishedCatalog(db, workspace, 'unpublished')).rejects.toMatchObject({
      code: 'not_found',
      message: `agent 'unpublished' of workspace '${workspace}' is not published`,
    });
    const { catalog } = await publishAgent(db, workspace, 'currency-rates');
    await archiveAgent(db, workspace, 'currency-rates');
    await expect(loadPublishedCatalog(db, workspace, 'currency-rates')).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(publishAgent(db, workspace, 'currency-rates')).rejects.toMatchObject({ code: 'archived' });
    await expect(loadPublishedCatalog(db, 'no-such-workspace', 'currency-rates')).rejects.toMatchObject({
      code: 'not_found',
    });
    // Its history stays readable for the admin API.
    expect(await loadAgentVersion(db, workspace, 'currency-rates', 1)).toEqual(catalog);
  });

  it('announces each publish that changes the catalog on the catalog channel', async () => {
    const db = fixture.db();
    const { workspace } = await demo(db);
    const heard: string[] = [];
    const unlisten = await db.listen(CATALOG_CHANGED_CHANNEL, (payload) => heard.push(payload));
    try {
      await publishAgent(db, workspace, 'currency-rates');
      await publishAgent(db, workspace, 'currency-rates');
      // A marker notified after both publishes committed arrives after anything they notified:
      // the listener hears notifications in commit order, so waiting for it waits for them.
      await db.query('SELECT pg_notify($1, $2)', [CATALOG_CHANGED_CHANNEL, 'marker']);
      await until(() => heard.includes('marker'));
      expect(heard.filter((payload) => payload === `${workspace}/currency-rates`)).toHaveLength(1);
    } finally {
      await unlisten();
    }
  });

  it('a published agent version and its pins are immutable', async () => {
    const db = fixture.db();
    const { workspace } = await demo(db);
    const { catalog } = await publishAgent(db, workspace, 'currency-rates');
    await expect(
      db.query(`UPDATE agent_versions SET catalog_revision = 'x' WHERE id = $1`, [catalog.agentVersionId]),
    ).rejects.toThrow('published versions are immutable');
    await expect(
      db.query('DELETE FROM agent_version_tools WHERE agent_version_id = $1', [catalog.agentVersionId]),
    ).rejects.toThrow('published versions are immutable');
    const summaries = await listAgentVersions(db, workspace, 'currency-rates');
    expect(summaries).toEqual([
      {
        version: 1,
        revision: catalog.revision,
        publishedAt: catalog.publishedAt,
        tools: [{ operation: 'latest-rate', operationVersion: 1, name: 'frankfurter_latest_rate' }],
        metrics: catalog.metrics,
      },
    ]);
    await expect(listAgentVersions(db, workspace, 'nobody')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('measures the catalog at publish and keeps the metrics and warnings with the immutable version', async () => {
    const db = fixture.db();
    const { workspace } = await demo(db);
    const { catalog } = await publishAgent(db, workspace, 'currency-rates');
    expect(catalog.metrics).toEqual(measureCatalog(catalogContentOf(catalog)).metrics);
    expect(catalog.metrics).toMatchObject({ delivery: 'direct', toolCount: 1, qualityWarnings: 2 });
    expect(catalog.warnings.map((warning) => warning.code)).toEqual([
      'parameter_undescribed',
      'parameter_undescribed',
    ]);
    const stored = await db.query<{ catalog_metrics: unknown; catalog_warnings: unknown }>(
      'SELECT catalog_metrics, catalog_warnings FROM agent_versions WHERE id = $1',
      [catalog.agentVersionId],
    );
    expect(stored.rows[0]).toEqual({ catalog_metrics: catalog.metrics, catalog_warnings: catalog.warnings });
    await expect(
      db.query(`UPDATE agent_versions SET catalog_metrics = '{}'::jsonb WHERE id = $1`, [
        catalog.agentVersionId,
      ]),
    ).rejects.toThrow('published versions are immutable');
  });

  it('a version published before its metrics were stored (migration 0007) is measured on read, alike', async () => {
    const db = fixture.db();
    const { workspace } = await demo(db);
    const { catalog } = await publishAgent(db, workspace, 'currency-rates');
    // As a row written before migration 0007: the catalog without its metrics.
    const agent = await db.query<{ id: string }>(
      `UPDATE agents SET latest_version = 2 WHERE slug = 'currency-rates'
       AND workspace_id = (SELECT id FROM workspaces WHERE slug = $1) RETURNING id`,
      [workspace],
    );
    await db.query(
      `INSERT INTO agent_versions (agent_id, version, catalog, catalog_revision) VALUES ($1, 2, $2::jsonb, $3)`,
      [agent.rows[0]!.id, JSON.stringify(catalogContentOf(catalog)), catalog.revision],
    );
    const old = await loadAgentVersion(db, workspace, 'currency-rates', 2);
    expect(old.metrics).toEqual(catalog.metrics);
    expect(old.warnings).toEqual(catalog.warnings);
    expect((await listAgentVersions(db, workspace, 'currency-rates'))[1]?.metrics).toEqual(catalog.metrics);
  });
});

/** Resolves once `condition` holds; fails the test after 5 s. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a notification');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
