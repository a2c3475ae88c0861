import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@mcpforge/gateway';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from '../cli/cli-error.js';
import { fakeIo } from '../test-support/fake-io.js';
import { render, run, type ServeResult } from './gateway-serve.js';

async function refusal(args: string[], env: Record<string, string> = {}): Promise<CliError> {
  const error = await run(args, fakeIo(env)).catch((caught: unknown) => caught);
  if (!(error instanceof CliError)) throw new Error(`expected a CliError, got ${String(error)}`);
  return error;
}

describe('gateway serve: the command line', () => {
  it('--health answers ok before anything is checked or opened', async () => {
    expect(await run(['--health', '--prefix', 'bad'], fakeIo())).toEqual({ result: { status: 'ok' } });
    expect(render({ status: 'ok' })).toBe('ok');
  });

  it.each([
    [
      ['--database-url', 'postgres://a/b', '--data-dir', 'x'],
      {},
      'conflicting_flags',
      '--database-url and --data-dir exclude each other',
    ],
    [['--database-url', 'mysql://a/b'], {}, 'invalid_value', '--database-url must be a postgres:// URL'],
    [[], { DATABASE_URL: 'http://a/b' }, 'invalid_value', 'DATABASE_URL must be a postgres:// URL'],
    [['--prefix', 'mcp/'], {}, 'invalid_value', '--prefix must look like /mcp'],
    [['--listen', 'localhost'], {}, 'invalid_value', '--listen expects HOST:PORT'],
    [
      ['--data-dir'],
      {},
      'missing_value',
      '--data-dir needs a value: --data-dir DIR, e.g. --data-dir ./gateway-data',
    ],
    [['--port', '80'], {}, 'unknown_flag', 'unknown flag --port for mcpforge gateway serve.'],
  ])('%j (env %j) is refused with %s before anything opens', async (args, env, code, message) => {
    const error = await refusal(args, env);
    expect(error.code).toBe(code);
    expect(error.exitCode).toBe(2);
    expect(error.message.startsWith(message)).toBe(true);
  });
});

// Each test starts PGlite: slow on a busy machine.
describe('gateway serve: running', { timeout: 90_000 }, () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcpforge-serve-test-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('on PGlite (--data-dir beats DATABASE_URL): migrates with a log line each, makes the first admin key once, listens, and stops on abort', async () => {
    const io = fakeIo({ DATABASE_URL: 'postgres://127.0.0.1:1/unused' });
    const dataDir = join(dir, 'data');
    const { result, stopped } = await run(
      ['--data-dir', dataDir, '--listen', '127.0.0.1:0', '--prefix', '/gw'],
      io,
    );
    const served = result as ServeResult;
    try {
      expect(served).toMatchObject({
        database: 'pglite',
        dataDir,
        migrated: ['0001_catalog', '0002_keys', '0003_history'],
      });
      expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(served.mcpUrlTemplate).toBe(`${served.url}/gw/v1/{workspace}/{agent}`);
      expect(served.adminKey).toMatch(/^mcpf_adm_/);
      expect(io.logs.filter((log) => log.message === 'migration applied').map((log) => log.fields)).toEqual([
        { migration: '0001_catalog', durationMs: expect.any(Number) },
        { migration: '0002_keys', durationMs: expect.any(Number) },
        { migration: '0003_history', durationMs: expect.any(Number) },
      ]);
      // The listener answers under the prefix: no key is a 401, with the request ids.
      const response = await fetch(`${served.url}/gw/v1/default/nobody`, { method: 'POST' });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(response.headers.get('x-request-id')).not.toBeNull();
      expect(render(served)).toContain(served.adminKey as string);
      // Nothing secret in the logs.
      expect(JSON.stringify(io.logs)).not.toContain(served.adminKey);
    } finally {
      io.controller.abort();
      await stopped;
    }
    expect(io.logs.map((log) => log.message)).toContain('gateway stopped');
    await expect(fetch(`${served.url}/gw/v1/default/nobody`)).rejects.toThrow();

    // The same database again: nothing to migrate, and no second admin key.
    const again = fakeIo();
    const second = await run(['--data-dir', dataDir, '--listen', '127.0.0.1:0'], again);
    again.controller.abort();
    await second.stopped;
    expect(second.result).toMatchObject({ migrated: [] });
    expect(second.result).not.toHaveProperty('adminKey');
  });

  it('on PostgreSQL from DATABASE_URL: migrates a new database, serves, and stops on abort', async () => {
    // The CI machine's PostgreSQL (the gateway's tests use the same server and variable).
    const server = process.env['MCPFORGE_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `mcpforge_cli_${randomBytes(4).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl: server, migrate: false });
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(server);
      url.pathname = `/${name}`;
      const io = fakeIo({ DATABASE_URL: url.href });
      const { result, stopped } = await run(['--listen', '127.0.0.1:0'], io);
      io.controller.abort();
      await stopped;
      expect(result).toMatchObject({
        database: 'postgres',
        migrated: ['0001_catalog', '0002_keys', '0003_history'],
      });
      expect(result).not.toHaveProperty('dataDir');
      // The URL is never in the result: it may hold a password.
      expect(JSON.stringify(result)).not.toContain(name);
    } finally {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.close();
    }
  });

  it('a busy port is a start failure (exit 1) that says how to pick another', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const error = await refusal(['--data-dir', join(dir, 'data'), '--listen', `127.0.0.1:${port}`]);
      expect(error.code).toBe('start_failed');
      expect(error.exitCode).toBe(1);
      expect(error.message).toBe(
        `127.0.0.1:${port} is in use: pick another with --listen HOST:PORT (port 0 picks a free one)`,
      );
    } finally {
      blocker.close();
    }
  });
});
