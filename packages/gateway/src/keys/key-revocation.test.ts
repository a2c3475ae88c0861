import { expect, it } from 'vitest';
import { createAgent } from '../catalog/agents-table.js';
import { seedWorkspace } from '../test-support/catalog-fixtures.js';
import { describePostgres } from '../test-support/describe-each-database.js';
import { createKey, revokeKey } from './api-keys-table.js';
import { KeyVerifier } from './key-verifier.js';

/** A frozen clock: cached keys never age, so only a revocation notice can clear them. */
const frozen = () => 0;

async function refusedWithin(verifier: KeyVerifier, value: string, limitMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const outcome = await verifier.verify(value).then(
      () => 'accepted',
      () => 'refused',
    );
    if (outcome === 'refused') return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the revoked key was still accepted after ${limitMs} ms`);
}

describePostgres('revocation across two gateway replicas', (fixture) => {
  it('a key revoked on one replica is refused there at once and on the other within 1 s', async () => {
    const first = fixture.db();
    const second = await fixture.connectAgain();
    const workspace = await seedWorkspace(first);
    await createAgent(first, workspace, { slug: 'currency-rates' });
    const { key, value } = await createKey(first, {
      type: 'mcp_client',
      name: 'desktop',
      workspace,
      agent: 'currency-rates',
    });
    const here = new KeyVerifier(first, { now: frozen });
    const there = new KeyVerifier(second, { now: frozen });
    await Promise.all([here.start(), there.start()]);
    try {
      await here.verify(value);
      await there.verify(value);
      await here.revoke(key.id);
      await expect(here.verify(value)).rejects.toMatchObject({ code: 'key_invalid' });
      expect(await refusedWithin(there, value, 1000)).toBeLessThan(1000);
    } finally {
      await Promise.all([here.close(), there.close()]);
    }
  });

  it('without any notice (listener down), the other replica refuses the key once 1 s has passed', async () => {
    const first = fixture.db();
    const second = await fixture.connectAgain();
    const workspace = await seedWorkspace(first);
    const { key, value } = await createKey(first, { type: 'approval', name: 'ui', workspace });
    // Real clock, not started: it never hears the notice; only the cache age protects it.
    const there = new KeyVerifier(second);
    try {
      await there.verify(value);
      const revokedAt = performance.now();
      await revokeKey(first, key.id);
      await refusedWithin(there, value, 1500);
      expect(performance.now() - revokedAt).toBeLessThan(1500);
    } finally {
      await there.close();
    }
  });
});
