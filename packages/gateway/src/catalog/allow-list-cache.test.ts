import { expect, it } from 'vitest';
import type { Database, Transaction } from '../store/database.js';
import { uniqueSlug } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { AllowListCache } from './allow-list-cache.js';
import { putUpstreamHost, removeUpstreamHost } from './upstream-hosts-table.js';
import { createWorkspace } from './workspaces-table.js';

/** `db` with a count of the allow-list reads made through it (another handle, as another process has). */
function countingDatabase(db: Database): { db: Database; reads: () => number } {
  let reads = 0;
  const counting: Database = {
    kind: db.kind,
    query: (sql, params) => {
      if (sql.includes('FROM upstream_hosts WHERE')) reads += 1;
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) => db.transaction(fn),
    listen: (channel, onNotify, options) => db.listen(channel, onNotify, options),
    notify: (channel, payload) => db.notify(channel, payload),
    close: () => db.close(),
  };
  return { db: counting, reads: () => reads };
}

/** A clock that moves only when told. */
function manualClock(): { now: () => number; advance: (ms: number) => void } {
  let time = 0;
  return { now: () => time, advance: (ms) => (time += ms) };
}

async function workspaceWith(db: Database, ...patterns: string[]): Promise<{ slug: string; id: string }> {
  const workspace = await createWorkspace(db, { slug: uniqueSlug('ws') });
  for (const hostPattern of patterns) await putUpstreamHost(db, workspace.slug, { hostPattern });
  return workspace;
}

function patterns(hosts: readonly { hostPattern: string }[]): string[] {
  return hosts.map((host) => host.hostPattern);
}

describeEachDatabase('the allow-list cache (issue 26, point 3)', (fixture) => {
  it('concurrent calls while a list is read cause one query, not one each', async () => {
    const { db, reads } = countingDatabase(fixture.db());
    const { id } = await workspaceWith(fixture.db(), 'api.example.com');
    const clock = manualClock();
    const cache = new AllowListCache(db, { now: clock.now });
    await cache.start();
    try {
      const cold = await Promise.all(Array.from({ length: 50 }, () => cache.lookup(id)));
      expect(cold.map(patterns)).toEqual(Array.from({ length: 50 }, () => ['api.example.com']));
      expect(reads()).toBe(1);
      // The safety re-read is shared in the same way.
      clock.advance(60_000);
      await Promise.all(Array.from({ length: 50 }, () => cache.lookup(id)));
      expect(reads()).toBe(2);
    } finally {
      await cache.close();
    }
  });

  it('a warm list is answered without a query until a change is announced', async () => {
    const { db, reads } = countingDatabase(fixture.db());
    const { id, slug } = await workspaceWith(fixture.db(), 'api.example.com');
    const clock = manualClock();
    const cache = new AllowListCache(db, { now: clock.now });
    await cache.start();
    try {
      await cache.lookup(id);
      // Far past the old 5 s interval: no polling while changes are heard.
      for (let second = 0; second < 50; second += 1) {
        clock.advance(1000);
        expect(patterns(await cache.lookup(id))).toEqual(['api.example.com']);
      }
      expect(reads()).toBe(1);
      // Changed through another handle (as another process would): only the NOTIFY can tell.
      await putUpstreamHost(fixture.db(), slug, { hostPattern: 'other.example.com' });
      let seen: string[] = [];
      for (let attempt = 0; attempt < 400; attempt += 1) {
        seen = patterns(await cache.lookup(id));
        if (seen.length === 2) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(seen).toEqual(['api.example.com', 'other.example.com']);
    } finally {
      await cache.close();
    }
  });

  it('a removal through the same handle is forgotten before removeUpstreamHost resolves', async () => {
    const db = fixture.db();
    const { id, slug } = await workspaceWith(db, 'api.example.com', 'gone.example.com');
    const cache = new AllowListCache(db, { now: manualClock().now });
    await cache.start();
    try {
      expect(patterns(await cache.lookup(id))).toEqual(['api.example.com', 'gone.example.com']);
      await removeUpstreamHost(db, slug, 'gone.example.com');
      // No wait for the notice: the very next lookup reads the list again.
      const next = cache.lookup(id);
      expect(next).toBeInstanceOf(Promise);
      expect(patterns(await next)).toEqual(['api.example.com']);
    } finally {
      await cache.close();
    }
  });

  it('a read that started before a change does not fill the cache, and later calls do not join it', async () => {
    const db = fixture.db();
    const { id, slug } = await workspaceWith(db, 'api.example.com');
    const cache = new AllowListCache(db, { now: manualClock().now });
    await cache.start();
    try {
      const before = cache.lookup(id);
      cache.invalidate(id);
      await putUpstreamHost(db, slug, { hostPattern: 'new.example.com' });
      await before;
      expect(patterns(await cache.lookup(id))).toEqual(['api.example.com', 'new.example.com']);
    } finally {
      await cache.close();
    }
  });
});
