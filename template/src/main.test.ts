import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(root, 'dist', 'main.js');
const config = join(root, 'config', 'example.json');

/** The built server as a host runs it: a real child process on stdio, the official SDK client. */
describe('template over stdio (built)', () => {
  it('answers --health before reading any config', () => {
    const result = spawnSync(process.execPath, [main, '--health'], { encoding: 'utf8', timeout: 10_000 });
    expect([result.status, result.stdout]).toEqual([0, 'ok\n']);
  });

  it('serves greet with the bundled example config', async () => {
    const client = new Client({ name: 'template-e2e', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [main, '--config', config],
        env: { PATH: process.env['PATH'] ?? '', TEMPLATE_SALUTATION: 'Hello' },
        stderr: 'ignore',
      }),
    );
    try {
      const result = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
      expect(result.structuredContent).toEqual({ message: 'Hello, Ada!', count: 1 });
    } finally {
      await client.close();
    }
  }, 30_000);

  it('exits with status 1 and says why when the config is incomplete', () => {
    const result = spawnSync(process.execPath, [main, '--config', config], {
      encoding: 'utf8',
      timeout: 15_000,
      input: '',
      env: { PATH: process.env['PATH'] ?? '' },
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("config field 'salutation'");
  });
});
