import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf, runCli, startTestGateway, type TestGateway } from '../admin/test-support/test-gateway.js';

// A real gateway on PGlite: slow on a busy machine.
describe('gateway workspaces [create], against a running gateway', { timeout: 90_000 }, () => {
  let gateway: TestGateway;
  let env: Record<string, string>;
  beforeAll(async () => {
    gateway = await startTestGateway();
    env = { MCPFORGE_ADMIN_KEY: gateway.adminKey };
  }, 90_000);
  afterAll(async () => {
    await gateway?.stop();
  });

  it('lists the workspaces as a table, and --json as one line; creates one by slug', async () => {
    const listed = await runCli(['gateway', 'workspaces', '--url', gateway.origin], env);
    expect([listed.code, listed.stderr]).toEqual([0, '']);
    expect(listed.stdout).toMatch(/^SLUG +CREATED\ndefault +\d{4}-\d\d-\d\d \d\d:\d\d\n$/);

    const created = await runCli(
      ['gateway', 'workspaces', 'create', 'finance', '--url', gateway.origin, '--json'],
      env,
    );
    expect(created.code).toBe(0);
    expect(jsonOf(created)).toMatchObject({ workspace: { slug: 'finance', id: expect.any(String) } });

    // MCPFORGE_GATEWAY_URL instead of --url; the admin API's own URL works too.
    const json = await runCli(['gateway', 'workspaces', '--json'], {
      ...env,
      MCPFORGE_GATEWAY_URL: gateway.adminUrl,
    });
    expect(jsonOf(json).workspaces.map((workspace: { slug: string }) => workspace.slug)).toEqual([
      'default',
      'finance',
    ]);
  });

  it('a duplicate slug is refused with the API problem and the fix, exit 1', async () => {
    const again = await runCli(['gateway', 'workspaces', 'create', 'default', '--url', gateway.origin], env);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr).toMatch(
      /^mcpforge: creating workspace 'default' refused \(409 already_exists\): .*pick another slug/,
    );
    const json = await runCli(
      ['gateway', 'workspaces', 'create', 'default', '--url', gateway.origin, '--json'],
      env,
    );
    expect(jsonOf(json)).toEqual({
      error: {
        code: 'admin_refused',
        message: expect.any(String),
        status: 409,
        problem: 'already_exists',
        // The field the API named, so a script can point at it.
        field: 'slug',
      },
    });
  });

  it('a bad key, a key of another type, and no key are clear errors', async () => {
    const bad = await runCli(['gateway', 'workspaces', '--url', gateway.origin], {
      MCPFORGE_ADMIN_KEY: 'mcpf_adm_nope',
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('(401 key_invalid)');
    expect(bad.stderr).toContain(
      'set MCPFORGE_ADMIN_KEY (or --admin-key-file) to an admin key of this gateway',
    );
    const mcp = await runCli(['gateway', 'workspaces', '--url', gateway.origin], {
      MCPFORGE_ADMIN_KEY: gateway.mcpKey,
    });
    expect(mcp.stderr).toContain('(403 key_wrong_type)');
    const none = await runCli(['gateway', 'workspaces', '--url', gateway.origin]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^mcpforge: an admin key is needed: set MCPFORGE_ADMIN_KEY/);
  });

  it('a missing slug, an unknown flag and a misspelt sub-command are usage errors (exit 2)', async () => {
    const missing = await runCli(['gateway', 'workspaces', 'create', '--url', gateway.origin], env);
    expect([missing.code, missing.stderr]).toEqual([
      2,
      'mcpforge: mcpforge gateway workspaces create needs <slug>: mcpforge gateway workspaces create <slug> (mcpforge gateway workspaces create --help says more)\n',
    ]);
    const flag = await runCli(['gateway', 'workspaces', '--ur', gateway.origin], env);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('unknown flag --ur for mcpforge gateway workspaces. Did you mean --url?');
    const typo = await runCli(['gateway', 'workspaces', 'creat', 'x'], env);
    expect(typo.stderr).toContain("Did you mean 'gateway workspaces create'?");
  });
});
