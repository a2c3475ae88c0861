import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../admin/admin-types.js';
import { jsonOf, runCli, startTestGateway, type TestGateway } from '../admin/test-support/test-gateway.js';
import { McpSession } from '../test-support/mcp-session.js';
import { renderList } from './gateway-agents.js';

// A real gateway on PGlite: slow on a busy machine.
describe('gateway agents list|publish, against a running gateway', { timeout: 90_000 }, () => {
  let gateway: TestGateway;
  let env: Record<string, string>;
  beforeAll(async () => {
    gateway = await startTestGateway();
    env = { MCPFORGE_ADMIN_KEY: gateway.adminKey, MCPFORGE_GATEWAY_URL: gateway.origin };
  }, 90_000);
  afterAll(async () => {
    await gateway?.stop();
  });

  it('lists agents with delivery, operations and published version', async () => {
    const table = await runCli(['gateway', 'agents', 'list', '--workspace', 'default'], env);
    expect([table.code, table.stderr]).toEqual([0, '']);
    expect(table.stdout).toMatch(
      /^AGENT +DELIVERY +OPERATIONS +SYNONYMS +PUBLISHED +UPDATED +ARCHIVED\nrates +direct +1 +0 +v1 +\d{4}-/,
    );
    const json = jsonOf(await runCli(['gateway', 'agents', 'list', '--workspace', 'default', '--json'], env));
    expect(json).toMatchObject({
      workspace: 'default',
      agents: [{ slug: 'rates', draft: { operations: ['latest-rate'] } }],
    });
  });

  it('publishes a changed draft as the next catalog, with its size; a real MCP client then lists the new tool', async () => {
    const [agent] = await gateway.client.listAgents('default');
    await gateway.client.request('PUT', '/workspaces/default/agents/rates/draft', {
      what: 'adding an operation',
      body: {
        draft: { operations: ['latest-rate', 'place-order'], searchSynonyms: [['rate', 'quote']] },
        expectedDraftRevision: agent!.draftRevision,
      },
    });
    const listed = await runCli(['gateway', 'agents', 'list', '--workspace', 'default'], env);
    expect(listed.stdout).toMatch(/\nrates +direct +2 +1 +v1 +\d{4}-/);
    const published = await runCli(['gateway', 'agents', 'publish', 'rates', '--workspace', 'default'], env);
    expect([published.code, published.stderr]).toEqual([0, '']);
    expect(published.stdout).toMatch(
      /^Published agent 'rates' of 'default' as version 2 \(revision \S+\)\.\n {2}tools +2 \(direct\)\n {2}catalog +\d+ bytes, ~\d+ tokens\n {2}largest +(latest_rate|place_order) \(\d+ bytes\)\n$/,
    );
    const session = new McpSession(`${gateway.origin}/mcp/v1/default/rates`, gateway.mcpKey);
    await session.connect();
    const list = await session.request('tools/list');
    expect(list.body.result.tools.map((tool: { name: string }) => tool.name).sort()).toEqual([
      'latest_rate',
      'place_order',
    ]);

    const again = jsonOf(
      await runCli(['gateway', 'agents', 'publish', 'rates', '--workspace', 'default', '--json'], env),
    );
    expect(again).toMatchObject({
      created: false,
      excluded: [],
      catalog: {
        agent: 'rates',
        agentVersion: 2,
        metrics: { toolCount: 2, estimatedTokens: expect.any(Number) },
      },
    });
  });

  it.each([
    [['list'], 2, 'mcpforge gateway agents list needs --workspace SLUG'],
    [['publish', '--workspace', 'default'], 2, 'mcpforge gateway agents publish needs <agent>'],
    [
      ['publish', 'nope', '--workspace', 'default'],
      1,
      "publishing agent 'nope' of 'default' refused (404 not_found)",
    ],
    [['publsh', 'rates'], 2, "Did you mean 'gateway agents publish'?"],
  ])('agents %j exits %i: %s', async (args, code, message) => {
    const run = await runCli(['gateway', 'agents', ...args], env);
    expect(run.code).toBe(code);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
  });
});

it("agents list counts each draft's search synonym groups; a draft without the field has none", () => {
  const agent = (slug: string, draft: Agent['draft']): Agent => ({
    id: slug,
    workspace: 'default',
    slug,
    draft,
    draftRevision: 1,
    latestVersion: 0,
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
    archivedAt: null,
  });
  const rendered = renderList({
    workspace: 'default',
    agents: [
      agent('finder', {
        delivery: 'search',
        operations: ['a'],
        searchSynonyms: [
          ['repo', 'repository'],
          ['workflow', 'pipeline', 'ci job'],
        ],
      }),
      agent('older', { operations: [] }),
    ],
  });
  const rows = rendered.split('\n').map((line) => line.trim().split(/ {2,}/));
  expect(rows.map((row) => row.slice(0, 5))).toEqual([
    ['AGENT', 'DELIVERY', 'OPERATIONS', 'SYNONYMS', 'PUBLISHED'],
    ['finder', 'search', '1', '2', 'draft only'],
    ['older', 'direct', '0', '0', 'draft only'],
  ]);
});
