import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { FIXTURE } from './test-support/spawn-fixture.js';

// The Inspector needs Node 22: it runs from tools/node22 on the Node 22 of scripts/node22.mjs.
const INSPECTOR = inject('node22Tools');
const scratch = mkdtempSync(join(tmpdir(), 'forge-inspector-'));

async function inspect(...args: string[]): Promise<unknown> {
  const { stdout } = await promisify(execFile)(
    INSPECTOR.node,
    [INSPECTOR.inspector, '--cli', process.execPath, FIXTURE, ...args],
    {
      timeout: 30_000,
      env: { ...process.env, MCP_CATALOG_PATH: join(scratch, 'mcp.json'), HOME: scratch },
    },
  );
  return JSON.parse(stdout);
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('MCP Inspector CLI over stdio', () => {
  it('lists the tools', async () => {
    const listed = (await inspect('--method', 'tools/list')) as { tools: Array<{ name: string }> };
    expect(listed.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['echo', 'add', 'write_file']),
    );
  });

  it('calls a tool with an argument', async () => {
    expect(await inspect('--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'text=hi')).toEqual({
      content: [{ type: 'text', text: 'hi' }],
    });
  });

  it('sends a probe through tool metadata and gets the patterns', async () => {
    const probe = await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'write_file',
      '--tool-arg',
      'path=a.txt',
      'content=x',
      '--tool-metadata',
      'forge.permission_patterns=true',
    );
    expect(probe).toEqual({ content: [], _meta: { 'forge.patterns': ['write:a.txt'], 'forge.always': [] } });
  });
});
