import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS, openDatabase } from '@mcpforge/gateway';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MAIN, REGISTER } from '../test-support/child-process.js';

/**
 * Issue 22, points 4 and 5, in real processes of the bin (on the sources): a busy port is said
 * before the database opens, and one Ctrl-C during `demo`/`serve` start-up stops it without the
 * banner, saying what was kept.
 */
const scratch = mkdtempSync(join(tmpdir(), 'mcpforge-start-up-'));
const children: ChildProcessWithoutNullStreams[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Started {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves once stderr holds `text`; rejects if the process exits first. */
  stderrHas: (text: string) => Promise<void>;
  exited: Promise<{ code: number | null; at: number }>;
}

function start(args: string[]): Started {
  const child = spawn(process.execPath, ['--import', REGISTER, MAIN, ...args], {
    env: { ...process.env, DATABASE_URL: '', MCPFORGE_LOG_LEVEL: 'info', NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  const waiting: Array<{ text: string; resolve: () => void }> = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    for (const wait of waiting.filter((w) => stderr.includes(w.text))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  });
  const exited = once(child, 'exit').then(([code]) => ({ code: code as number | null, at: Date.now() }));
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    stderrHas: (text) =>
      new Promise<void>((resolve, reject) => {
        if (stderr.includes(text)) return resolve();
        waiting.push({ text, resolve });
        void exited.then(() => reject(new Error(`exited before '${text}' on stderr; stderr: ${stderr}`)));
      }),
    exited,
  };
}

async function busyPort(): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

// Real processes that transpile the sources and open PGlite: slow on a busy machine.
describe('gateway serve and demo start-up, in a real process', { timeout: 180_000 }, () => {
  it('serve on a busy port says so before the database is opened: the new data directory is never made', async () => {
    const port = await busyPort();
    const dataDir = join(scratch, 'busy-serve');
    const run = start(['gateway', 'serve', '--data-dir', dataDir, '--listen', `127.0.0.1:${port}`]);
    const { code } = await run.exited;
    expect(code).toBe(1);
    expect(run.stderr()).toContain(`127.0.0.1:${port} is in use: pick another with --listen HOST:PORT`);
    expect(run.stderr()).not.toContain('migration applied');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('demo on a busy port says so before the database is opened', async () => {
    const port = await busyPort();
    const run = start(['gateway', 'demo', '--listen', `127.0.0.1:${port}`]);
    const { code } = await run.exited;
    expect(code).toBe(1);
    expect(run.stderr()).toContain(`127.0.0.1:${port} is in use`);
    expect(run.stderr()).not.toContain('migration');
  });

  it('one Ctrl-C while the demo starts stops it at once: no banner, no keys, the temporary database removed', async () => {
    const run = start(['gateway', 'demo', '--listen', '127.0.0.1:0']);
    // Printed just before the database opens.
    await run.stderrHas('database: PGlite in ');
    const dataDir = /database: PGlite in (\S+)/.exec(run.stderr())?.[1] ?? '';
    const sent = Date.now();
    run.child.kill('SIGINT');
    const { code, at } = await run.exited;
    expect(code).toBe(1);
    expect(run.stderr()).toContain(
      'stopped during start-up, before serving anything: the temporary database is removed',
    );
    expect(run.stdout()).not.toContain('Keys');
    expect(run.stdout()).not.toContain('mcp_');
    // Without waiting for the database: well under the tens of seconds PGlite takes to open here.
    expect(at - sent).toBeLessThan(15_000);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('one Ctrl-C while serve migrates a PGlite directory: it lets the database finish opening, then stops with no banner and no admin key, and says the directory is kept', async () => {
    const dataDir = join(scratch, 'serve-sigint');
    const run = start(['gateway', 'serve', '--data-dir', dataDir, '--listen', '127.0.0.1:0']);
    await run.stderrHas('migration applied');
    run.child.kill('SIGINT');
    const { code } = await run.exited;
    expect(code).toBe(1);
    expect(run.stderr()).toContain('stopping once the database has finished opening');
    expect(run.stderr()).toContain(
      `stopped during start-up, before serving anything: the database in ${dataDir}`,
    );
    expect(run.stdout()).not.toContain('listening on');
    expect(run.stderr()).not.toContain('gateway listening');
    expect(readdirSync(dataDir).length).toBeGreaterThan(0);
    // The directory is whole: it opens with every migration applied, and no admin key was made.
    const db = await openDatabase({ dataDir, migrate: false });
    try {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
      expect(rows.map((row) => row.id)).toEqual(MIGRATIONS.map((migration) => migration.id));
      const keys = await db.query('SELECT 1 FROM api_keys');
      expect(keys.rows).toEqual([]);
    } finally {
      await db.close();
    }
  }, 300_000);
});
