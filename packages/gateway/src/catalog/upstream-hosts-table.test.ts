import { expect, it } from 'vitest';
import { uniqueSlug } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import {
  findUpstreamHost,
  listUpstreamHosts,
  putUpstreamHost,
  removeUpstreamHost,
} from './upstream-hosts-table.js';
import { createWorkspace } from './workspaces-table.js';

describeEachDatabase('the upstream allow-list', (fixture) => {
  it('stores canonical patterns whose private-address flags default to refused', async () => {
    const db = fixture.db();
    const { slug: workspace } = await createWorkspace(db, { slug: uniqueSlug('ws') });
    const entry = await putUpstreamHost(db, workspace, { hostPattern: 'API.Frankfurter.dev' });
    expect(entry).toMatchObject({
      hostPattern: 'api.frankfurter.dev',
      allowLoopback: false,
      allowPrivate: false,
      allowLinkLocal: false,
    });
    await putUpstreamHost(db, workspace, { hostPattern: '127.0.0.1:8080', allowLoopback: true });
    expect((await listUpstreamHosts(db, workspace)).map((h) => [h.hostPattern, h.allowLoopback])).toEqual([
      ['127.0.0.1:8080', true],
      ['api.frankfurter.dev', false],
    ]);
  });

  it('putting a pattern again replaces its flags; removing takes any spelling of it', async () => {
    const db = fixture.db();
    const { slug: workspace } = await createWorkspace(db, { slug: uniqueSlug('ws') });
    await putUpstreamHost(db, workspace, { hostPattern: '*.internal.example', allowPrivate: true });
    await putUpstreamHost(db, workspace, { hostPattern: '*.INTERNAL.example', allowPrivate: false });
    const hosts = await listUpstreamHosts(db, workspace);
    expect(hosts.map((h) => [h.hostPattern, h.allowPrivate])).toEqual([['*.internal.example', false]]);
    await removeUpstreamHost(db, workspace, '*.Internal.Example');
    expect(await listUpstreamHosts(db, workspace)).toEqual([]);
    await expect(removeUpstreamHost(db, workspace, '*.internal.example')).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('an exact entry wins over the wildcard around it', async () => {
    const db = fixture.db();
    const { slug: workspace } = await createWorkspace(db, { slug: uniqueSlug('ws') });
    await putUpstreamHost(db, workspace, { hostPattern: '*.example.com', allowPrivate: true });
    await putUpstreamHost(db, workspace, { hostPattern: 'strict.example.com' });
    const hosts = await listUpstreamHosts(db, workspace);
    expect(findUpstreamHost(hosts, new URL('https://strict.example.com/'))?.hostPattern).toBe(
      'strict.example.com',
    );
    expect(findUpstreamHost(hosts, new URL('https://other.example.com/'))?.hostPattern).toBe('*.example.com');
    expect(findUpstreamHost(hosts, new URL('https://example.org/'))).toBeUndefined();
  });

  it('stores an address in its dotted form, so 2130706433 covers http://127.0.0.1 (issue 19, point 14)', async () => {
    const db = fixture.db();
    const { slug: workspace } = await createWorkspace(db, { slug: uniqueSlug('ws') });
    const entry = await putUpstreamHost(db, workspace, {
      hostPattern: '2130706433:8080',
      allowLoopback: true,
    });
    expect(entry.hostPattern).toBe('127.0.0.1:8080');
    await putUpstreamHost(db, workspace, { hostPattern: '0x7f000001:8080', allowLoopback: false });
    const hosts = await listUpstreamHosts(db, workspace);
    expect(hosts.map((h) => [h.hostPattern, h.allowLoopback])).toEqual([['127.0.0.1:8080', false]]);
    expect(findUpstreamHost(hosts, new URL('http://127.0.0.1:8080/'))?.hostPattern).toBe('127.0.0.1:8080');
    await removeUpstreamHost(db, workspace, '127.1:8080');
    expect(await listUpstreamHosts(db, workspace)).toEqual([]);
    await expect(putUpstreamHost(db, workspace, { hostPattern: 'foo.123' })).rejects.toMatchObject({
      code: 'invalid_field',
      field: 'hostPattern',
    });
  });

  it('a row stored before normalisation still lists, never matches, and is removed by its text', async () => {
    const db = fixture.db();
    const { slug: workspace, id } = await createWorkspace(db, { slug: uniqueSlug('ws') });
    await db.query(
      `INSERT INTO upstream_hosts (workspace_id, host_pattern, allow_loopback, allow_private, allow_link_local)
       VALUES ($1, $2, true, false, false), ($1, $3, true, false, false)`,
      [id, 'foo.123', '2130706433'],
    );
    const hosts = await listUpstreamHosts(db, workspace);
    expect(hosts.map((h) => h.hostPattern)).toEqual(['2130706433', 'foo.123']);
    expect(findUpstreamHost(hosts, new URL('http://127.0.0.1/'))?.hostPattern).toBe('2130706433');
    await removeUpstreamHost(db, workspace, 'foo.123');
    await removeUpstreamHost(db, workspace, '2130706433');
    expect(await listUpstreamHosts(db, workspace)).toEqual([]);
    await expect(removeUpstreamHost(db, workspace, 'http://x')).rejects.toMatchObject({
      code: 'invalid_field',
    });
  });

  it('refuses malformed patterns and flags, naming the field', async () => {
    const db = fixture.db();
    const { slug: workspace } = await createWorkspace(db, { slug: uniqueSlug('ws') });
    await expect(putUpstreamHost(db, workspace, { hostPattern: 'https://x.com' })).rejects.toMatchObject({
      code: 'invalid_field',
      field: 'hostPattern',
    });
    await expect(
      putUpstreamHost(db, workspace, { hostPattern: 'x.com', allowPrivate: 'yes' as unknown as boolean }),
    ).rejects.toMatchObject({ field: 'allowPrivate' });
  });
});
