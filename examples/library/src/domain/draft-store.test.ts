import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DraftStore } from './draft-store.js';
import { LibraryError } from './library-error.js';
import { migrate } from './migrations.js';

describe('DraftStore', () => {
  let dataDir: string;
  let store: DraftStore;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'library-drafts-'));
    store = await DraftStore.open(dataDir);
    expect(store.migrated).toEqual([1]);
  });

  afterAll(async () => {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores a draft and reads it back', async () => {
    const outcome = await store.insert({ slug: 'first', title: 'First', text: 'Hello.' }, 'token-first');
    expect(outcome.created).toBe(true);
    expect(outcome.draft).toMatchObject({ slug: 'first', title: 'First', text: 'Hello.', published: false });
    expect(Number.isNaN(Date.parse(outcome.draft.createdAt))).toBe(false);
    expect(await store.get('first')).toEqual(outcome.draft);
  });

  it('stores text verbatim, quotes and SQL included', async () => {
    const text = "Robert'); DROP TABLE drafts; --";
    await store.insert({ slug: 'quoted', title: "It's", text }, 'token-quoted');
    expect((await store.get('quoted'))?.text).toBe(text);
    expect(await store.count()).toBeGreaterThanOrEqual(2);
  });

  it('creates nothing the second time the same approval is used', async () => {
    const first = await store.insert({ slug: 'once', title: 'Once', text: 'Only once.' }, 'token-once');
    const before = await store.count();
    const second = await store.insert({ slug: 'once', title: 'Once', text: 'Only once.' }, 'token-once');
    expect(second).toEqual({ draft: first.draft, created: false });
    expect(await store.count()).toBe(before);
  });

  it('refuses another draft with a taken slug', async () => {
    await store.insert({ slug: 'taken', title: 'Taken', text: 'One.' }, 'token-taken-1');
    const attempt = store.insert({ slug: 'taken', title: 'Other', text: 'Two.' }, 'token-taken-2');
    await expect(attempt).rejects.toBeInstanceOf(LibraryError);
    await expect(attempt).rejects.toMatchObject({ code: 'ERR_SLUG_TAKEN' });
    expect((await store.get('taken'))?.text).toBe('One.');
  });

  it('keeps drafts across a restart of the database', async () => {
    await store.insert({ slug: 'durable', title: 'Durable', text: 'Still here.' }, 'token-durable');
    const count = await store.count();
    await store.close();
    store = await DraftStore.open(dataDir);
    expect(store.migrated).toEqual([]);
    expect(await store.get('durable')).toMatchObject({ slug: 'durable', text: 'Still here.' });
    expect(await store.count()).toBe(count);
    // The reused approval is still remembered after the restart.
    const again = await store.insert(
      { slug: 'durable', title: 'Durable', text: 'Still here.' },
      'token-durable',
    );
    expect(again.created).toBe(false);
  });

  it('applies each migration once', async () => {
    await store.close();
    const db = await PGlite.create(dataDir);
    try {
      expect(await migrate(db)).toEqual([]);
      const versions = await db.query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(versions.rows.map((row) => row.version)).toEqual([1]);
    } finally {
      await db.close();
    }
    store = await DraftStore.open(dataDir);
  });
});
