import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS } from '@mcpforge/gateway';
import { describe, expect, it } from 'vitest';
import { CliError } from '../cli/cli-error.js';
import { startDemoUpstream } from '../demo/demo-upstream.js';
import { fakeIo } from '../test-support/fake-io.js';
import { McpSession } from '../test-support/mcp-session.js';
import { render, run } from './gateway-demo.js';

const CALL = { name: 'frankfurter_latest_rate', arguments: { base: 'USD', quote: 'EUR' } };

// Each test starts PGlite: slow on a busy machine.
describe('gateway demo', { timeout: 90_000 }, () => {
  it('seeds the demo, answers initialize, tools/list and tools/call from the bundled upstream, and on abort stops and removes its temporary data', async () => {
    const io = fakeIo();
    const { result, stopped } = await run(['--listen', '127.0.0.1:0'], io);
    try {
      expect(Object.keys(result)).toEqual(['adminUrl', 'keys', 'agents']);
      expect(result.adminUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\/admin\/v1$/);
      expect(result.keys.admin).toMatch(/^mcpf_adm_/);
      expect(result.keys.approval).toMatch(/^mcpf_apr_/);
      const agent = result.agents['currency-rates'];
      expect(agent?.mcpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\/v1\/default\/currency-rates$/);
      expect(agent?.mcpKey).toMatch(/^mcpf_mcp_/);
      expect(io.lines.filter((line) => line.startsWith('migration '))).toHaveLength(MIGRATIONS.length);

      const session = new McpSession(agent!.mcpUrl, agent!.mcpKey);
      expect((await session.connect()).body.result.serverInfo).toBeDefined();
      const list = await session.request('tools/list');
      expect(list.body.result.tools.map((tool: { name: string }) => tool.name)).toEqual([
        'frankfurter_latest_rate',
      ]);
      const call = await session.request('tools/call', CALL);
      expect(call.body.result.isError).not.toBe(true);
      expect(call.body.result.structuredContent).toEqual({
        amount: 1,
        base: 'USD',
        date: '2026-12-01',
        rates: { EUR: 0.91996 },
      });
      // The admin key opens the admin API; the approval key is no MCP key.
      const workspaces = await fetch(`${result.adminUrl}/workspaces`, {
        headers: { authorization: `Bearer ${result.keys.admin}` },
      });
      expect(workspaces.status).toBe(200);
      expect(JSON.stringify(await workspaces.json())).toContain('"default"');
      expect((await new McpSession(agent!.mcpUrl, result.keys.approval).connect()).status).toBe(403);
    } finally {
      io.controller.abort();
      await stopped;
    }
    const dataDir = io.lines.find((line) => line.startsWith('database: PGlite in '))?.split(' ')[3];
    expect(dataDir).toBeDefined();
    expect(existsSync(dataDir as string)).toBe(false);
  });

  it('lists office in agents: search mode over the Russian catalog, found by a Russian query and called through call_tool', async () => {
    const io = fakeIo();
    const { result, stopped } = await run(['--listen', '127.0.0.1:0'], io);
    try {
      expect(Object.keys(result.agents)).toEqual(['currency-rates', 'sales', 'office']);
      const office = result.agents['office']!;
      expect(office.mcpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\/v1\/default\/office$/);
      const session = new McpSession(office.mcpUrl, office.mcpKey);
      await session.connect();
      const list = await session.request('tools/list');
      expect(list.body.result.tools.map((tool: { name: string }) => tool.name)).toEqual([
        'search_tools',
        'call_tool',
      ]);
      const search = await session.request('tools/call', {
        name: 'search_tools',
        arguments: { query: 'выставить счёт клиенту', limit: 3 },
      });
      const found = search.body.result.structuredContent;
      expect(found.tools.map((tool: { name: string }) => tool.name)).toContain('create_invoice');
      expect(found.catalog_revision).toMatch(/^[0-9a-f]{64}$/);
      const call = await session.request('tools/call', {
        name: 'call_tool',
        arguments: {
          name: 'get_client',
          arguments: { client_id: 'cl_0001' },
          catalog_revision: found.catalog_revision,
        },
      });
      expect(call.body.result.isError).not.toBe(true);
      expect(call.body.result.structuredContent).toMatchObject({ id: 'cl_0001', operation: 'get_client' });
      // The operations stay behind the meta tools: a direct call of one is not a tool here.
      const direct = await session.request('tools/call', {
        name: 'get_client',
        arguments: { client_id: 'cl_0001' },
      });
      expect(direct.body.result?.isError === true || direct.body.error !== undefined).toBe(true);
    } finally {
      io.controller.abort();
      await stopped;
    }
    const dataDir = io.lines.find((line) => line.startsWith('database: PGlite in '))?.split(' ')[3];
    expect(dataDir).toBeDefined();
    expect(existsSync(dataDir as string)).toBe(false);
  });

  it('--upstream points the tool at the given service; a given --data-dir is kept and seeded again on the next run', async () => {
    const upstream = await startDemoUpstream();
    const dir = await mkdtemp(join(tmpdir(), 'mcpforge-demo-test-'));
    try {
      for (const round of [1, 2]) {
        const io = fakeIo();
        const { result, stopped } = await run(
          ['--listen', '127.0.0.1:0', '--upstream', upstream.url, '--data-dir', join(dir, 'data')],
          io,
        );
        try {
          expect(io.lines).toContain(`rates service: ${upstream.url}/`);
          // Migrations run once, on the first start.
          expect(io.lines.filter((line) => line.startsWith('migration ')).length).toBe(
            round === 1 ? MIGRATIONS.length : 0,
          );
          const agent = result.agents['currency-rates']!;
          const session = new McpSession(agent.mcpUrl, agent.mcpKey);
          await session.connect();
          const call = await session.request('tools/call', CALL);
          expect(call.body.result.structuredContent.rates).toEqual({ EUR: 0.91996 });
        } finally {
          io.controller.abort();
          await stopped;
        }
        expect(existsSync(join(dir, 'data'))).toBe(true);
      }
    } finally {
      await upstream.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [['--upstream', 'api.frankfurter.dev'], '--upstream must be a URL such as https://api.frankfurter.dev'],
    [['--upstream', 'ftp://example.com'], '--upstream must be an http(s) URL'],
    [['--listen', '127.0.0.1'], '--listen expects HOST:PORT'],
  ])('%j is refused before anything starts', async (args, message) => {
    const io = fakeIo();
    const error = await run(args, io).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message.startsWith(message)).toBe(true);
    expect(io.lines).toEqual([]);
  });

  it('render shows the MCP URL, each key once, a curl initialize line and the Inspector command with its Node 22 note', () => {
    const text = render({
      adminUrl: 'http://127.0.0.1:8080/mcp/admin/v1',
      keys: { admin: 'mcpf_adm_A', approval: 'mcpf_apr_B' },
      agents: {
        'currency-rates': {
          mcpUrl: 'http://127.0.0.1:8080/mcp/v1/default/currency-rates',
          mcpKey: 'mcpf_mcp_C',
        },
        office: { mcpUrl: 'http://127.0.0.1:8080/mcp/v1/default/office', mcpKey: 'mcpf_mcp_D' },
      },
    });
    expect(text).toContain('  MCP client  mcpf_mcp_D   (agent office)\n');
    expect(text).toContain('Search mode (agent office');
    expect(text).toContain('  http://127.0.0.1:8080/mcp/v1/default/office\n');
    expect(text).toContain('  http://127.0.0.1:8080/mcp/v1/default/currency-rates\n');
    expect(text.split('mcpf_adm_A')).toHaveLength(2);
    expect(text.split('mcpf_apr_B')).toHaveLength(2);
    expect(text).toContain("curl -i 'http://127.0.0.1:8080/mcp/v1/default/currency-rates'");
    expect(text).toContain("-H 'Authorization: Bearer mcpf_mcp_C'");
    expect(text).toContain('"method":"initialize"');
    expect(text).toContain('"arguments":{"base":"USD","quote":"EUR"}');
    // In a checkout, at its root (as here), the line runs the Inspector on the checkout's Node 22
    // (gateway-inspector.interop.test.ts runs it as printed).
    expect(text).toContain(
      "\nnpm run inspector -- --cli 'http://127.0.0.1:8080/mcp/v1/default/currency-rates' --transport http --header 'Authorization: Bearer mcpf_mcp_C' --method tools/list\n",
    );
    expect(text).toContain("the checkout's own Node 22");
    expect(text).not.toContain('npx');
  });
});
