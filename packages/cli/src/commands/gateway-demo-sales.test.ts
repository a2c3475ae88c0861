import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { approvalStatusCurl, approveCurl, createOrderCurl, listPendingCurl } from '../demo/approval-lines.js';
import type { Order } from '../demo/orders.js';
import { fakeIo } from '../test-support/fake-io.js';
import { McpSession } from '../test-support/mcp-session.js';
import { render, run } from './gateway-demo.js';

const run$ = promisify(execFile);
const ORDER = { customer: 'ACME Corp', item: 'demo-widget', quantity: 3 };
const APPROVAL_ID = /^approval_[0-9A-HJKMNP-TV-Z]{26}$/;

/** Runs a printed command line in bash, as a person pasting it would; stdout parsed as JSON. */
async function paste(command: string, env: Record<string, string> = {}): Promise<unknown> {
  const { stdout } = await run$('bash', ['-c', command], { env: { ...process.env, ...env } });
  return JSON.parse(stdout);
}

/** The bundled upstream's URL, from the demo's progress line. */
function ordersService(lines: readonly string[]): string {
  const line = lines.find((text) => text.startsWith('orders service: bundled, on '));
  if (line === undefined) throw new Error(`no orders service line in ${JSON.stringify(lines)}`);
  return line.split(' ')[4] as string;
}

async function orders(upstream: string): Promise<{ orders: Order[]; received: number }> {
  return (await (await fetch(`${upstream}/v1/orders`)).json()) as { orders: Order[]; received: number };
}

