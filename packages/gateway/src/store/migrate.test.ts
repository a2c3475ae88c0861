import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../errors/gateway-error.js';
import { describeEachDatabase, describePostgres } from '../test-support/describe-each-database.js';
import type { Database } from './database.js';
import { type MigrationProgress, migrate } from './migrate.js';
import { type Migration, migrationChecksum } from './migration.js';
import { openDatabase } from './open-database.js';

const first: Migration = { id: '0001_widgets', sql: 'CREATE TABLE widgets (id integer PRIMARY KEY);' };
const second: Migration = {
  id: '0002_widget_names',
  sql: "ALTER TABLE widgets ADD COLUMN name text NOT NULL DEFAULT '';\nCREATE INDEX widgets_name ON widgets (name);",
};
const third: Migration = { id: '0003_gadgets', sql: 'CREATE TABLE gadgets (id integer PRIMARY KEY);' };

async function tables(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' ORDER BY table_name`,
  );
  return rows.map((row) => row.name);
}

async function refusal(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof GatewayError)) throw new Error(`expected a GatewayError, got ${String(error)}`);
  return error;
}

describeEachDatabase(
  'migrate',
  (fixture) => {
    it('applies pending migrations in order, reporting each, and records their checksums', async () => {
      const db = await fixture.fresh();
      const events: MigrationProgress[] = [];
      const result = await migrate(db, { migrations: [first, second], onProgress: (e) => events.push(e) });
      expect(result).toEqual({
        applied: ['0001_widgets', '0002_widget_names'],
        current: '0002_widget_names',
      });
      expect(events.map((e) => `${e.type} ${e.id}`)).toEqual([
        'start 0001_widgets',
        'done 0001_widgets',
        'start 0002_widget_names',
        'done 0002_widget_names',
      ]);
      for (const event of events)
        if (event.type === 'done') expect(event.durationMs).toBeGreaterThanOrEqual(0);
      const { rows } = await db.query<{ id: string; checksum: string; applied_at: Date }>(
        'SELECT id, checksum, applied_at FROM schema_migrations ORDER BY id',
      );
      expect(rows.map((row) => [row.id, row.checksum])).toEqual([
        [first.id, migrationChecksum(first)],
        [second.id, migrationChecksum(second)],
      ]);
      expect(rows[0]?.applied_at).toBeInstanceOf(Date);
      expect(await tables(db)).toEqual(['schema_migrations', 'widgets']);
    });

    it('applies only what is new on the next start, and nothing when the schema is current', async () => {
      const db = await fixture.fresh();
      await migrate(db, { migrations: [first] });
      const events: MigrationProgress[] = [];
      const later = await migrate(db, { migrations: [first, second], onProgress: (e) => events.push(e) });
      expect(later.applied).toEqual(['0002_widget_names']);
      expect(events.map((e) => e.id)).toEqual(['0002_widget_names', '0002_widget_names']);
      expect((await migrate(db, { migrations: [first, second] })).applied).toEqual([]);
    });

    it('a failing migration applies nothing of the run, and names the migration', async () => {
      const db = await fixture.fresh();
      const broken: Migration = { id: '0002_broken', sql: 'CREATE TABLE ok_table (id integer); SELEC 1;' };
      const error = await refusal(migrate(db, { migrations: [first, broken] }));
      expect(error.code).toBe('migration_failed');
      expect(error.message).toContain('migration 0002_broken failed');
      expect(error.cause).toBeDefined();
      expect(await tables(db)).toEqual([]);
    });

    it('refuses a database newer than the code, naming both versions and the fix', async () => {
      const db = await fixture.fresh();
      await migrate(db, { migrations: [first, second, third] });
      const error = await refusal(migrate(db, { migrations: [first] }));
      expect(error.code).toBe('database_newer_than_code');
      expect(error.message).toContain('the database schema is at migration 0003_gadgets');
      expect(error.message).toContain('knows migrations up to 0001_widgets');
      expect(error.message).toContain('unknown: 0002_widget_names, 0003_gadgets');
      expect(error.message).toContain('run a gateway version that includes 0003_gadgets');
      expect(error.info.status).toBe(500);
    });

    it('refuses an applied migration whose SQL was edited since', async () => {
      const db = await fixture.fresh();
      await migrate(db, { migrations: [first] });
      const edited: Migration = { id: first.id, sql: `${first.sql} -- tweak` };
      const error = await refusal(migrate(db, { migrations: [edited] }));
      expect(error.code).toBe('migration_modified');
      expect(error.message).toContain('migration 0001_widgets was applied with checksum');
      expect(error.message).toContain('add the change as a new migration');
    });

    it('refuses a list of migrations that is not numbered from 0001 without gaps', async () => {
      const db = await fixture.fresh();
      await expect(migrate(db, { migrations: [first, third] })).rejects.toThrow(
        'migration 0003_gadgets: expected number 0002 at position 2',
      );
      await expect(migrate(db, { migrations: [{ id: '1_widgets', sql: '' }] })).rejects.toThrow(TypeError);
    });
  },
  { migrate: false },
);

describePostgres(
  'migrate, two processes starting together',
  (fixture) => {
    it('applies each migration once; the second waits on the advisory lock and finds it done', async () => {
      const { url } = await fixture.freshWithUrl();
      const replicas = [await fixture.connect(url!), await fixture.connect(url!)];
      const results = await Promise.all(
        replicas.map((db) => migrate(db, { migrations: [first, second, third] })),
      );
      expect(results.map((r) => r.applied).sort((a, b) => b.length - a.length)).toEqual([
        ['0001_widgets', '0002_widget_names', '0003_gadgets'],
        [],
      ]);
    });
  },
  { migrate: false },
);

describe('openDatabase', () => {
  const directories: string[] = [];
  afterAll(async () => {
    for (const directory of directories) await rm(directory, { recursive: true, force: true });
  });

  it('keeps a PGlite data directory across restarts and migrates it once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mcpforge-gateway-'));
    directories.push(dataDir);
    const events: MigrationProgress[] = [];
    const db = await openDatabase({ dataDir, onMigration: (e) => events.push(e) });
    expect(db.kind).toBe('pglite');
    await db.exec('CREATE TABLE kept (v integer); INSERT INTO kept VALUES (7);');
    await db.close();
    const again = await openDatabase({ dataDir, onMigration: (e) => events.push(e) });
    try {
      expect((await again.query<{ v: number }>('SELECT v FROM kept')).rows).toEqual([{ v: 7 }]);
      const { rows } = await again.query<{ n: number }>(
        'SELECT count(*)::integer AS n FROM schema_migrations',
      );
      expect(rows[0]?.n).toBe(events.filter((e) => e.type === 'done').length);
    } finally {
      await again.close();
    }
  });

  it('refuses both locations at once and an empty URL, naming the options', async () => {
    await expect(openDatabase({ databaseUrl: 'postgres://x/y', dataDir: '/tmp/x' })).rejects.toThrow(
      'databaseUrl and dataDir: give one',
    );
    await expect(openDatabase({ databaseUrl: '' })).rejects.toThrow('databaseUrl: must be a postgres:// URL');
  });
});
