import { expect, it } from 'vitest';
import { createAgent } from '../catalog/agents-table.js';
import { GatewayError } from '../errors/gateway-error.js';
import type { Database, ListenOptions, Transaction } from '../store/database.js';
import { seedWorkspace } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { createKey, revokeKey } from './api-keys-table.js';
import { generateKey } from './key-format.js';
import { KeyVerifier } from './key-verifier.js';

/**
 * `db` seen through another handle that counts the key lookups made through it and keeps the
 * listen options it was given, so a test can play a dropped listening connection.
 */
function countingDatabase(db: Database): { db: Database; lookups: () => number; listening: ListenOptions[] } {
  let lookups = 0;
  const listening: ListenOptions[] = [];
  const counting: Database = {
    kind: db.kind,
    query: (sql, params) => {
      if (sql.includes('k.secret_sha256 = $1')) lookups += 1;
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) => db.transaction(fn),
    listen: (channel, onNotify, options) => {
      if (options !== undefined) listening.push(options);
      return db.listen(channel, onNotify, options);
    },
    notify: (channel, payload) => db.notify(channel, payload),
    close: () => db.close(),
  };
  return { db: counting, lookups: () => lookups, listening };
}

function manualClock(): { now: () => number; advance: (ms: number) => void } {
  let time = 0;
  return { now: () => time, advance: (ms) => (time += ms) };
}

async function clientKey(db: Database): Promise<{ id: string; value: string }> {
  const workspace = await seedWorkspace(db);
  await createAgent(db, workspace, { slug: 'currency-rates' });
  const created = await createKey(db, {
    type: 'mcp_client',
    name: 'desktop',
    workspace,
    agent: 'currency-rates',
  });
  return { id: created.key.id, value: created.value };
}

async function outcome(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof GatewayError ? error.code : String(error)),
  );
}

describeEachDatabase('the key cache (issue 26, point 3)', (fixture) => {
  it('a warm key is not read again every second while revocations are heard', async () => {
    const { db, lookups } = countingDatabase(fixture.db());
    const key = await clientKey(fixture.db());
    const clock = manualClock();
    const verifier = new KeyVerifier(db, { now: clock.now });
    await verifier.start();
    try {
      await verifier.verify(key.value);
      for (let second = 0; second < 25; second += 1) {
        clock.advance(1000);
        await verifier.verify(key.value);
      }
      expect(lookups()).toBe(1);
      // The safety re-read, shared by every request arriving while it runs.
      clock.advance(5000);
      await Promise.all(Array.from({ length: 50 }, () => verifier.verify(key.value)));
      expect(lookups()).toBe(2);
    } finally {
      await verifier.close();
    }
  });

  it('a revocation notice still refuses a warm key at once', async () => {
    const { db } = countingDatabase(fixture.db());
    const key = await clientKey(fixture.db());
    const clock = manualClock();
    const verifier = new KeyVerifier(db, { now: clock.now });
    await verifier.start();
    try {
      await verifier.verify(key.value);
      // Revoked through another handle, as by another process: only the notice can tell.
      await revokeKey(fixture.db(), key.id);
      let seen = 'ok';
      for (let attempt = 0; attempt < 400 && seen === 'ok'; attempt += 1) {
        seen = await outcome(verifier.verify(key.value));
        if (seen === 'ok') await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(seen).toBe('key_invalid');
    } finally {
      await verifier.close();
    }
  });

  it('while notices may be lost the 1 s bound holds, and listening again drops every entry', async () => {
    const { db, lookups, listening } = countingDatabase(fixture.db());
    const key = await clientKey(fixture.db());
    const clock = manualClock();
    const verifier = new KeyVerifier(db, { now: clock.now });
    await verifier.start();
    try {
      await verifier.verify(key.value);
      expect(listening).toHaveLength(1);
      listening[0]?.onLost?.();
      clock.advance(999);
      await verifier.verify(key.value);
      expect(lookups()).toBe(1);
      clock.advance(1);
      await verifier.verify(key.value);
      expect(lookups()).toBe(2);
      // Revoked while the connection was down: the notice was never heard.
      await fixture.db().query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [key.id]);
      listening[0]?.onRestored?.();
      expect(await outcome(verifier.verify(key.value))).toBe('key_invalid');
    } finally {
      await verifier.close();
    }
  });
});

describeEachDatabase('unknown keys are remembered (issue 19, point 5)', (fixture) => {
  it('repeating an unknown well-formed key costs one lookup per 5 s, not one per request', async () => {
    const { db, lookups } = countingDatabase(fixture.db());
    const clock = manualClock();
    const verifier = new KeyVerifier(db, { now: clock.now });
    await verifier.start();
    try {
      const forged = generateKey('mcp_client').value;
      for (let request = 0; request < 20; request += 1) {
        expect(await outcome(verifier.verify(forged))).toBe('key_invalid');
      }
      await Promise.all(Array.from({ length: 20 }, () => outcome(verifier.verify(forged))));
      expect(lookups()).toBe(1);
      clock.advance(5000);
      expect(await outcome(verifier.verify(forged))).toBe('key_invalid');
      expect(lookups()).toBe(2);
    } finally {
      await verifier.close();
    }
  });

  it('a revoked key is remembered as such too', async () => {
    const { db, lookups } = countingDatabase(fixture.db());
    const key = await clientKey(fixture.db());
    const verifier = new KeyVerifier(db, { now: manualClock().now });
    await verifier.start();
    try {
      await verifier.revoke(key.id);
      for (let request = 0; request < 10; request += 1) {
        expect(await outcome(verifier.verify(key.value))).toBe('key_invalid');
      }
      expect(lookups()).toBe(1);
    } finally {
      await verifier.close();
    }
  });

  it('is bounded: beyond maxUnknownKeys the oldest is forgotten', async () => {
    const { db, lookups } = countingDatabase(fixture.db());
    const verifier = new KeyVerifier(db, { now: manualClock().now, maxUnknownKeys: 3 });
    try {
      const forged = Array.from({ length: 4 }, () => generateKey('admin').value);
      for (const value of forged) await outcome(verifier.verify(value));
      expect(lookups()).toBe(4);
      await outcome(verifier.verify(forged[3]!));
      expect(lookups()).toBe(4);
      await outcome(verifier.verify(forged[0]!));
      expect(lookups()).toBe(5);
    } finally {
      await verifier.close();
    }
  });

  it('a key whose value was refused before it existed passes once the 5 s have passed', async () => {
    const db = fixture.db();
    const clock = manualClock();
    const verifier = new KeyVerifier(db, { now: clock.now });
    await verifier.start();
    try {
      const generated = generateKey('admin');
      expect(await outcome(verifier.verify(generated.value))).toBe('key_invalid');
      await db.query(
        `INSERT INTO api_keys (key_type, name, workspace_id, agent_id, allowed_origins, secret_sha256, display_prefix)
         VALUES ('admin', 'late', NULL, NULL, '{}'::text[], $1, $2)`,
        [generated.sha256, generated.displayPrefix],
      );
      clock.advance(4999);
      expect(await outcome(verifier.verify(generated.value))).toBe('key_invalid');
      clock.advance(1);
      expect(await outcome(verifier.verify(generated.value))).toBe('ok');
    } finally {
      await verifier.close();
    }
  });
});
