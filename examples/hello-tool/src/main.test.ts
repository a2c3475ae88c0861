import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(root, 'dist', 'main.js');

/** The built server as a host runs it: a real child process on stdio, the official SDK client. */
describe('hello-tool over stdio (built)', () => {
  it('answers --health', () => {
    const result = spawnSync(process.execPath, [main, '--health'], { encoding: 'utf8', timeout: 10_000 });
    expect([result.status, result.stdout]).toEqual([0, 'ok\n']);
  });

  it('serves hello and echo to the SDK client', async () => {
    const client = new Client({ name: 'hello-e2e', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [main], stderr: 'ignore' }),
    );
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['hello', 'echo']);
      expect(await client.callTool({ name: 'hello', arguments: {} })).toMatchObject({
        content: [{ type: 'text', text: 'Hello from mcpforge!' }],
      });
      expect(await client.callTool({ name: 'echo', arguments: { text: 'round trip' } })).toMatchObject({
        content: [{ type: 'text', text: 'round trip' }],
      });
    } finally {
      await client.close();
    }
  }, 30_000);
});
