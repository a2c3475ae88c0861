import { describe, expect, it } from 'vitest';
import { text } from '../results/index.js';
import { s } from '../schema/index.js';
import { createTestClient, mcpErrorOf } from '../testing/index.js';
import { createServer } from './mcp-server.js';
import { isProbe, wrapProbe } from './probe.js';

const probeMeta = { 'forge.permission_patterns': true };

function probeServer() {
  const effects: string[] = [];
  const server = createServer({ name: 'probe', version: '1.0.0' });
  const inputSchema = s.object({ path: s.string(), content: s.string() });
  server.patternTool(
    { name: 'write_file', inputSchema },
    (args) => ({ patterns: [`write:${args.path}`] }),
    (args) => {
      effects.push(args.path);
      return text('written');
    },
  );
  server.patternTool(
    { name: 'deploy', inputSchema: s.object({}) },
    { patterns: [], always: ['deploy:*'] },
    () => {
      effects.push('deploy');
      return text('deployed');
    },
  );
  server.tool({ name: 'read_file', inputSchema: s.object({ path: s.string() }) }, () => {
    effects.push('read');
    return text('data');
  });
  return { server, effects };
}

describe('permission probe (seed 000)', () => {
  it('marks pattern tools in tools/list', async () => {
    const client = createTestClient(probeServer().server);
    await client.initialize();
    const tools = (await client.listTools()).tools;
    expect(tools.map((tool) => tool['_meta'])).toEqual([
      { 'forge.supports_permission_patterns': true },
      { 'forge.supports_permission_patterns': true },
      undefined,
    ]);
  });

  it('returns the patterns and runs nothing', async () => {
    const { server, effects } = probeServer();
    const client = createTestClient(server);
    await client.initialize();
    const probe = await client.callTool('write_file', { path: 'a.txt', content: 'hi' }, { meta: probeMeta });
    expect(probe).toEqual({ content: [], _meta: { 'forge.patterns': ['write:a.txt'], 'forge.always': [] } });
    expect(await client.callTool('deploy', {}, { meta: probeMeta })).toEqual({
      content: [],
      _meta: { 'forge.patterns': [], 'forge.always': ['deploy:*'] },
    });
    expect(effects).toEqual([]);
    expect(await client.callTool('write_file', { path: 'a.txt', content: 'hi' })).toEqual(text('written'));
    expect(effects).toEqual(['a.txt']);
  });

  it('validates the arguments before answering a probe', async () => {
    const { server, effects } = probeServer();
    const client = createTestClient(server);
    await client.initialize();
    const invalid = await client.callTool('write_file', { path: 3 }, { meta: probeMeta });
    expect(invalid.isError).toBe(true);
    expect(effects).toEqual([]);
  });

  it('refuses a probe of a tool without support with -32602 and runs nothing', async () => {
    const { server, effects } = probeServer();
    const client = createTestClient(server);
    await client.initialize();
    const error = await mcpErrorOf(client.callTool('read_file', { path: 'x' }, { meta: probeMeta }));
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('does not support permission probing');
    expect(effects).toEqual([]);
    // `false` is not a probe
    expect(
      await client.callTool('read_file', { path: 'x' }, { meta: { 'forge.permission_patterns': false } }),
    ).toEqual(text('data'));
  });

  it('works in the modern era too', async () => {
    const client = createTestClient(probeServer().server, { era: 'modern' });
    const probe = await client.callTool('write_file', { path: 'b', content: '' }, { meta: probeMeta });
    expect(probe).toMatchObject({
      content: [],
      resultType: 'complete',
      _meta: { 'forge.patterns': ['write:b'] },
    });
  });

  it('isProbe reads a request, params or _meta; wrapProbe short-circuits a handler', async () => {
    expect(isProbe({ _meta: probeMeta })).toBe(true);
    expect(isProbe(probeMeta)).toBe(true);
    expect(
      isProbe({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', _meta: probeMeta } }),
    ).toBe(true);
    expect(isProbe({ _meta: { 'forge.permission_patterns': 'true' } })).toBe(false);
    expect(isProbe(undefined)).toBe(false);
    let ran = false;
    const handler = wrapProbe(
      () => {
        ran = true;
        return text('ran');
      },
      { patterns: ['p'] },
    );
    const ctx = { meta: probeMeta } as never;
    expect(await handler({}, ctx)).toEqual({
      content: [],
      _meta: { 'forge.patterns': ['p'], 'forge.always': [] },
    });
    expect(ran).toBe(false);
  });
});
