import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isProbe } from '@mcpforge/server';
import { createTestClient } from '@mcpforge/server/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createNotesServer } from './probe.js';

const PROBE = { 'forge.permission_patterns': true };
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

async function client(era: 'legacy' | 'modern' = 'legacy') {
  const root = mkdtempSync(join(tmpdir(), 'forge-probe-'));
  roots.push(root);
  const testClient = createTestClient(createNotesServer(root), { era });
  if (era === 'legacy') await testClient.initialize();
  return { root, testClient };
}

describe('the probe contract (seed 000)', () => {
  it('marks the pattern tool, and only it, in tools/list', async () => {
    const { testClient } = await client();
    const { tools } = await testClient.listTools();
    expect(tools.find((tool) => tool['name'] === 'write_file')?.['_meta']).toEqual({
      'forge.supports_permission_patterns': true,
    });
    expect(tools.find((tool) => tool['name'] === 'ping_notes')?.['_meta']).toBeUndefined();
  });

  it('answers the exact probe shape and writes nothing', async () => {
    const { root, testClient } = await client();
    const response = await testClient.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'write_file', arguments: { path: 'a.txt', content: 'hi' }, _meta: PROBE },
    });
    expect(response).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [], _meta: { 'forge.patterns': ['write:a.txt'], 'forge.always': [] } },
    });
    expect(existsSync(join(root, 'a.txt'))).toBe(false);
    // Without the flag the same call runs.
    await testClient.callTool('write_file', { path: 'a.txt', content: 'hi' });
    expect(existsSync(join(root, 'a.txt'))).toBe(true);
  });

  it('validates before probing: bad arguments give the usual isError result', async () => {
    const { testClient } = await client();
    const result = await testClient.callTool('write_file', { path: 'a.txt' }, { meta: PROBE });
    expect(result).toEqual({
      content: [{ type: 'text', text: "argument 'content': is required" }],
      isError: true,
    });
  });

  it('refuses a probe of a tool without probe support with -32602, in both eras', async () => {
    for (const era of ['legacy', 'modern'] as const) {
      const { testClient } = await client(era);
      await expect(testClient.callTool('ping_notes', {}, { meta: PROBE })).rejects.toMatchObject({
        code: -32602,
        message: "Tool 'ping_notes' does not support permission probing",
      });
    }
  });

  it('adds resultType and serverInfo to a modern probe answer, patterns unchanged', async () => {
    const { testClient } = await client('modern');
    const result = await testClient.callTool('write_file', { path: 'b.txt', content: '' }, { meta: PROBE });
    expect(result).toEqual({
      content: [],
      resultType: 'complete',
      _meta: {
        'forge.patterns': ['write:b.txt'],
        'forge.always': [],
        'io.modelcontextprotocol/serverInfo': { name: 'notes', version: '1.0.0' },
      },
    });
  });

  it('isProbe reads a request, its params or its _meta', () => {
    expect(isProbe({ params: { _meta: PROBE } })).toBe(true);
    expect(isProbe({ _meta: PROBE })).toBe(true);
    expect(isProbe(PROBE)).toBe(true);
    expect(isProbe({ _meta: { 'forge.permission_patterns': 'true' } })).toBe(false);
  });
});
