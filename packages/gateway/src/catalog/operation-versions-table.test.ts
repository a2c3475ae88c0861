import { expect, it } from 'vitest';
import { frankfurterDraft, seedWorkspace } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { getOperationVersion, listOperationVersions, publishOperation } from './operation-versions-table.js';
import { archiveOperation, createOperation, getOperation, updateOperationDraft } from './operations-table.js';

describeEachDatabase('operation versions', (fixture) => {
  it('publishing makes numbered versions; an unchanged draft gives the latest one back', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    await createOperation(db, workspace, { slug: 'rate', draft: frankfurterDraft() });
    const first = await publishOperation(db, workspace, 'rate');
    expect(first).toMatchObject({ created: true, version: { operation: 'rate', version: 1 } });
    expect(first.version.definition.name).toBe('frankfurter_latest_rate');
    const again = await publishOperation(db, workspace, 'rate');
    expect(again).toEqual({ created: false, version: first.version });
    await updateOperationDraft(db, workspace, 'rate', frankfurterDraft({ title: 'Rate (v2)' }));
    const second = await publishOperation(db, workspace, 'rate');
    expect(second).toMatchObject({
      created: true,
      version: { version: 2, definition: { title: 'Rate (v2)' } },
    });
    expect((await getOperation(db, workspace, 'rate')).latestVersion).toBe(2);
    expect(
      (await listOperationVersions(db, workspace, 'rate')).map((v) => [v.version, v.definition.title]),
    ).toEqual([
      [1, 'Latest exchange rate'],
      [2, 'Rate (v2)'],
    ]);
    expect(await getOperationVersion(db, workspace, 'rate', 1)).toEqual(first.version);
    await expect(getOperationVersion(db, workspace, 'rate', 3)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('a published version is immutable: the database refuses to change or delete it', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    await createOperation(db, workspace, { slug: 'rate', draft: frankfurterDraft() });
    const { version } = await publishOperation(db, workspace, 'rate');
    await expect(
      db.query(`UPDATE operation_versions SET definition = '{}'::jsonb WHERE id = $1`, [version.id]),
    ).rejects.toThrow('published versions are immutable (UPDATE on operation_versions)');
    await expect(db.query('DELETE FROM operation_versions WHERE id = $1', [version.id])).rejects.toThrow(
      'published versions are immutable (DELETE on operation_versions)',
    );
    expect(await getOperationVersion(db, workspace, 'rate', 1)).toEqual(version);
  });

  it('publishing checks the workspace: sections exist, the upstream host is on the allow-list', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    await createOperation(db, workspace, { slug: 'elsewhere', draft: frankfurterDraft() });
    const unknownHost = {
      ...(frankfurterDraft()['binding'] as object),
      baseUrl: 'https://rates.example.net',
    };
    await updateOperationDraft(db, workspace, 'elsewhere', frankfurterDraft({ binding: unknownHost }));
    await expect(publishOperation(db, workspace, 'elsewhere')).rejects.toMatchObject({
      code: 'upstream_not_allowed',
      field: 'draft.binding.baseUrl',
      message: `host 'rates.example.net' is not on the upstream allow-list of workspace '${workspace}': add it there first`,
    });
    await updateOperationDraft(
      db,
      workspace,
      'elsewhere',
      frankfurterDraft({ sections: ['rates', 'payments'] }),
    );
    await expect(publishOperation(db, workspace, 'elsewhere')).rejects.toMatchObject({
      code: 'reference_not_found',
      field: 'draft.sections[1]',
    });
    expect(await listOperationVersions(db, workspace, 'elsewhere')).toEqual([]);
  });

  it('an archived operation cannot be published', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    await createOperation(db, workspace, { slug: 'rate', draft: frankfurterDraft() });
    await archiveOperation(db, workspace, 'rate');
    await expect(publishOperation(db, workspace, 'rate')).rejects.toMatchObject({ code: 'archived' });
    await expect(publishOperation(db, workspace, 'missing')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('concurrent edits and publishes never collide: versions are numbered 1..n without gaps', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    await createOperation(db, workspace, { slug: 'rate', draft: frankfurterDraft() });
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        updateOperationDraft(db, workspace, 'rate', frankfurterDraft({ title: `Edit ${n}` })).then(() =>
          publishOperation(db, workspace, 'rate'),
        ),
      ),
    );
    const created = results.filter((r) => r.created).map((r) => r.version.version);
    const latest = (await getOperation(db, workspace, 'rate')).latestVersion;
    expect(created.sort((a, b) => a - b)).toEqual(Array.from({ length: latest }, (_, i) => i + 1));
    const versions = await listOperationVersions(db, workspace, 'rate');
    for (const result of results) expect(versions).toContainEqual(result.version);
  });
});
