import { expect, it } from 'vitest';
import { frankfurterDraft, seedWorkspace } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import {
  archiveOperation,
  createOperation,
  getOperation,
  listOperations,
  updateOperationDraft,
} from './operations-table.js';

describeEachDatabase('operations', (fixture) => {
  it('creates an operation whose draft is stored with its defaults filled in', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    const operation = await createOperation(db, workspace, {
      slug: 'latest-rate',
      draft: frankfurterDraft(),
    });
    expect(operation).toMatchObject({
      workspace,
      slug: 'latest-rate',
      draftRevision: 1,
      latestVersion: 0,
      archivedAt: null,
    });
    expect(operation.draft.binding.timeoutMs).toBe(10_000);
    expect(await getOperation(db, workspace, 'latest-rate')).toEqual(operation);
  });

  it('refuses an invalid draft before storing anything, naming the field under draft', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    await expect(
      createOperation(db, workspace, { slug: 'bad', draft: frankfurterDraft({ name: 'has space' }) }),
    ).rejects.toMatchObject({ code: 'invalid_field', field: 'draft.name' });
    await expect(getOperation(db, workspace, 'bad')).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      createOperation(db, workspace, { slug: 'Bad', draft: frankfurterDraft() }),
    ).rejects.toMatchObject({
      field: 'slug',
    });
  });

  it('a slug is unique per workspace', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    await createOperation(db, workspace, { slug: 'op', draft: frankfurterDraft() });
    await expect(
      createOperation(db, workspace, { slug: 'op', draft: frankfurterDraft() }),
    ).rejects.toMatchObject({
      code: 'already_exists',
    });
  });

  it('editing the draft bumps its revision; a stale expected revision is refused', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    await createOperation(db, workspace, { slug: 'op', draft: frankfurterDraft() });
    const edited = await updateOperationDraft(db, workspace, 'op', frankfurterDraft({ title: 'Rate now' }), {
      expectedDraftRevision: 1,
    });
    expect(edited).toMatchObject({ draftRevision: 2, draft: { title: 'Rate now' } });
    await expect(
      updateOperationDraft(db, workspace, 'op', frankfurterDraft({ title: 'Lost update' }), {
        expectedDraftRevision: 1,
      }),
    ).rejects.toMatchObject({ code: 'draft_conflict', field: 'expectedDraftRevision' });
    expect((await getOperation(db, workspace, 'op')).draft.title).toBe('Rate now');
  });

  it('archiving is idempotent, hides the operation from the default list and freezes its draft', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    await createOperation(db, workspace, { slug: 'old', draft: frankfurterDraft() });
    await createOperation(db, workspace, { slug: 'kept', draft: frankfurterDraft() });
    const archived = await archiveOperation(db, workspace, 'old');
    expect(archived.archivedAt).toBeInstanceOf(Date);
    expect((await archiveOperation(db, workspace, 'old')).archivedAt).toEqual(archived.archivedAt);
    expect((await listOperations(db, workspace)).map((o) => o.slug)).toEqual(['kept']);
    expect((await listOperations(db, workspace, { includeArchived: true })).map((o) => o.slug)).toEqual([
      'kept',
      'old',
    ]);
    await expect(updateOperationDraft(db, workspace, 'old', frankfurterDraft())).rejects.toMatchObject({
      code: 'archived',
    });
    await expect(archiveOperation(db, workspace, 'never')).rejects.toMatchObject({ code: 'not_found' });
  });
});
