import { expect, it } from 'vitest';
import { migrate } from '../store/migrate.js';
import { describeEachDatabase, describePostgres } from '../test-support/describe-each-database.js';
import { createKey, listKeys, revokeKey } from './api-keys-table.js';
import { bootstrapAdminKey } from './bootstrap.js';
import { KeyVerifier } from './key-verifier.js';

describeEachDatabase('bootstrapAdminKey', (fixture) => {
  it('creates the first admin key of a new database, once', async () => {
    const db = await fixture.fresh();
    await migrate(db);
    const { key, value } = await bootstrapAdminKey(db);
    expect(key).toMatchObject({ type: 'admin', name: 'bootstrap admin', workspace: null });
    const verifier = new KeyVerifier(db);
    try {
      expect((await verifier.verify(value)).type).toBe('admin');
    } finally {
      await verifier.close();
    }
    await expect(bootstrapAdminKey(db)).rejects.toMatchObject({ code: 'bootstrap_refused' });
    await createKey(db, { type: 'admin', name: 'second' });
    expect((await listKeys(db, { type: 'admin' })).length).toBe(2);
  });

  it('becomes available again once every admin key is revoked (recovery by the database holder)', async () => {
    const db = await fixture.fresh();
    await migrate(db);
    const first = await bootstrapAdminKey(db, { name: 'first' });
    await revokeKey(db, first.key.id);
    const again = await bootstrapAdminKey(db, { name: 'recovered' });
    expect(again.key.name).toBe('recovered');
  });
});

describePostgres('bootstrapAdminKey, two processes at once', (fixture) => {
  it('only one of them creates a key', async () => {
    const { db, url } = await fixture.freshWithUrl();
    await migrate(db);
    const other = await fixture.connect(url!);
    const outcomes = await Promise.allSettled([bootstrapAdminKey(db), bootstrapAdminKey(other)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await listKeys(db, { type: 'admin' })).length).toBe(1);
  });
});
