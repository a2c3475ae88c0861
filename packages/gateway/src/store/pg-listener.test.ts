import { setTimeout as delay } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { describePostgres } from '../test-support/describe-each-database.js';
import { openPgDatabase } from './pg-database.js';

describePostgres(
  'PgListener',
  (fixture) => {
    it('delivers notifications from another process on the same database', async () => {
      const { db: first, url } = await fixture.freshWithUrl();
      const second = await fixture.connect(url!);
      const seen: string[] = [];
      let arrived!: () => void;
      const heard = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      await first.listen('replica_probe', (payload) => {
        seen.push(payload);
        arrived();
      });
      await second.notify('replica_probe', 'from-second');
      await heard;
      expect(seen).toEqual(['from-second']);
    });

    it('re-opens a dropped listening connection and listens to its channels again', async () => {
      const { url } = await fixture.freshWithUrl();
      const errors: Error[] = [];
      const db = await openPgDatabase({
        connectionString: url!,
        listenReconnectMs: 20,
        onBackgroundError: (error) => errors.push(error),
      });
      try {
        const seen: string[] = [];
        await db.listen('reconnect_probe', (payload) => seen.push(payload));
        const { rows } = await db.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN reconnect_probe'`,
        );
        expect(rows).toHaveLength(1);
        await db.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
        // Notifications sent while it is down are lost (the key cache's bounded age covers that);
        // keep sending until the re-opened connection hears one.
        for (let attempt = 0; attempt < 200 && seen.length === 0; attempt += 1) {
          await db.notify('reconnect_probe', `after-${attempt}`);
          await delay(25);
        }
        expect(seen[0]).toMatch(/^after-\d+$/);
        expect(errors.length).toBeGreaterThan(0);
      } finally {
        await db.close();
      }
    });

    it('tells a subscriber when notifications may be lost and when it listens again', async () => {
      const { url } = await fixture.freshWithUrl();
      const db = await openPgDatabase({ connectionString: url!, listenReconnectMs: 20 });
      try {
        const events: string[] = [];
        let restored!: () => void;
        const back = new Promise<void>((resolve) => {
          restored = resolve;
        });
        await db.listen('gap_probe', () => events.push('notified'), {
          onLost: () => events.push('lost'),
          onRestored: () => {
            events.push('restored');
            restored();
          },
        });
        const { rows } = await db.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN gap_probe'`,
        );
        await db.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
        await back;
        expect(events).toEqual(['lost', 'restored']);
        // Listening again: the channel is heard as before.
        await db.notify('gap_probe', 'x');
        for (let attempt = 0; attempt < 400 && events.length < 3; attempt += 1) await delay(10);
        expect(events).toEqual(['lost', 'restored', 'notified']);
      } finally {
        await db.close();
      }
    });
  },
  { migrate: false },
);
