import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { checkChannel } from './database.js';
import { isUniqueViolation, sqlState } from './sql-state.js';

function nextNotification(): {
  seen: string[];
  wait: (count: number) => Promise<void>;
  push: (p: string) => void;
} {
  const seen: string[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  return {
    seen,
    push(payload) {
      seen.push(payload);
      for (const waiter of waiters.splice(0)) {
        if (seen.length >= waiter.count) waiter.resolve();
        else waiters.push(waiter);
      }
    },
    wait(count) {
      if (seen.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
  };
}

describeEachDatabase(
  'Database',
  (fixture) => {
    it('maps values the same way on both adapters', async () => {
      const db = fixture.db();
      const { rows } = await db.query<{
        n: number;
        t: string;
        b: boolean;
        at: Date;
        j: unknown;
        a: string[];
        u: string;
      }>(
        `SELECT $1::integer AS n, $2::text AS t, $3::boolean AS b, $4::timestamptz AS at,
                $5::jsonb AS j, $6::text[] AS a, '00000000-0000-4000-8000-000000000001'::uuid AS u`,
        [
          42,
          'x',
          true,
          new Date('2026-01-02T03:04:05.006Z'),
          JSON.stringify({ k: [1, 'two'] }),
          ['a', 'b,c'],
        ],
      );
      expect(rows).toEqual([
        {
          n: 42,
          t: 'x',
          b: true,
          at: new Date('2026-01-02T03:04:05.006Z'),
          j: { k: [1, 'two'] },
          a: ['a', 'b,c'],
          u: '00000000-0000-4000-8000-000000000001',
        },
      ]);
    });

    it('a transaction commits when its callback resolves and rolls back when it throws', async () => {
      const db = fixture.db();
      await db.exec('CREATE TABLE tx_probe (v integer PRIMARY KEY)');
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES ($1)', [1]);
      });
      const failure = new Error('abort');
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO tx_probe VALUES ($1)', [2]);
          throw failure;
        }),
      ).rejects.toBe(failure);
      const { rows } = await db.query<{ v: number }>('SELECT v FROM tx_probe ORDER BY v');
      expect(rows).toEqual([{ v: 1 }]);
    });

    it('a statement of another caller does not run inside an open transaction', async () => {
      const db = fixture.db();
      await db.exec('CREATE TABLE tx_isolation (v integer)');
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const transaction = db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_isolation VALUES (1)');
        await held;
        throw new Error('roll back');
      });
      const outside = db.query('INSERT INTO tx_isolation VALUES (2)');
      release();
      await expect(transaction).rejects.toThrow('roll back');
      await outside;
      const { rows } = await db.query<{ v: number }>('SELECT v FROM tx_isolation');
      expect(rows).toEqual([{ v: 2 }]);
    });

    it('refuses statements on a transaction after it ended', async () => {
      const db = fixture.db();
      const escaped = await db.transaction(async (tx) => tx);
      await expect(escaped.query('SELECT 1')).rejects.toThrow('the transaction has ended');
    });

    it('reports unique violations with their SQLSTATE and constraint on both adapters', async () => {
      const db = fixture.db();
      await db.exec('CREATE TABLE uniq_probe (v integer CONSTRAINT uniq_probe_v UNIQUE)');
      await db.query('INSERT INTO uniq_probe VALUES (1)');
      const error = await db.query('INSERT INTO uniq_probe VALUES (1)').catch((e: unknown) => e);
      expect(sqlState(error)).toBe('23505');
      expect(isUniqueViolation(error, 'uniq_probe_v')).toBe(true);
      expect(isUniqueViolation(error, 'other')).toBe(false);
      expect(sqlState(new Error('plain'))).toBeUndefined();
    });

    it('delivers notifications to listeners, including its own', async () => {
      const db = fixture.db();
      const received = nextNotification();
      const unlisten = await db.listen('probe_direct', received.push);
      await db.notify('probe_direct', 'one');
      await received.wait(1);
      await unlisten();
      await db.notify('probe_direct', 'after');
      // A round trip after the notify: a notification that was going to arrive has arrived.
      await db.query('SELECT 1');
      expect(received.seen).toEqual(['one']);
    });

    it('a notification sent in a transaction arrives on commit, never on rollback', async () => {
      const db = fixture.db();
      const received = nextNotification();
      const unlisten = await db.listen('probe_tx', received.push);
      await db
        .transaction(async (tx) => {
          await tx.notify('probe_tx', 'rolled-back');
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await db.transaction(async (tx) => {
        await tx.notify('probe_tx', 'committed');
      });
      await received.wait(1);
      await db.query('SELECT 1');
      expect(received.seen).toEqual(['committed']);
      await unlisten();
    });

    it('close is idempotent', async () => {
      const db = await fixture.fresh();
      await Promise.all([db.close(), db.close()]);
      await db.close();
    });
  },
  { migrate: false },
);

it('accepts only plain lowercase identifiers as channel names', () => {
  expect(checkChannel('gateway_keys')).toBe('gateway_keys');
  for (const bad of ['', 'Keys', 'a-b', 'x; DROP TABLE t', `a${'b'.repeat(63)}`]) {
    expect(() => checkChannel(bad)).toThrow(TypeError);
  }
});