// Each test starts PGlite: slow on a busy machine.
describe('gateway demo: agent sales and the approval flow', { timeout: 90_000 }, () => {
  it('the printed curl lines run as written: create_order answers approval_required, the list shows it pending, approve places one order with the Idempotency-Key, the status reads completed; keys stay in their lanes', async () => {
    const io = fakeIo();
    const { result, stopped } = await run(['--listen', '127.0.0.1:0'], io);
    try {
      const sales = result.agents['sales'];
      expect(sales?.mcpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\/v1\/default\/sales$/);
      expect(sales?.mcpKey).toMatch(/^mcpf_mcp_/);
      const { mcpUrl, mcpKey } = sales!;
      const upstream = ordersService(io.lines);
      const env = { APPROVAL_KEY: result.keys.approval };

      // biome-ignore lint/suspicious/noExplicitAny: reading into JSON-RPC answers
      const call = (await paste(createOrderCurl(mcpUrl, mcpKey))) as any;
      const required = call.result.structuredContent;
      expect(required).toMatchObject({ status: 'approval_required', approve: { method: 'POST' } });
      const id: string = required.approval_id;
      expect(id).toMatch(APPROVAL_ID);
      expect(required.approval_url).toBe(`/mcp/v1/default/sales/approvals/${id}`);
      // Nothing reached the upstream yet.
      expect(await orders(upstream)).toEqual({ orders: [], received: 0 });

      // The same call again is the same request, not a second one.
      // biome-ignore lint/suspicious/noExplicitAny: reading into JSON-RPC answers
      const again = (await paste(createOrderCurl(mcpUrl, mcpKey))) as any;
      expect(again.result.structuredContent.approval_id).toBe(id);

      // biome-ignore lint/suspicious/noExplicitAny: reading the approval API's JSON
      const pending = (await paste(listPendingCurl(mcpUrl), env)) as any;
      expect(pending.items.map((item: { approval_id: string }) => item.approval_id)).toEqual([id]);
      expect(pending.items[0]).toMatchObject({
        status: 'pending',
        tool: 'create_order',
        payload_preview: ORDER,
      });

      const withId = (line: string) => line.replace('<approval_id>', id);
      // biome-ignore lint/suspicious/noExplicitAny: reading the approval API's JSON
      const approved = (await paste(withId(approveCurl(mcpUrl)), env)) as any;
      expect(approved).toMatchObject({
        approval_id: id,
        status: 'completed',
        attempts: 1,
        note: 'tried from the demo',
      });
      const placed = await orders(upstream);
      expect(placed.received).toBe(1);
      expect(placed.orders).toEqual([
        expect.objectContaining({ ...ORDER, idempotency_key: `mcpforge-${id}` }),
      ]);
      expect(approved.response_payload.structuredContent).toEqual(placed.orders[0]);

      // A second approve answers the outcome and executes nothing.
      // biome-ignore lint/suspicious/noExplicitAny: reading the approval API's JSON
      const twice = (await paste(withId(approveCurl(mcpUrl)), env)) as any;
      expect(twice).toMatchObject({ status: 'completed', attempts: 1 });
      // biome-ignore lint/suspicious/noExplicitAny: reading the approval API's JSON
      const status = (await paste(withId(approvalStatusCurl(mcpUrl)), env)) as any;
      expect(status).toMatchObject({ status: 'completed', execution_request_id: expect.any(String) });
      expect((await orders(upstream)).received).toBe(1);

      // Keys stay in their lanes: sales's MCP key is refused by the approval API, the approval
      // key and currency-rates's key on sales's MCP endpoint.
      const refused = await fetch(`${mcpUrl}/approvals`, { headers: { authorization: `Bearer ${mcpKey}` } });
      expect(refused.status).toBe(403);
      expect((await new McpSession(mcpUrl, result.keys.approval).connect()).status).toBe(403);
      const rates = result.agents['currency-rates']!;
      expect((await new McpSession(mcpUrl, rates.mcpKey).connect()).status).toBe(403);
      const session = new McpSession(mcpUrl, mcpKey);
      await session.connect();
      const tools = await session.request('tools/list');
      expect(tools.body.result.tools).toEqual([
        expect.objectContaining({
          name: 'create_order',
          annotations: expect.objectContaining({ readOnlyHint: false }),
        }),
      ]);
    } finally {
      io.controller.abort();
      await stopped;
    }
  });

  it('with --upstream the orders service is still the bundled one (the rates tool alone goes to the given URL)', async () => {
    const io = fakeIo();
    const { stopped } = await run(
      ['--listen', '127.0.0.1:0', '--upstream', 'https://api.frankfurter.dev'],
      io,
    );
    try {
      expect(io.lines).toContain('rates service: https://api.frankfurter.dev/');
      expect((await orders(ordersService(io.lines))).received).toBe(0);
    } finally {
      io.controller.abort();
      await stopped;
    }
  });

  it('render shows the approval flow for agent sales: its URL and key, the four curl lines, and the approval key only once (the curl lines read $APPROVAL_KEY)', () => {
    const mcpUrl = 'http://127.0.0.1:8080/mcp/v1/default/sales';
    const text = render({
      adminUrl: 'http://127.0.0.1:8080/mcp/admin/v1',
      keys: { admin: 'mcpf_adm_A', approval: 'mcpf_apr_B' },
      agents: {
        'currency-rates': {
          mcpUrl: 'http://127.0.0.1:8080/mcp/v1/default/currency-rates',
          mcpKey: 'mcpf_mcp_C',
        },
        sales: { mcpUrl, mcpKey: 'mcpf_mcp_D' },
      },
    });
    expect(text).toContain('Try the approval flow');
    expect(text).toContain(`  ${mcpUrl}\n`);
    expect(text).toContain('  MCP client  mcpf_mcp_D   (agent sales)');
    expect(text.split('mcpf_apr_B')).toHaveLength(2);
    for (const line of [
      createOrderCurl(mcpUrl, 'mcpf_mcp_D'),
      listPendingCurl(mcpUrl),
      approveCurl(mcpUrl),
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toContain('"name":"create_order","arguments":{"customer":"ACME Corp"');
    expect(text).toContain(`curl -s '${mcpUrl}/approvals/<approval_id>/approve'`);
    expect(text).toContain('-H "Authorization: Bearer $APPROVAL_KEY"');
    expect(text.indexOf('Try the approval flow')).toBeLessThan(text.indexOf('Ctrl-C stops the demo.'));
  });
});
