import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS, openDatabase } from '@mcpforge/gateway';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from '../cli/cli-error.js';
import { fakeIo } from '../test-support/fake-io.js';
import { render, run, type ServeResult } from './gateway-serve.js';

/** POSTs nothing to an MCP endpoint with the given `Host`: the status (403 when the Host is refused, else 401: no key). */
function statusWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every migration of the gateway, in order: what a new database gets. */
const ALL_MIGRATIONS = MIGRATIONS.map((migration) => migration.id);

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
    [
      ['--allowed-hosts', 'https://gateway.internal/mcp'],
      {},
      'invalid_value',
      "--allowed-hosts takes host names or addresses with an optional port ('*' alone for any); 'https://gateway.internal/mcp' is not one: write 'gateway.internal'",
    ],
    [
      ['--allowed-hosts', '*.internal'],
      {},
      'invalid_value',
      "--allowed-hosts takes host names or addresses with an optional port ('*' alone for any); '*.internal' is not one, e.g. --allowed-hosts gateway.internal,10.1.2.3",
    ],
    [
      [],
      { MCPFORGE_ALLOWED_HOSTS: ' , ' },
      'invalid_value',
      'MCPFORGE_ALLOWED_HOSTS needs at least one host name, e.g. MCPFORGE_ALLOWED_HOSTS=gateway.internal,10.1.2.3',
    ],
    [
      ['--allowed-hosts'],
      {},
      'missing_value',
      '--allowed-hosts needs a value: --allowed-hosts HOST[,HOST...], e.g. --allowed-hosts gateway.internal,10.1.2.3',
    ],
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
        migrated: ALL_MIGRATIONS,
      });
      expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(served.mcpUrlTemplate).toBe(`${served.url}/gw/v1/{workspace}/{agent}`);
      expect(served.adminKey).toMatch(/^mcpf_adm_/);
      expect(io.logs.filter((log) => log.message === 'migration applied').map((log) => log.fields)).toEqual(
        ALL_MIGRATIONS.map((migration) => ({ migration, durationMs: expect.any(Number) })),
      );
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
        migrated: ALL_MIGRATIONS,
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

  it('--allowed-hosts (beating MCPFORGE_ALLOWED_HOSTS) adds Host names; any other is 403, logged once with the flag that accepts it', async () => {
    const io = fakeIo({ MCPFORGE_ALLOWED_HOSTS: 'other.lan' });
    const dataDir = join(dir, 'data');
    const { result, stopped } = await run(
      [
        '--data-dir',
        dataDir,
        '--listen',
        '127.0.0.1:0',
        '--allowed-hosts',
        'gateway.internal, 10.1.2.3:8443',
      ],
      io,
    );
    const served = result as ServeResult;
    try {
      expect(served.allowedHosts).toEqual([
        'localhost',
        '127.0.0.1',
        '[::1]',
        'gateway.internal',
        '10.1.2.3:8443',
      ]);
      expect(render(served)).toContain(
        '  allowed hosts  localhost, 127.0.0.1, [::1], gateway.internal, 10.1.2.3:8443\n',
      );
      const endpoint = `${served.url}/mcp/v1/default/agent`;
      const port = new URL(served.url).port;
      expect(await statusWithHost(endpoint, `127.0.0.1:${port}`)).toBe(401);
      expect(await statusWithHost(endpoint, `gateway.internal:${port}`)).toBe(401);
      expect(await statusWithHost(endpoint, 'GATEWAY.internal')).toBe(401);
      expect(await statusWithHost(endpoint, '10.1.2.3:8443')).toBe(401);
      expect(await statusWithHost(endpoint, '10.1.2.3:80')).toBe(403);
      expect(await statusWithHost(endpoint, 'other.lan')).toBe(403);
      expect(await statusWithHost(endpoint, 'other.lan')).toBe(403);
      const warnings = io.logs.filter((log) => log.level === 'warn');
      expect(warnings.map((log) => log.message)).toEqual([
        'refused Host "10.1.2.3:80": not in the allowed hosts; pass --allowed-hosts 10.1.2.3 (or MCPFORGE_ALLOWED_HOSTS) to accept it',
        'refused Host "other.lan": not in the allowed hosts; pass --allowed-hosts other.lan (or MCPFORGE_ALLOWED_HOSTS) to accept it',
      ]);
    } finally {
      io.controller.abort();
      await stopped;
    }

    // MCPFORGE_ALLOWED_HOSTS without the flag; '*' accepts any Host.
    for (const [env, host, status] of [
      ['other.lan', 'other.lan', 401],
      ['other.lan', 'gateway.internal', 403],
      ['*', 'anything.example', 401],
    ] as const) {
      const again = fakeIo({ MCPFORGE_ALLOWED_HOSTS: env });
      const second = await run(['--data-dir', dataDir, '--listen', '127.0.0.1:0'], again);
      try {
        const url = (second.result as ServeResult).url;
        expect(await statusWithHost(`${url}/mcp/v1/default/agent`, host)).toBe(status);
      } finally {
        again.controller.abort();
        await second.stopped;
      }
    }
  });
});
