import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonOf,
  operationDraft,
  runCli,
  startTestGateway,
  type TestGateway,
} from '../admin/test-support/test-gateway.js';

// A real gateway on PGlite: slow on a busy machine.
describe('gateway operations list|publish, against a running gateway', { timeout: 90_000 }, () => {
  let gateway: TestGateway;
  let env: Record<string, string>;
  beforeAll(async () => {
    gateway = await startTestGateway();
    env = { MCPFORGE_ADMIN_KEY: gateway.adminKey, MCPFORGE_GATEWAY_URL: gateway.origin };
  }, 90_000);
  afterAll(async () => {
    await gateway?.stop();
  });

  it("lists a workspace's operations with tool, method, path and published version; --json the API's objects", async () => {
    const table = await runCli(['gateway', 'operations', 'list', '--workspace', 'default'], env);
    expect([table.code, table.stderr]).toEqual([0, '']);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^OPERATION +TOOL +METHOD +PATH +PUBLISHED +UPDATED +ARCHIVED$/);
    expect(lines[1]).toMatch(
      /^latest-rate +latest_rate +GET +\/v1\/latest +v1 +\d{4}-\d\d-\d\d \d\d:\d\d +-$/,
    );
    expect(lines[2]).toMatch(/^place-order +place_order +POST +\/v1\/orders +v1 /);
    const json = jsonOf(
      await runCli(['gateway', 'operations', 'list', '--workspace', 'default', '--json'], env),
    );
    expect(json).toMatchObject({
      workspace: 'default',
      operations: [
        { slug: 'latest-rate', latestVersion: 1, draft: { name: 'latest_rate' } },
        { slug: 'place-order', latestVersion: 1 },
      ],
    });
  });

  it('publishes a new draft as version 1, then says nothing is new', async () => {
    await gateway.client.createOperation(
      'default',
      'get-order',
      operationDraft('get_order', 'GET', '/v1/orders/1'),
    );
    const listed = await runCli(['gateway', 'operations', 'list', '--workspace', 'default'], env);
    expect(listed.stdout).toMatch(/\nget-order +get_order +GET +\/v1\/orders\/1 +draft only /);

    const first = await runCli(
      ['gateway', 'operations', 'publish', 'get-order', '--workspace', 'default'],
      env,
    );
    expect([first.code, first.stdout]).toEqual([
      0,
      "Published operation 'get-order' of 'default' as version 1 (tool get_order). Publish the agents that use it to serve it.\n",
    ]);
    const again = await runCli(
      ['gateway', 'operations', 'publish', 'get-order', '--workspace', 'default'],
      env,
    );
    expect(again.stdout).toBe(
      "Nothing new: the draft of operation 'get-order' of 'default' equals its version 1.\n",
    );
    const json = jsonOf(
      await runCli(
        ['gateway', 'operations', 'publish', 'get-order', '--workspace', 'default', '--json'],
        env,
      ),
    );
    expect(json).toMatchObject({
      workspace: 'default',
      created: false,
      version: { version: 1, operation: 'get-order' },
    });
  });

  it('an upstream host off the allow-list is refused with the fix', async () => {
    const draft = {
      ...operationDraft('elsewhere', 'GET', '/x'),
      binding: { method: 'GET', baseUrl: 'https://other.example.org', path: '/x' },
    };
    await gateway.client.createOperation('default', 'elsewhere', draft);
    const run = await runCli(
      ['gateway', 'operations', 'publish', 'elsewhere', '--workspace', 'default'],
      env,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "publishing operation 'elsewhere' of 'default' refused (409 upstream_not_allowed)",
    );
    expect(run.stderr).toContain("is not on the workspace's allow-list");
  });

  it.each([
    [['list'], 2, 'mcpforge gateway operations list needs --workspace SLUG, e.g. --workspace default'],
    [['publish', '--workspace', 'default'], 2, 'mcpforge gateway operations publish needs <operation>'],
    [
      ['publish', 'nope', '--workspace', 'default'],
      1,
      "publishing operation 'nope' of 'default' refused (404 not_found)",
    ],
    [['list', '--workspace', 'nope'], 1, "listing the operations of 'nope' refused (404 not_found)"],
    [['lst'], 2, "Did you mean 'gateway operations list'?"],
    [['list', '--workspace', 'default', '--incude-archived'], 2, 'Did you mean --include-archived?'],
  ])('operations %j exits %i: %s', async (args, code, message) => {
    const run = await runCli(['gateway', 'operations', ...args], env);
    expect(run.code).toBe(code);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
  });
});
