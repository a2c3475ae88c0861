import { expect, it } from 'vitest';
import type { Database } from '../store/database.js';
import { catalogContentOf, frankfurterDraft, seedWorkspace } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { listAgentVersions, publishAgent } from './agent-versions-table.js';
import { createAgent, updateAgentDraft } from './agents-table.js';
import { catalogRevision } from './catalog-snapshot.js';
import { publishOperation } from './operation-versions-table.js';
import { createOperation } from './operations-table.js';
import { loadPublishedCatalog } from './published-catalog.js';

const AGENT = 'currency-rates';

async function demo(db: Database, draft: Record<string, unknown>): Promise<string> {
  const workspace = await seedWorkspace(db);
  await createOperation(db, workspace, { slug: 'latest-rate', draft: frankfurterDraft() });
  await publishOperation(db, workspace, 'latest-rate');
  await createAgent(db, workspace, { slug: AGENT, draft: { operations: ['latest-rate'], ...draft } });
  return workspace;
}

async function storedCatalog(db: Database, workspace: string): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query<{ catalog: Record<string, unknown> }>(
    `SELECT av.catalog FROM agent_versions av JOIN agents a ON a.id = av.agent_id
     JOIN workspaces w ON w.id = a.workspace_id WHERE w.slug = $1 AND a.slug = $2 ORDER BY av.version`,
    [workspace, AGENT],
  );
  return rows.map((row) => row.catalog);
}

describeEachDatabase('publishing an agent with search synonyms', (fixture) => {
  it('an agent without synonyms keeps the content and revision of before: no key, the same digest', async () => {
    const db = fixture.db();
    const workspace = await demo(db, { delivery: 'search' });
    const { catalog } = await publishAgent(db, workspace, AGENT);
    expect(catalog).not.toHaveProperty('searchSynonyms');
    expect(catalog.revision).toBe(catalogRevision(catalogContentOf(catalog)));
    const [stored] = await storedCatalog(db, workspace);
    expect(Object.keys(stored ?? {}).sort()).toEqual(
      ['agent', 'agentSections', 'defaultSearchLimit', 'delivery', 'sections', 'tools', 'workspace'].sort(),
    );
    // The key present though empty would be another digest: why it is left out.
    expect(catalogRevision({ ...catalogContentOf(catalog), searchSynonyms: [] })).not.toBe(catalog.revision);
  });

  it('re-publishing an agent whose draft predates synonyms, or has none, makes no new version', async () => {
    const db = fixture.db();
    const workspace = await demo(db, {});
    // A draft and a version as an earlier gateway stored them: the draft without the field.
    await db.query(`UPDATE agents SET draft = draft - 'searchSynonyms' WHERE slug = $1`, [AGENT]);
    const first = await publishAgent(db, workspace, AGENT);
    expect(first.created).toBe(true);
    await updateAgentDraft(db, workspace, AGENT, { operations: ['latest-rate'], searchSynonyms: [] });
    const again = await publishAgent(db, workspace, AGENT);
    expect(again).toEqual({ ...first, created: false });
    expect((await listAgentVersions(db, workspace, AGENT)).map((v) => v.version)).toEqual([1]);
  });

  it('synonyms are part of the catalog: stored trimmed, read back, and a change is a new version and revision', async () => {
    const db = fixture.db();
    const workspace = await demo(db, { delivery: 'search', searchSynonyms: [['fx', ' forex ']] });
    const first = (await publishAgent(db, workspace, AGENT)).catalog;
    expect(first.searchSynonyms).toEqual([['fx', 'forex']]);
    expect(first.revision).toBe(
      catalogRevision({ ...catalogContentOf(first), searchSynonyms: [['fx', 'forex']] }),
    );
    expect((await loadPublishedCatalog(db, workspace, AGENT)).searchSynonyms).toEqual([['fx', 'forex']]);
    expect((await publishAgent(db, workspace, AGENT)).created).toBe(false);

    await updateAgentDraft(db, workspace, AGENT, {
      delivery: 'search',
      operations: ['latest-rate'],
      searchSynonyms: [['fx', 'forex', 'currency exchange']],
    });
    const second = await publishAgent(db, workspace, AGENT);
    expect(second.created).toBe(true);
    expect(second.catalog).toMatchObject({
      agentVersion: 2,
      searchSynonyms: [['fx', 'forex', 'currency exchange']],
    });
    expect(second.catalog.revision).not.toBe(first.revision);

    // Removing them gives the content of an agent that never had any.
    await updateAgentDraft(db, workspace, AGENT, { delivery: 'search', operations: ['latest-rate'] });
    const third = (await publishAgent(db, workspace, AGENT)).catalog;
    expect(third.agentVersion).toBe(3);
    expect(third).not.toHaveProperty('searchSynonyms');
    expect(third.revision).toBe(catalogRevision(catalogContentOf(third)));
    expect((await storedCatalog(db, workspace)).map((c) => c['searchSynonyms'])).toEqual([
      [['fx', 'forex']],
      [['fx', 'forex', 'currency exchange']],
      undefined,
    ]);
  });
});
