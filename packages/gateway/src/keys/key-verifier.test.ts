import { expect, it, vi } from 'vitest';
import { createAgent } from '../catalog/agents-table.js';
import { GatewayError } from '../errors/gateway-error.js';
import type { Database } from '../store/database.js';
import { seedWorkspace } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { type CreatedKey, createKey, getKey, revokeKey } from './api-keys-table.js';
import { generateKey } from './key-format.js';
import { KeyVerifier } from './key-verifier.js';

async function clientKey(db: Database): Promise<CreatedKey & { workspace: string }> {
  const workspace = await seedWorkspace(db);
  await createAgent(db, workspace, { slug: 'currency-rates' });
  const created = await createKey(db, {
    type: 'mcp_client',
    name: 'desktop',
    workspace,
    agent: 'currency-rates',
  });
  return { ...created, workspace };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof GatewayError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.code;
}

/** A clock that moves only when told, so cache ages are exact. */
function manualClock(): { now: () => number; advance: (ms: number) => void } {
  let time = 0;
  return { now: () => time, advance: (ms) => (time += ms) };
}

describeEachDatabase('KeyVerifier', (fixture) => {
  it('verifies an active key into its type and binding, without the value', async () => {
    const db = fixture.db();
    const { key, value, workspace } = await clientKey(db);
    const verifier = new KeyVerifier(db);
    try {
      const verified = await verifier.verify(value);
      expect(verified).toEqual({
        id: key.id,
        type: 'mcp_client',
        name: 'desktop',
        workspace,
        agent: 'currency-rates',
        allowedOrigins: [],
        displayPrefix: key.displayPrefix,
        createdAt: key.createdAt,
      });
    } finally {
      await verifier.close();
    }
  });

  it('refuses missing, malformed, unknown and revoked keys alike with key_invalid (401)', async () => {
    const db = fixture.db();
    const { key, value } = await clientKey(db);
    const verifier = new KeyVerifier(db);
    try {
      expect(await refusal(verifier.verify(undefined))).toBe('key_invalid');
      expect(await refusal(verifier.verify('Bearer nonsense'))).toBe('key_invalid');
      expect(await refusal(verifier.verify(generateKey('mcp_client').value))).toBe('key_invalid');
      await verifier.verify(value);
      await verifier.revoke(key.id);
      // Refused at once on the revoking process: no wait for the notification.
      expect(await refusal(verifier.verify(value))).toBe('key_invalid');
      expect(new GatewayError('key_invalid', 'x').info.status).toBe(401);
    } finally {
      await verifier.close();
    }
  });

  it('a revocation whose notice never arrives stops the key once the cache age (1 s) has passed', async () => {
    const db = fixture.db();
    const { key, value } = await clientKey(db);
    const clock = manualClock();
    const verifier = new KeyVerifier(db, { now: clock.now });
    try {
      await verifier.verify(value);
      // Revoked behind the verifier's back: no NOTIFY at all.
      await db.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [key.id]);
      clock.advance(999);
      await expect(verifier.verify(value)).resolves.toMatchObject({ id: key.id });
      clock.advance(1);
      expect(await refusal(verifier.verify(value))).toBe('key_invalid');
    } finally {
      await verifier.close();
    }
  });

  it('a revocation notice clears the cached key, whatever its age', async () => {
    const db = fixture.db();
    const { key, value } = await clientKey(db);
    const clock = manualClock();
    const verifier = new KeyVerifier(db, { now: clock.now });
    await verifier.start();
    try {
      await verifier.verify(value);
      // Revoked through the table function by "another process": only the notice can tell.
      await revokeKey(db, key.id);
      for (let attempt = 0; attempt < 100; attempt += 1) {
        if (
          (await verifier.verify(value).then(
            () => 'ok',
            () => 'refused',
          )) === 'refused'
        )
          break;
        await db.query('SELECT 1');
      }
      expect(await refusal(verifier.verify(value))).toBe('key_invalid');
    } finally {
      await verifier.close();
    }
  });

  it('a lookup that was already running when the key was revoked does not let it pass afterwards', async () => {
    const db = fixture.db();
    const { key, value } = await clientKey(db);
    // The real database, with the key lookup held at a gate: it reads the row before the
    // revocation commits, and answers after it.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let heldLookups = 0;
    const gated: Database = {
      kind: db.kind,
      query: async <Row>(sql: string, params?: readonly unknown[]) => {
        const result = await db.query<Row>(sql, params);
        if (sql.includes('k.secret_sha256 = $1') && heldLookups++ === 0) await gate;
        return result;
      },
      exec: (sql) => db.exec(sql),
      transaction: (fn) => db.transaction(fn),
      listen: (channel, onNotify) => db.listen(channel, onNotify),
      notify: (channel, payload) => db.notify(channel, payload),
      close: () => db.close(),
    };
    const verifier = new KeyVerifier(gated);
    try {
      const early = verifier.verify(value);
      await vi.waitFor(() => expect(heldLookups).toBe(1));
      await verifier.revoke(key.id);
      const late = verifier.verify(value);
      release();
      // The request that arrived before the revocation may pass; the one after it may not.
      await expect(early).resolves.toMatchObject({ id: key.id });
      await expect(late).rejects.toMatchObject({ code: 'key_invalid' });
      await expect(verifier.verify(value)).rejects.toMatchObject({ code: 'key_invalid' });
    } finally {
      await verifier.close();
    }
  });

  it('keeps last_used_at in batches: none per request, one write per flush, the rest on close', async () => {
    const db = fixture.db();
    const { key, value, workspace } = await clientKey(db);
    const later = await createKey(db, { type: 'approval', name: 'later', workspace });
    const verifier = new KeyVerifier(db, { lastUsedFlushMs: 3_600_000 });
    try {
      for (let request = 0; request < 20; request += 1) await verifier.verify(value);
      expect((await getKey(db, key.id)).lastUsedAt).toBeNull();
      await verifier.flush();
      expect((await getKey(db, key.id)).lastUsedAt).toBeInstanceOf(Date);
      await verifier.verify(later.value);
      expect((await getKey(db, later.key.id)).lastUsedAt).toBeNull();
    } finally {
      await verifier.close();
    }
    expect((await getKey(db, later.key.id)).lastUsedAt).toBeInstanceOf(Date);
  });

  it('checks its options, naming them', () => {
    const db = fixture.db();
    expect(() => new KeyVerifier(db, { maxCacheAgeMs: 1001 })).toThrow(
      'maxCacheAgeMs: must be an integer in 0..1000 (got 1001)',
    );
    expect(() => new KeyVerifier(db, { maxCacheEntries: 0 })).toThrow(RangeError);
    expect(() => new KeyVerifier(db, { lastUsedFlushMs: Number.NaN })).toThrow('lastUsedFlushMs');
  });
});
