import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AdminServer, startAdminServer } from '../../test-support/admin-server.js';
import { uniqueSlug } from '../../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../../test-support/describe-each-database.js';

describeEachDatabase('admin routes: workspaces, sections, upstream allow-list', (fixture) => {
  let admin: AdminServer;
  beforeAll(async () => {
    admin = await startAdminServer(fixture.db());
  });
  afterAll(() => admin.close());

  it('creates, gets and lists workspaces, page by page', async () => {
    const slugs = [uniqueSlug('wa'), uniqueSlug('wb'), uniqueSlug('wc')];
    for (const slug of slugs) {
      const created = await admin.call('POST', '/workspaces', { body: { slug } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ slug, id: expect.any(String), createdAt: expect.any(String) });
    }
    expect((await admin.call('GET', `/workspaces/${slugs[1]}`)).body.slug).toBe(slugs[1]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '?limit=2' : `?limit=2&cursor=${encodeURIComponent(cursor)}`;
      const page = await admin.call('GET', `/workspaces${query}`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((w: { slug: string }) => w.slug));
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual([...seen].sort());
    expect(seen).toEqual(expect.arrayContaining(slugs));
  });

  it('a workspace: invalid slug 400 naming slug, duplicate 409, unknown 404', async () => {
    const invalid = await admin.call('POST', '/workspaces', { body: { slug: 'Not_A_Slug' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([{ field: 'slug', message: expect.stringContaining('must match') }]);
    expect((await admin.call('POST', '/workspaces', { body: {} })).body.field).toBe('slug');
    const slug = uniqueSlug('dup');
    await admin.call('POST', '/workspaces', { body: { slug } });
    const duplicate = await admin.call('POST', '/workspaces', { body: { slug } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 'already_exists', field: 'slug' });
    const unknown = await admin.call('GET', '/workspaces/no-such-workspace');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toContain('no-such-workspace');
  });

  it('sections: create, list, update; errors name the field; 404 and 409', async () => {
    const workspace = uniqueSlug('ws');
    await admin.call('POST', '/workspaces', { body: { slug: workspace } });
    const base = `/workspaces/${workspace}/sections`;
    const created = await admin.call('POST', base, { body: { slug: 'rates', title: 'Rates' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: 'rates', title: 'Rates', description: '' });
    const updated = await admin.call('PATCH', `${base}/rates`, { body: { description: 'Exchange rates.' } });
    expect(updated.body).toMatchObject({ title: 'Rates', description: 'Exchange rates.' });
    const listed = await admin.call('GET', base);
    expect(listed.body).toMatchObject({ items: [{ slug: 'rates' }], nextCursor: null });
    expect((await admin.call('POST', base, { body: { slug: 'rates', title: 'Again' } })).status).toBe(409);
    const noTitle = await admin.call('POST', base, { body: { slug: 'other' } });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.field).toBe('title');
    const badUpdate = await admin.call('PATCH', `${base}/rates`, { body: { title: 7 } });
    expect(badUpdate.body.errors).toEqual([{ field: 'title', message: 'must be a string' }]);
    expect((await admin.call('PATCH', `${base}/nope`, { body: { title: 'x' } })).status).toBe(404);
    expect((await admin.call('GET', '/workspaces/nope/sections')).status).toBe(404);
  });

  it('the allow-list: add (idempotent, replaces flags), list, remove by encoded pattern; 404 and 400', async () => {
    const workspace = uniqueSlug('ws');
    await admin.call('POST', '/workspaces', { body: { slug: workspace } });
    const base = `/workspaces/${workspace}/upstream-hosts`;
    const added = await admin.call('POST', base, { body: { hostPattern: '*.Example.com' } });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      id: expect.any(String),
      hostPattern: '*.example.com',
      allowLoopback: false,
      allowPrivate: false,
      allowLinkLocal: false,
      createdAt: expect.any(String),
    });
    const loopback = await admin.call('POST', base, {
      body: { hostPattern: '127.0.0.1:8080', allowLoopback: true },
    });
    expect(loopback.body.allowLoopback).toBe(true);
    const again = await admin.call('POST', base, { body: { hostPattern: '127.0.0.1:8080' } });
    expect(again.body).toMatchObject({ id: loopback.body.id, allowLoopback: false });
    const listed = await admin.call('GET', base);
    expect(listed.body.items.map((h: { hostPattern: string }) => h.hostPattern)).toEqual([
      '*.example.com',
      '127.0.0.1:8080',
    ]);
    const removed = await admin.call('DELETE', `${base}/${encodeURIComponent('*.example.com')}`);
    expect(removed.status).toBe(204);
    expect(removed.body).toBe('');
    expect((await admin.call('DELETE', `${base}/${encodeURIComponent('*.example.com')}`)).status).toBe(404);
    const invalid = await admin.call('POST', base, { body: { hostPattern: 'http://x/y' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.field).toBe('hostPattern');
    const badFlag = await admin.call('POST', base, {
      body: { hostPattern: 'a.example', allowPrivate: 'yes' },
    });
    expect(badFlag.body.field).toBe('allowPrivate');
    expect((await admin.call('GET', '/workspaces/nope/upstream-hosts')).status).toBe(404);
  });
});
