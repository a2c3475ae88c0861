import { expect, it, vi } from 'vitest';
import { describePostgres } from '../test-support/describe-each-database.js';
import { openDatabase } from './open-database.js';

describePostgres(
  'openDatabase on PostgreSQL',
  (fixture) => {
    it('migrates the database at the URL and reports errors of idle connections instead of crashing', async () => {
      const { url } = await fixture.freshWithUrl();
      const errors: Error[] = [];
      const db = await openDatabase({ databaseUrl: url!, onBackgroundError: (error) => errors.push(error) });
      try {
        expect(db.kind).toBe('postgres');
        const { rows } = await db.query<{ n: number }>(
          'SELECT count(*)::integer AS n FROM schema_migrations',
        );
        expect(rows[0]?.n).toBeGreaterThan(0);
        // An administrator ends the pool's idle connection: no caller is waiting on it.
        const other = await fixture.connect(url!);
        await other.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
        await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0));
        // The pool replaces the connection.
        expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      } finally {
        await db.close();
      }
    });
  },
  { migrate: false },
);
