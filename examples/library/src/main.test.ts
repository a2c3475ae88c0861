// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings test literal ${VAR} placeholders
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The built server and approve command as a host and an operator use them: real
 * child processes, real stdio, the official SDK client, a real database on disk.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(root, 'dist', 'main.js');
const approve = join(root, 'dist', 'approve.js');
const approvalKey = 'e2e-approval-key-0123456789abcdef';

describe('library over stdio (built)', () => {
  let dir: string;
  let config: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'library-e2e-'));
    config = join(dir, 'library.json');
    await writeFile(
      config,
      JSON.stringify({
        role: 'editor',
        dataDir: '${LIBRARY_DATA_DIR}',
        approvalKey: '${LIBRARY_APPROVAL_KEY}',
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function connect(): Promise<Client> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [main, '--config', config],
      env: {
        PATH: process.env['PATH'] ?? '',
        LIBRARY_DATA_DIR: join(dir, 'data'),
        LIBRARY_APPROVAL_KEY: approvalKey,
        MCPFORGE_LOG_LEVEL: 'warn',
      },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'library-e2e', version: '1.0.0' });
    await client.connect(transport);
    return client;
  }

  it('answers --health without reading a config', () => {
    const result = spawnSync(process.execPath, [main, '--health'], { encoding: 'utf8', timeout: 10_000 });
    expect(result.stdout).toBe('ok\n');
    expect(result.status).toBe(0);
  });

  it('creates an operator-approved draft once, across a restart', async () => {
    const operator = spawnSync(
      process.execPath,
      [
        approve,
        '--operation',
        'Create the end-to-end draft',
        '--slug',
        'e2e-draft',
        '--title',
        'End to end',
        '--text',
        'Approved by the operator.',
        '--json',
      ],
      { encoding: 'utf8', timeout: 10_000, env: { ...process.env, LIBRARY_APPROVAL_KEY: approvalKey } },
    );
    expect(operator.status).toBe(0);
    const args = JSON.parse(operator.stdout) as Record<string, unknown>;

    const first = await connect();
    try {
      const { tools } = await first.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        'library.search',
        'library.read',
        'library.create_draft',
      ]);
      const search = await first.callTool({
        name: 'library.search',
        arguments: { query: 'lighthouse lamp' },
      });
      expect((search.structuredContent as { results: Array<{ id: string }> }).results[0]?.id).toBe(
        'lighthouse-keeping',
      );
      const created = await first.callTool({ name: 'library.create_draft', arguments: args });
      expect(created.structuredContent).toMatchObject({
        created: true,
        draft: { slug: 'e2e-draft', published: false },
      });
    } finally {
      await first.close();
    }

    const second = await connect();
    try {
      const replayed = await second.callTool({ name: 'library.create_draft', arguments: args });
      expect(replayed.structuredContent).toMatchObject({ created: false, draft: { slug: 'e2e-draft' } });
      const tampered = await second.callTool({
        name: 'library.create_draft',
        arguments: { ...args, text: 'Approved by the operator!' },
      });
      expect(tampered.isError).toBe(true);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('refuses to start an editor without its approval key', () => {
    const result = spawnSync(process.execPath, [main, '--config', config], {
      encoding: 'utf8',
      timeout: 15_000,
      input: '',
      env: { PATH: process.env['PATH'] ?? '', LIBRARY_DATA_DIR: join(dir, 'data') },
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('approvalKey');
  });
});
