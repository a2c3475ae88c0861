import { expect, it } from 'vitest';
import { uniqueSlug } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { createWorkspace, findWorkspace, getWorkspace, listWorkspaces } from './workspaces-table.js';

describeEachDatabase('workspaces', (fixture) => {
  it('creates a workspace by slug, finds and lists it', async () => {
    const db = fixture.db();
    const slug = uniqueSlug('team');
    const created = await createWorkspace(db, { slug });
    expect(created).toEqual({ id: expect.any(String), slug, createdAt: expect.any(Date) });
    expect(await getWorkspace(db, slug)).toEqual(created);
    expect((await listWorkspaces(db)).map((w) => w.slug)).toContain(slug);
    expect(await findWorkspace(db, 'no-such-workspace')).toBeUndefined();
  });

  it('refuses a taken slug, a malformed slug and an unknown workspace with their codes', async () => {
    const db = fixture.db();
    const slug = uniqueSlug('dup');
    await createWorkspace(db, { slug });
    await expect(createWorkspace(db, { slug })).rejects.toMatchObject({
      code: 'already_exists',
      field: 'slug',
      message: `workspace '${slug}' already exists`,
    });
    await expect(createWorkspace(db, { slug: 'Not Valid' })).rejects.toMatchObject({
      code: 'invalid_field',
      field: 'slug',
    });
    await expect(getWorkspace(db, 'missing')).rejects.toMatchObject({
      code: 'not_found',
      message: "workspace 'missing' not found",
    });
  });
});
