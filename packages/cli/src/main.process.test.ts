import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS } from '@mcpforge/gateway';
import { afterEach, describe, expect, it } from 'vitest';
import { McpSession } from './test-support/mcp-session.js';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
/** The workspace's hooks that run TypeScript sources in a child (root `test-support/`). */
const REGISTER = fileURLToPath(new URL('../../../test-support/ts-hooks/register.mjs', import.meta.url));

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function start(args: string[]): {
  child: ChildProcessWithoutNullStreams;
  stderr: () => string;
  firstLine: Promise<string>;
} {
  const child = spawn(process.execPath, ['--import', REGISTER, MAIN, ...args], {
    env: { ...process.env, DATABASE_URL: '', MCPFORGE_LOG_LEVEL: 'info' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout });
  const firstLine = new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`exited ${code} before a line; stderr: ${stderr}`)));
  });
  // A test that expects an exit never reads the line: that rejection is not an error.
  firstLine.catch(() => undefined);
  return { child, stderr: () => stderr, firstLine };
}

async function exitCode(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = await once(child, 'exit');
  return code as number | null;
}

// Real node processes that transpile the sources and start PGlite: slow on a busy machine.
describe('the mcpforge bin, in a real process', { timeout: 120_000 }, () => {
  it('gateway demo --json prints one JSON line; a real MCP client lists and calls the tool, the bundled upstream answers; SIGTERM exits 0', async () => {
    const { child, stderr, firstLine } = start(['gateway', 'demo', '--json', '--listen', '127.0.0.1:0']);
    const line = JSON.parse(await firstLine);
    expect(Object.keys(line)).toEqual(['adminUrl', 'keys', 'agents']);
    const { mcpUrl, mcpKey } = line.agents['currency-rates'];
    const session = new McpSession(mcpUrl, mcpKey);
    const init = await session.connect();
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).not.toBeNull();
    const list = await session.request('tools/list');
    expect(list.body.result.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'frankfurter_latest_rate',
    ]);
    const call = await session.request('tools/call', {
      name: 'frankfurter_latest_rate',
      arguments: { base: 'USD', quote: 'EUR' },
    });
    expect(call.body.result.structuredContent).toEqual({
      amount: 1,
      base: 'USD',
      date: '2026-12-01',
      rates: { EUR: 0.91996 },
    });
    child.kill('SIGTERM');
    expect(await exitCode(child)).toBe(0);
    expect(stderr()).toMatch(/migration 0001_catalog applied/);
    // Keys are printed once, on stdout; never in the logs.
    expect(stderr()).not.toContain(mcpKey);
    expect(stderr()).not.toContain(line.keys.admin);
  });

  it('gateway serve --json listens, logs JSON lines (a migration line each) on stderr, and exits 0 on SIGTERM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcpforge-serve-process-'));
    try {
      const { child, stderr, firstLine } = start([
        'gateway',
        'serve',
        '--data-dir',
        join(dir, 'data'),
        '--listen',
        '127.0.0.1:0',
        '--json',
      ]);
      const result = JSON.parse(await firstLine);
      expect(result).toMatchObject({
        database: 'pglite',
        migrated: MIGRATIONS.map((migration) => migration.id),
      });
      const response = await fetch(`${result.url}/mcp/v1/default/none`, { method: 'POST' });
      expect(response.status).toBe(401);
      child.kill('SIGTERM');
      expect(await exitCode(child)).toBe(0);
      const logs = stderr()
        .split('\n')
        .filter((text) => text.startsWith('{'))
        .map((text) => JSON.parse(text));
      expect(logs.filter((log) => log.msg === 'migration applied').map((log) => log.migration)).toEqual(
        MIGRATIONS.map((migration) => migration.id),
      );
      expect(logs.map((log) => log.msg)).toContain('gateway stopped');
      expect(stderr()).not.toContain(result.adminKey);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('an unknown command exits 2 with one line naming the fix and no stack', async () => {
    const { child, stderr } = start(['gatway', 'demo']);
    expect(await exitCode(child)).toBe(2);
    expect(stderr()).toBe(
      "mcpforge: unknown command 'gatway'. Did you mean 'gateway'? Run 'mcpforge --help' for the commands.\n",
    );
  });
});
