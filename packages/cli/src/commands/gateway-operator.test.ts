import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callTool,
  jsonOf,
  runCli,
  startTestGateway,
  type TestGateway,
} from '../admin/test-support/test-gateway.js';

/**
 * The whole operator's job from the CLI, without curl: against a real gateway (PGlite) and a
 * real upstream on this machine's loopback, allowed with `hosts add --allow-loopback`; sections,
 * operations from flags and from a YAML file, publish by selector, an agent from a selector,
 * a real tools/call, its history, and an approval decided with an approval key.
 */

interface Upstream {
  origin: string;
  requests: string[];
  close(): Promise<void>;
}

/** A REST upstream answering every request with the method and path it got. */
async function startUpstream(): Promise<Upstream> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, path: req.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('the operator commands, end to end', { timeout: 120_000 }, () => {
  let gateway: TestGateway;
  let upstream: Upstream;
  let dir: string;
  let env: Record<string, string>;
  const ws = ['--workspace', 'shop'];
  beforeAll(async () => {
    [gateway, upstream] = await Promise.all([startTestGateway(), startUpstream()]);
    dir = await mkdtemp(join(tmpdir(), 'mcpforge-operator-'));
    env = { MCPFORGE_ADMIN_KEY: gateway.adminKey, MCPFORGE_GATEWAY_URL: gateway.origin };
    await gateway.client.createWorkspace('shop');
  }, 120_000);
  afterAll(async () => {
    await gateway?.stop();
    await upstream?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  const ok = async (args: string[], extra: Record<string, string> = {}) => {
    const run = await runCli(['gateway', ...args], { ...env, ...extra });
    expect([run.code, run.stderr], args.join(' ')).toEqual([0, '']);
    return run;
  };

  it('sections: create, edit, list', async () => {
    await ok(['sections', 'create', 'pets', ...ws, '--title', 'Pets', '--description', 'The pets']);
    await ok(['sections', 'create', 'orders', ...ws, '--title', 'store']);
    const edited = await ok(['sections', 'edit', 'orders', ...ws, '--title', 'Orders']);
    expect(edited.stdout).toBe("Changed section 'orders' of 'shop' (Orders).\n");
    const listed = await ok(['sections', 'list', ...ws]);
    expect(listed.stdout).toMatch(
      /^SECTION +TITLE +DESCRIPTION +UPDATED\norders +Orders +- +.*\npets +Pets +The pets /,
    );
    const refused = await runCli(['gateway', 'sections', 'create', 'x', ...ws], env);
    expect([refused.code, refused.stderr]).toEqual([
      2,
      'mcpforge: mcpforge gateway sections create needs --title TEXT, e.g. --title Rates\n',
    ]);
  });

  it('hosts: a loopback upstream is refused at publish until allowed with --allow-loopback', async () => {
    const host = new URL(upstream.origin).host;
    await ok([
      'operations',
      'create',
      'get-pet',
      ...ws,
      '--description',
      'Reads one pet by id.',
      '--method',
      'GET',
      '--base-url',
      upstream.origin,
      '--path',
      '/pets/{petId}',
      '--section',
      'pets',
    ]);
    const refused = await runCli(['gateway', 'operations', 'publish', 'get-pet', ...ws], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refused (409 upstream_not_allowed)');
    const added = await ok(['hosts', 'add', host, ...ws, '--allow-loopback']);
    expect(added.stdout).toBe(`Allowed '${host}' in 'shop' (may reach public, loopback addresses).\n`);
    expect((await ok(['hosts', 'list', ...ws])).stdout).toMatch(
      new RegExp(`\\n${host.replace('.', '\\.')} +public, loopback +`),
    );
    expect(jsonOf(await ok(['hosts', 'list', ...ws, '--json'])).hosts).toMatchObject([
      { hostPattern: host, allowLoopback: true, allowPrivate: false },
    ]);
  });

  it('operations: from a YAML file, shown, edited; publish --section then --all', async () => {
    const file = join(dir, 'place-order.yaml');
    await writeFile(
      file,
      [
        'name: place_order',
        'description: Places an order; a person approves it first.',
        'sections: [orders]',
        'approval: required',
        'inputSchema:',
        '  type: object',
        '  properties: { item: { type: string } }',
        '  required: [item]',
        '  additionalProperties: false',
        'binding:',
        '  method: POST',
        `  baseUrl: ${upstream.origin}`,
        '  path: /orders',
        '  arguments: { item: { in: body } }',
        '',
      ].join('\n'),
    );
    const created = await ok(['operations', 'create', 'place-order', ...ws, '--file', file]);
    expect(created.stdout).toContain(
      "Created operation 'place-order' in 'shop' (tool place_order, draft revision 1).",
    );
    const edited = await ok(['operations', 'edit', 'get-pet', ...ws, '--title', 'Get a pet']);
    expect(edited.stdout).toContain('draft revision 2');
    const shown = await ok(['operations', 'show', 'get-pet', ...ws]);
    expect(shown.stdout).toContain(
      `  call       GET ${upstream.origin}/pets/{petId}\n  published  draft only\n`,
    );
    expect(shown.stdout).toContain('"title": "Get a pet"');

    const bySection = await ok(['operations', 'publish', '--section', 'pets', ...ws]);
    expect(bySection.stdout).toMatch(
      /^Published 1 new version in 'shop' \(0 unchanged, 0 refused, of 1 selected\)\.\n {2}get-pet {2}v1\n/,
    );
    const all = jsonOf(await ok(['operations', 'publish', '--all', ...ws, '--json']));
    expect(all).toEqual({
      workspace: 'shop',
      selected: 2,
      operations: [
        { operation: 'get-pet', version: 1, created: false },
        { operation: 'place-order', version: 1, created: true },
      ],
    });
    const both = await runCli(['gateway', 'operations', 'publish', 'get-pet', '--all', ...ws], env);
    expect([both.code, both.stderr]).toEqual([
      2,
      'mcpforge: mcpforge gateway operations publish takes <operation> or a selector (--all, --section, --tag), not both\n',
    ]);
  });

  it('agents: created from a selector and published; a real call; its history', async () => {
    const created = await ok([
      'agents',
      'create',
      'pets',
      ...ws,
      '--tag',
      'Pets',
      '--delivery',
      'direct',
      '--publish',
    ]);
    expect(created.stdout).toContain("Created agent 'pets' in 'shop': direct delivery, 1 operation.");
    expect(created.stdout).toContain("Published agent 'pets' of 'shop' as version 1");
    const shown = jsonOf(await ok(['agents', 'show', 'pets', ...ws, '--json']));
    expect(shown).toMatchObject({
      slug: 'pets',
      latestVersion: 1,
      draft: { operations: ['get-pet'], sections: ['pets'] },
    });

    const key = await gateway.client.createKey({
      type: 'mcp_client',
      name: 'pets',
      workspace: 'shop',
      agent: 'pets',
    });
    const result = await callTool(`${gateway.origin}/mcp/v1/shop/pets`, key.value, 'get_pet', { petId: '7' });
    expect(result.isError).not.toBe(true);
    expect(upstream.requests).toContain('GET /pets/7');

    // History is written in batches: wait for the row, as an operator would look again.
    let history = await ok(['history', '--workspace', 'shop', '--agent', 'pets']);
    for (let tries = 0; history.stdout === 'No calls match.\n' && tries < 300; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      history = await ok(['history', '--workspace', 'shop', '--agent', 'pets']);
    }
    expect(history.stdout).toMatch(
      /^TIME +WORKSPACE +AGENT +TOOL +OUTCOME +MS +REQUEST\n\d{4}-\d\d-\d\d \d\d:\d\d:\d\d +shop +pets +get_pet +success +\d+ +\S+\n$/,
    );
    const none = await ok(['history', '--workspace', 'shop', '--outcome', 'rejected']);
    expect(none.stdout).toBe('No calls match.\n');
    const bad = await runCli(['gateway', 'history', '--agent', 'pets'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--agent needs --workspace');
  });

  it('agents edit and archive; operations archive', async () => {
    const edited = await ok(['agents', 'edit', 'pets', ...ws, '--all', '--delivery', 'search']);
    expect(edited.stdout).toContain("Edited agent 'pets' in 'shop': search delivery, 2 operations.");
    const archived = await ok(['operations', 'archive', 'get-pet', ...ws]);
    expect(archived.stdout).toContain("Archived operation 'get-pet' of 'shop'");
    await ok(['agents', 'create', 'spare', ...ws]);
    expect((await ok(['agents', 'archive', 'spare', ...ws])).stdout).toContain(
      "Archived agent 'spare' of 'shop'",
    );
    const listed = jsonOf(await ok(['agents', 'list', ...ws, '--json']));
    expect(listed.agents.map((agent: { slug: string }) => agent.slug)).toEqual(['pets']);
  });

  it('approvals: list and show with the admin key, approve and deny with an approval key', async () => {
    await ok(['agents', 'create', 'orders', ...ws, '--operation', 'place-order', '--publish']);
    const key = await gateway.client.createKey({
      type: 'mcp_client',
      name: 'orders',
      workspace: 'shop',
      agent: 'orders',
    });
    const url = `${gateway.origin}/mcp/v1/shop/orders`;
    const first = await callTool(url, key.value, 'place_order', { item: 'one' });
    const second = await callTool(url, key.value, 'place_order', { item: 'two' });
    const [approveId, denyId] = [first, second].map((r) => r.structuredContent?.['approval_id'] as string);
    expect(approveId).toMatch(/^approval_/);

    const listed = await ok(['approvals', 'list', ...ws, '--status', 'pending']);
    expect(listed.stdout).toContain(`${approveId}  orders`);
    const shown = await ok(['approvals', 'show', approveId as string, ...ws, '--agent', 'orders']);
    expect(shown.stdout).toContain('  status     pending');
    expect(shown.stdout).toContain('{"item":"one"}');

    const noKey = await runCli(
      ['gateway', 'approvals', 'approve', approveId as string, ...ws, '--agent', 'orders'],
      env,
    );
    expect([noKey.code, noKey.stderr]).toEqual([
      2,
      'mcpforge: an approval key is needed to decide: set MCPFORGE_APPROVAL_KEY or give --approval-key-file FILE (mcpforge gateway keys create --type approval --workspace <slug> makes one)\n',
    ]);
    // The admin key is not an approval key: the gateway refuses it, and the fix names the right one.
    const adminAsApprover = await runCli(
      ['gateway', 'approvals', 'approve', approveId as string, ...ws, '--agent', 'orders'],
      { ...env, MCPFORGE_APPROVAL_KEY: gateway.adminKey },
    );
    expect(adminAsApprover.code).toBe(1);
    expect(adminAsApprover.stderr).toContain('key_wrong_type');
    expect(adminAsApprover.stderr).toContain('the approval API takes an approval key');
    expect(upstream.requests).not.toContain('POST /orders');

    const approval = await gateway.client.createKey({ type: 'approval', name: 'people', workspace: 'shop' });
    const keyFile = join(dir, 'approval-key');
    await writeFile(keyFile, `${approval.value}\n`);
    const approved = await ok([
      'approvals',
      'approve',
      approveId as string,
      ...ws,
      '--agent',
      'orders',
      '--approval-key-file',
      keyFile,
      '--note',
      'checked',
    ]);
    expect(approved.stdout).toMatch(/^Approved: the call ran upstream and completed\.\n/);
    expect(upstream.requests.filter((line) => line === 'POST /orders')).toHaveLength(1);
    const denied = await ok(['approvals', 'deny', denyId as string, ...ws, '--agent', 'orders'], {
      MCPFORGE_APPROVAL_KEY: approval.value,
    });
    expect(denied.stdout).toMatch(/^Denied: nothing was executed\.\n/);
    expect(upstream.requests.filter((line) => line === 'POST /orders')).toHaveLength(1);
  });

  it('hosts remove, and a pattern not on the list is refused with the fix', async () => {
    const host = new URL(upstream.origin).host;
    expect((await ok(['hosts', 'remove', host, ...ws])).stdout).toBe(
      `Removed '${host}' from the allow-list of 'shop'.\n`,
    );
    const again = await runCli(['gateway', 'hosts', 'remove', host, ...ws], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`'${host}' is not on the allow-list of workspace 'shop'`);
  });
});
