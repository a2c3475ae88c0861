import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN, type Ran, REGISTER, runToEnd } from '../test-support/child-process.js';

/** Variables of this machine that would point the commands elsewhere. */
const CLEAN_ENV = { DATABASE_URL: '', MCPFORGE_ADMIN_KEY: '', MCPFORGE_GATEWAY_URL: '' };

function spawnCli(args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', REGISTER, MAIN, ...args], {
    env: { ...process.env, ...CLEAN_ENV, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Runs the bin to its end: exit code, stdout, stderr. */
function runBin(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return runToEnd(['--import', REGISTER, MAIN, ...args], { env: { ...CLEAN_ENV, ...env } });
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Real node processes that transpile the sources and start PGlite: slow on a busy machine.
describe('the operator commands in a real process', { timeout: 120_000 }, () => {
  let dir: string;
  let serving: ChildProcessWithoutNullStreams | undefined;
  let served: { url: string; adminKey: string };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcpforge-keys-process-'));
    serving = spawnCli([
      'gateway',
      'serve',
      '--json',
      '--listen',
      '127.0.0.1:0',
      '--data-dir',
      join(dir, 'data'),
    ]);
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: serving!.stdout }).once('line', resolve);
      serving!.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
    });
    served = JSON.parse(line);
  }, 120_000);
  afterAll(async () => {
    if (serving !== undefined && serving.exitCode === null) {
      serving.kill('SIGTERM');
      await once(serving, 'exit');
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('keys create --type admin --json prints one JSON line with the value; the new key then lists the keys', async () => {
    const created = await runBin(
      ['gateway', 'keys', 'create', '--type', 'admin', '--name', 'ops', '--json'],
      {
        MCPFORGE_GATEWAY_URL: served.url,
        MCPFORGE_ADMIN_KEY: served.adminKey,
      },
    );
    expect(created.code).toBe(0);
    const { key, value } = JSON.parse(created.stdout);
    expect(value).toMatch(/^mcpf_adm_/);
    const listed = await runBin(['gateway', 'keys', 'list', '--url', served.url], {
      MCPFORGE_ADMIN_KEY: value,
    });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(key.id);
    // stdout is a pipe: no colour codes.
    expect(listed.stdout).not.toContain('\u001b[');
  });

  it('workspaces create, operations list and agents list: exit 0 with their output', async () => {
    const env = { MCPFORGE_GATEWAY_URL: served.url, MCPFORGE_ADMIN_KEY: served.adminKey };
    const created = await runBin(['gateway', 'workspaces', 'create', 'ops-test'], env);
    expect([created.code, created.stdout]).toEqual([0, "Created workspace 'ops-test'.\n"]);
    const operations = await runBin(
      ['gateway', 'operations', 'list', '--workspace', 'ops-test', '--json'],
      env,
    );
    expect([operations.code, JSON.parse(operations.stdout)]).toEqual([
      0,
      { workspace: 'ops-test', operations: [] },
    ]);
    const agents = await runBin(['gateway', 'agents', 'list', '--workspace', 'ops-test'], env);
    expect([agents.code, agents.stdout]).toEqual([0, "No agents in 'ops-test'.\n"]);
  });

  it('no gateway at the URL: exit 1, one line on stderr naming the fix, no colour on a pipe', async () => {
    const port = await closedPort();
    const run = await runBin(['gateway', 'workspaces', '--url', `http://127.0.0.1:${port}`], {
      MCPFORGE_ADMIN_KEY: 'mcpf_adm_x',
    });
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `mcpforge: no gateway at http://127.0.0.1:${port}: start one with mcpforge gateway serve, or give its URL with --url (or MCPFORGE_GATEWAY_URL)\n`,
    });
  });
});
