import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS, openDatabase } from '@mcpforge/gateway';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonOf, runCli } from '../admin/test-support/test-gateway.js';

const ALL = MIGRATIONS.map((migration) => migration.id);
const CURRENT = ALL.at(-1) as string;

// Real PGlite and PostgreSQL databases: slow on a busy machine.
describe('gateway migrate', { timeout: 90_000 }, () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcpforge-migrate-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('on PGlite applies every migration with a progress line each, then finds nothing to do', async () => {
    const dataDir = join(dir, 'data');
    const first = await runCli(['gateway', 'migrate', '--data-dir', dataDir]);
    expect([first.code, first.stderr]).toEqual([0, '']);
    expect(first.progress).toHaveLength(ALL.length);
    expect(first.progress[0]).toMatch(new RegExp(`^migration ${ALL[0]} applied \\(\\d+ ms\\)$`));
    expect(first.stdout).toBe(
      `Applied ${ALL.length} migrations to PGlite in ${dataDir}: ${ALL.join(', ')}.\nSchema version: ${CURRENT} (${ALL.length} migrations known).\n`,
    );
    const second = await runCli(['gateway', 'migrate', '--data-dir', dataDir, '--json']);
    expect(second.progress).toEqual([]);
    expect(jsonOf(second)).toEqual({
      database: 'pglite',
      dataDir,
      applied: [],
      current: CURRENT,
      known: ALL.length,
    });
    const text = await runCli(['gateway', 'migrate', '--data-dir', dataDir]);
    expect(text.stdout).toMatch(/^The schema of PGlite in .* is current: nothing to apply\.\n/);
  });

  it('on PostgreSQL from DATABASE_URL migrates a new database; the URL is never printed', async () => {
    const server = process.env['MCPFORGE_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `mcpforge_migrate_${randomBytes(4).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl: server, migrate: false });
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(server);
      url.pathname = `/${name}`;
      const run = await runCli(['gateway', 'migrate', '--json'], { DATABASE_URL: url.href });
      expect(jsonOf(run)).toEqual({
        database: 'postgres',
        applied: ALL,
        current: CURRENT,
        known: ALL.length,
      });
      expect(run.stdout).not.toContain(name);
      const db = await openDatabase({ databaseUrl: url.href, migrate: false });
      try {
        const { rows } = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
        expect(rows.map((row) => row.id)).toEqual(ALL);
      } finally {
        await db.close();
      }
    } finally {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.close();
    }
  });

  it('a database newer than this code fails (exit 1), saying so, and applies nothing', async () => {
    const dataDir = join(dir, 'data');
    const db = await openDatabase({ dataDir });
    await db.query("INSERT INTO schema_migrations (id, checksum) VALUES ('9999_future', 'x')");
    await db.close();
    const run = await runCli(['gateway', 'migrate', '--data-dir', dataDir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^mcpforge: migrating failed, nothing was applied: the database schema is at migration 9999_future/,
    );
  });

  it.each([
    [
      ['--database-url', 'postgres://a/b', '--data-dir', 'x'],
      2,
      '--database-url and --data-dir exclude each other',
    ],
    [['--database-url', 'mysql://a/b'], 2, '--database-url must be a postgres:// URL'],
    [['--database-url', 'postgres://127.0.0.1:1/none'], 1, 'could not open PostgreSQL'],
    [['--data-dir'], 2, '--data-dir needs a value'],
    [['--listen', '0'], 2, 'unknown flag --listen for mcpforge gateway migrate.'],
  ])('%j exits %i: %s', async (args, code, message) => {
    const run = await runCli(['gateway', 'migrate', ...args]);
    expect(run.code).toBe(code);
    expect(run.stderr).toContain(message);
  });
});
