import { expect, it } from 'vitest';
import { uniqueSlug } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { createSection, listSections, updateSection } from './sections-table.js';
import { createWorkspace } from './workspaces-table.js';

describeEachDatabase('sections', (fixture) => {
  it('creates, updates and lists the sections of a workspace', async () => {
    const db = fixture.db();
    const { slug: workspace } = await createWorkspace(db, { slug: uniqueSlug('ws') });
    const rates = await createSection(db, workspace, {
      slug: 'rates',
      title: 'Rates',
      description: 'FX rates.',
    });
    await createSection(db, workspace, { slug: 'accounts', title: 'Accounts' });
    expect(rates).toMatchObject({ slug: 'rates', title: 'Rates', description: 'FX rates.' });
    const updated = await updateSection(db, workspace, 'rates', { description: 'Currency exchange rates.' });
    expect(updated).toMatchObject({ slug: 'rates', title: 'Rates', description: 'Currency exchange rates.' });
    expect((await listSections(db, workspace)).map((s) => [s.slug, s.description])).toEqual([
      ['accounts', ''],
      ['rates', 'Currency exchange rates.'],
    ]);
  });

  it('a section slug is unique per workspace, not across workspaces', async () => {
    const db = fixture.db();
    const first = (await createWorkspace(db, { slug: uniqueSlug('ws') })).slug;
    const second = (await createWorkspace(db, { slug: uniqueSlug('ws') })).slug;
    await createSection(db, first, { slug: 'rates', title: 'Rates' });
    await createSection(db, second, { slug: 'rates', title: 'Rates' });
    await expect(createSection(db, first, { slug: 'rates', title: 'Again' })).rejects.toMatchObject({
      code: 'already_exists',
      field: 'slug',
    });
  });

  it('names the field at fault and the missing workspace or section', async () => {
    const db = fixture.db();
    const { slug: workspace } = await createWorkspace(db, { slug: uniqueSlug('ws') });
    await expect(createSection(db, workspace, { slug: 'ok', title: '' })).rejects.toMatchObject({
      field: 'title',
    });
    await expect(createSection(db, workspace, { slug: 'Bad', title: 'x' })).rejects.toMatchObject({
      field: 'slug',
    });
    await expect(createSection(db, 'missing', { slug: 'x', title: 'x' })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(updateSection(db, workspace, 'nope', { title: 'x' })).rejects.toMatchObject({
      code: 'not_found',
      message: `section 'nope' not found in workspace '${workspace}'`,
    });
  });
});
