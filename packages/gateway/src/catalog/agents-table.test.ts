import { expect, it } from 'vitest';
import { seedWorkspace } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { archiveAgent, createAgent, getAgent, listAgents, updateAgentDraft } from './agents-table.js';
import { CATALOG_CHANGED_CHANNEL } from './catalog-events.js';

describeEachDatabase('agents', (fixture) => {
  it('creates an agent with a default draft, and refuses a bad one naming the field', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    const agent = await createAgent(db, workspace, { slug: 'currency-rates' });
    expect(agent).toMatchObject({
      workspace,
      slug: 'currency-rates',
      draft: { delivery: 'direct', sections: [], defaultSearchLimit: 8, operations: [] },
      draftRevision: 1,
      latestVersion: 0,
      archivedAt: null,
    });
    expect(await getAgent(db, workspace, 'currency-rates')).toEqual(agent);
    await expect(
      createAgent(db, workspace, { slug: 'other', draft: { defaultSearchLimit: 50 } }),
    ).rejects.toMatchObject({ code: 'invalid_field', field: 'draft.defaultSearchLimit' });
    await expect(createAgent(db, workspace, { slug: 'currency-rates' })).rejects.toMatchObject({
      code: 'already_exists',
    });
  });

  it('editing the draft bumps its revision and refuses a stale expected revision', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    await createAgent(db, workspace, { slug: 'a' });
    const edited = await updateAgentDraft(
      db,
      workspace,
      'a',
      { delivery: 'search' },
      { expectedDraftRevision: 1 },
    );
    expect(edited).toMatchObject({ draftRevision: 2, draft: { delivery: 'search' } });
    await expect(
      updateAgentDraft(db, workspace, 'a', { delivery: 'direct' }, { expectedDraftRevision: 1 }),
    ).rejects.toMatchObject({ code: 'draft_conflict' });
  });

  it('archiving is idempotent, announced once, and freezes the draft', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    await createAgent(db, workspace, { slug: 'gone' });
    const heard: string[] = [];
    const unlisten = await db.listen(CATALOG_CHANGED_CHANNEL, (payload) => heard.push(payload));
    try {
      const archived = await archiveAgent(db, workspace, 'gone');
      await archiveAgent(db, workspace, 'gone');
      await db.query('SELECT 1');
      expect(archived.archivedAt).toBeInstanceOf(Date);
      expect(heard.filter((payload) => payload === `${workspace}/gone`)).toHaveLength(1);
    } finally {
      await unlisten();
    }
    expect(await listAgents(db, workspace)).toEqual([]);
    expect((await listAgents(db, workspace, { includeArchived: true })).map((a) => a.slug)).toEqual(['gone']);
    await expect(updateAgentDraft(db, workspace, 'gone', {})).rejects.toMatchObject({ code: 'archived' });
  });
});
