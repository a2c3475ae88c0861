import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf, runCli, startTestGateway, type TestGateway } from '../admin/test-support/test-gateway.js';
import { McpSession } from '../test-support/mcp-session.js';

// A real gateway on PGlite: slow on a busy machine.
describe('gateway keys create|list|revoke, against a running gateway', { timeout: 90_000 }, () => {
  let gateway: TestGateway;
  let env: Record<string, string>;
  let dir: string;
  beforeAll(async () => {
    gateway = await startTestGateway();
    env = { MCPFORGE_ADMIN_KEY: gateway.adminKey, MCPFORGE_GATEWAY_URL: gateway.origin };
    dir = await mkdtemp(join(tmpdir(), 'mcpforge-keys-'));
  }, 90_000);
  afterAll(async () => {
    await gateway?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates an mcp_client key that a real MCP client then uses; lists it without its value; revokes it, and the gateway refuses it', async () => {
    const created = await runCli(
      [
        'gateway',
        'keys',
        'create',
        '--type',
        'mcp_client',
        '--workspace',
        'default',
        '--agent',
        'rates',
        '--name',
        'ci',
      ],
      env,
    );
    expect([created.code, created.stderr]).toEqual([0, '']);
    const lines = created.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Created mcp_client key \S+ 'ci' for default\/rates\.$/);
    expect(lines[1]).toBe('Its value, shown this once (only its hash is stored):');
    const value = (lines[2] as string).trim();
    expect(value).toMatch(/^mcpf_mcp_/);
    const mcpUrl = `${gateway.origin}/mcp/v1/default/rates`;
    expect((await new McpSession(mcpUrl, value).connect()).status).toBe(200);

    const listed = jsonOf(
      await runCli(
        ['gateway', 'keys', 'list', '--workspace', 'default', '--type', 'mcp_client', '--json'],
        env,
      ),
    );
    const mine = listed.keys.find((key: { name: string }) => key.name === 'ci');
    expect(mine).toMatchObject({
      type: 'mcp_client',
      workspace: 'default',
      agent: 'rates',
      revokedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(value);
    const table = await runCli(['gateway', 'keys', 'list'], env);
    expect(table.stdout).toMatch(/^ID +TYPE +NAME +FOR +STARTS +CREATED +LAST USED +REVOKED\n/);
    expect(table.stdout).toContain(mine.id);

    const revoked = await runCli(['gateway', 'keys', 'revoke', mine.id], env);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(new RegExp(`^Revoked mcp_client key ${mine.id} 'ci' \\(at \\d{4}-`));
    expect((await new McpSession(mcpUrl, value).connect()).status).toBe(401);
    const after = jsonOf(await runCli(['gateway', 'keys', 'list', '--workspace', 'default', '--json'], env));
    expect(after.keys.map((key: { id: string }) => key.id)).not.toContain(mine.id);
    const all = jsonOf(await runCli(['gateway', 'keys', 'list', '--include-revoked', '--json'], env));
    expect(all.keys.map((key: { id: string }) => key.id)).toContain(mine.id);
  });

  it('creates approval keys with several --allowed-origin and admin keys; --json gives { key, value }; the key may come from --admin-key-file', async () => {
    const keyFile = join(dir, 'admin-key');
    await writeFile(keyFile, `${gateway.adminKey}\n`);
    const approval = jsonOf(
      await runCli(
        [
          'gateway',
          'keys',
          'create',
          '--type',
          'approval',
          '--workspace',
          'default',
          '--allowed-origin',
          'https://a.example.com',
          '--allowed-origin',
          'https://b.example.com',
          '--json',
          '--admin-key-file',
          keyFile,
        ],
        { MCPFORGE_GATEWAY_URL: gateway.origin },
      ),
    );
    expect(approval.value).toMatch(/^mcpf_apr_/);
    expect(approval.key).toMatchObject({
      type: 'approval',
      name: 'approval key for default',
      allowedOrigins: ['https://a.example.com', 'https://b.example.com'],
    });
    const admin = jsonOf(await runCli(['gateway', 'keys', 'create', '--type', 'admin', '--json'], env));
    expect(admin.value).toMatch(/^mcpf_adm_/);
    // The new admin key works.
    const withIt = await runCli(['gateway', 'workspaces'], { ...env, MCPFORGE_ADMIN_KEY: admin.value });
    expect(withIt.code).toBe(0);
  });

  it.each([
    [['create'], 2, '--type is needed: --type mcp_client|approval|admin'],
    [['create', '--type', 'robot'], 2, "--type takes mcp_client, approval, admin; got 'robot'"],
    [
      ['create', '--type', 'mcp_client', '--workspace', 'default'],
      2,
      'a mcp_client key needs --agent, e.g. --agent currency-rates',
    ],
    [['create', '--type', 'admin', '--workspace', 'default'], 2, '--workspace is not taken by an admin key'],
    [
      [
        'create',
        '--type',
        'mcp_client',
        '--workspace',
        'default',
        '--agent',
        'x',
        '--allowed-origin',
        'https://a.example',
      ],
      2,
      '--allowed-origin is only for approval keys',
    ],
    [['create', '--type', 'mcp_client', '--workspace', 'nope', '--agent', 'x'], 1, 'refused (404 not_found)'],
    [['revoke'], 2, 'mcpforge gateway keys revoke needs <key-id>'],
    [['revoke', 'a', 'b'], 2, "unexpected argument 'b': mcpforge gateway keys revoke takes one <key-id>"],
    [['revoke', 'no-such-key'], 1, "revoking key 'no-such-key' refused (404 not_found)"],
    [['list', '--workspac', 'default'], 2, 'Did you mean --workspace?'],
    [
      ['list', '--admin-key-file', '/nonexistent/key'],
      2,
      '--admin-key-file /nonexistent/key cannot be read: ENOENT',
    ],
  ])('keys %j exits %i: %s', async (args, code, message) => {
    const run = await runCli(['gateway', 'keys', ...args], env);
    expect(run.code).toBe(code);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
  });

  it('the group has help of its own', async () => {
    const help = await runCli(['gateway', 'keys', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: mcpforge gateway keys <command> \[flags\]/);
    expect(help.stdout).toMatch(/gateway keys revoke <key-id> +revoke an API key/);
    const create = await runCli(['gateway', 'keys', 'create', '-h']);
    expect(create.stdout).toContain('MCPFORGE_ADMIN_KEY');
    expect(create.stdout).toContain('--admin-key-file FILE');
  });
});
