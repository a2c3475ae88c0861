import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  createAgent,
  createKey,
  createOperation,
  createWorkspace,
  type Database,
  openDatabase,
  publishAgent,
  publishOperation,
  putUpstreamHost,
} from '@mcpforge/gateway';
import { afterEach, describe, expect, it } from 'vitest';
import { type Child, MAIN, startChild } from '../test-support/child-process.js';

/**
 * Human approvals across real processes on one PostgreSQL database (issue 10): two gateway
 * processes, a counting upstream in a third. PostgreSQL only: PGlite is one process's embedded
 * database (its data directory cannot be opened by two processes), so replicas need PostgreSQL.
 */

const COUNTING_UPSTREAM = fileURLToPath(new URL('../test-support/counting-upstream.ts', import.meta.url));
const APPROVAL_GATEWAY = fileURLToPath(new URL('../test-support/approval-gateway.ts', import.meta.url));
const SERVER = process.env['MCPFORGE_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MODERN = '2026-07-28';

interface Received {
  method: string;
  url: string;
  idempotencyKey: string | null;
  body: string;
  at: number;
}

/** What the test seeded: the MCP endpoint of `sales`, its key, the approval key, a secret argument. */
interface Seeded {
  databaseUrl: string;
  mcpPath: string;
  mcpKey: string;
  approvalKey: string;
  arguments: { customer: string; quantity: number; card_token: string };
}

const children: Child[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(children.splice(0).map((child) => child.kill('SIGKILL')));
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function start(script: string, args: readonly string[], env: Record<string, string> = {}): Child {
  const child = startChild(script, args, { MCPFORGE_LOG_LEVEL: 'debug', ...env });
  children.push(child);
  return child;
}

/** A new database on the test server, dropped after the test. */
async function scratchDatabase(): Promise<string> {
  const name = `mcpforge_replicas_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: SERVER, migrate: false });
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  });
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * Workspace `default`, agent `sales` with `create_order` (POST /v1/orders on `upstream`, approval
 * required, Idempotency-Key), and its keys; `card_token` is a secret-looking argument.
 */
async function seed(databaseUrl: string, upstream: URL): Promise<Seeded> {
  const db: Database = await openDatabase({ databaseUrl });
  try {
    await createWorkspace(db, { slug: 'default' });
    await putUpstreamHost(db, 'default', { hostPattern: upstream.host, allowLoopback: true });
    const text = { type: 'string', minLength: 1, maxLength: 100 };
    await createOperation(db, 'default', {
      slug: 'create-order',
      draft: {
        name: 'create_order',
        description: 'Places an order once a person approves it.',
        approval: 'required',
        inputSchema: {
          type: 'object',
          properties: { customer: text, quantity: { type: 'integer' }, card_token: text },
          required: ['customer', 'quantity', 'card_token'],
          additionalProperties: false,
        },
        binding: {
          method: 'POST',
          baseUrl: upstream.origin,
          path: '/v1/orders',
          arguments: { customer: { in: 'body' }, quantity: { in: 'body' }, card_token: { in: 'body' } },
          idempotency: { header: 'Idempotency-Key' },
        },
      },
    });
    await publishOperation(db, 'default', 'create-order');
    await createAgent(db, 'default', { slug: 'sales', draft: { operations: ['create-order'] } });
    await publishAgent(db, 'default', 'sales');
    const mcp = await createKey(db, {
      type: 'mcp_client',
      name: 'agent',
      workspace: 'default',
      agent: 'sales',
    });
    const approval = await createKey(db, { type: 'approval', name: 'ui', workspace: 'default' });
    return {
      databaseUrl,
      mcpPath: '/mcp/v1/default/sales',
      mcpKey: mcp.value,
      approvalKey: approval.value,
      arguments: { customer: 'ACME Corp', quantity: 3, card_token: `tok_${randomBytes(12).toString('hex')}` },
    };
  } finally {
    await db.close();
  }
}

/** The JSON of an answer that may come as SSE (its last `data:` event). */
async function json(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) return JSON.parse(text);
  const data = text.split('\n').filter((line) => line.startsWith('data:'));
  return JSON.parse(data[data.length - 1]?.slice(5) ?? 'null');
}

/** A 2026-07-28 `tools/call` of `create_order` (stateless): its structured result. */
// biome-ignore lint/suspicious/noExplicitAny: tests read into the result freely
async function createOrder(gateway: string, seeded: Seeded): Promise<any> {
  const response = await fetch(`${gateway}${seeded.mcpPath}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${seeded.mcpKey}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': 'tools/call',
      'mcp-name': 'create_order',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'create_order',
        arguments: seeded.arguments,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MODERN,
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  expect(response.status).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: a JSON-RPC answer
  return ((await json(response)) as any).result.structuredContent;
}

/** The approval API with the approval key: `GET` the request, or `POST` its approve. */
// biome-ignore lint/suspicious/noExplicitAny: tests read into the view freely
async function approval(gateway: string, seeded: Seeded, id: string, approve = false): Promise<any> {
  const response = await fetch(`${gateway}${seeded.mcpPath}/approvals/${id}${approve ? '/approve' : ''}`, {
    method: approve ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${seeded.approvalKey}`, 'content-type': 'application/json' },
    ...(approve ? { body: JSON.stringify({ approve: 'yes' }) } : {}),
  });
  expect(response.status).toBe(200);
  return response.json();
}

async function received(upstream: string): Promise<Received[]> {
  const all = (await (await fetch(`${upstream}/__received`)).json()) as Received[];
  return all.filter((request) => request.url === '/v1/orders');
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Nothing secret in a process's logs: no key value, no secret argument. */
function expectNoSecrets(logs: string, seeded: Seeded, more: readonly string[] = []): void {
  expect(logs).toContain('"msg":"gateway listening"');
  for (const secret of [seeded.mcpKey, seeded.approvalKey, seeded.arguments.card_token, ...more]) {
    expect(logs).not.toContain(secret);
  }
}

// Real node processes that transpile the sources, on a loaded machine: slow.
describe('approvals across gateway processes on one PostgreSQL database', { timeout: 240_000 }, () => {
  it('two `mcpforge gateway serve` processes: 10 concurrent identical calls make one request; 50 concurrent approvers spread over both execute it exactly once upstream; a failing upstream echoing the arguments leaks them into neither view nor logs', async () => {
    const upstream = start(COUNTING_UPSTREAM, [], { DELAY_MS: '500' });
    const upstreamUrl = (await upstream.ready)['url'] as string;
    const seeded = await seed(await scratchDatabase(), new URL(upstreamUrl));
    const serve = [
      'gateway',
      'serve',
      '--database-url',
      seeded.databaseUrl,
      '--listen',
      '127.0.0.1:0',
      '--json',
    ];
    const gateways = [start(MAIN, serve), start(MAIN, serve)];
    const [first, second] = await Promise.all(gateways.map((gateway) => gateway.ready));
    const urls = [first?.['url'] as string, second?.['url'] as string];
    const adminKeys = [first?.['adminKey'], second?.['adminKey']].filter((key) => typeof key === 'string');

    const calls = await Promise.all(
      Array.from({ length: 10 }, (_, index) => createOrder(urls[index % 2] as string, seeded)),
    );
    const id: string = calls[0].approval_id;
    expect(calls.map((call) => [call.status, call.approval_id])).toEqual(
      calls.map(() => ['approval_required', id]),
    );
    const pending = await approval(urls[1] as string, seeded, id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 0 });
    expect(pending.payload_preview).toEqual({ customer: 'ACME Corp', quantity: 3, card_token: '[redacted]' });

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => approval(urls[index % 2] as string, seeded, id, true)),
    );
    // Who lost the claim sees the request as it is: still executing, or completed already.
    for (const answer of answers) expect(['executing', 'completed']).toContain(answer.status);
    expect(answers.some((answer) => answer.status === 'completed')).toBe(true);
    for (const url of urls) {
      expect(await approval(url, seeded, id)).toMatchObject({
        status: 'completed',
        attempts: 1,
        response_payload: { structuredContent: { idempotency_key: `mcpforge-${id}` } },
      });
    }
    const orders = await received(upstreamUrl);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ method: 'POST', idempotencyKey: `mcpforge-${id}` });
    // Executed with the stored arguments, secret field included: only views and logs redact it.
    expect(JSON.parse(orders[0]?.body ?? '')).toEqual(seeded.arguments);

    // An upstream that fails and echoes the arguments: the request fails with a code, and
    // neither the view nor the logs carry the upstream's body.
    const failing = { ...seeded, arguments: { ...seeded.arguments, customer: 'Fail Corp' } };
    const { approval_id: failed } = await createOrder(urls[0] as string, failing);
    const view = await approval(urls[1] as string, failing, failed, true);
    expect(view).toMatchObject({ status: 'failed', attempts: 1, error_code: expect.any(String) });
    expect(JSON.stringify(view)).not.toContain(seeded.arguments.card_token);
    expect(await received(upstreamUrl)).toHaveLength(2);

    for (const gateway of gateways) await gateway.kill('SIGTERM');
    for (const gateway of gateways) {
      expect(gateway.process.exitCode).toBe(0);
      expectNoSecrets(gateway.stderr(), seeded, adminKeys as string[]);
    }
  });

  it('a gateway process killed with SIGKILL while the upstream holds its execution: the other process re-claims after the lease and the upstream sees the same Idempotency-Key twice', async () => {
    const leaseMs = 6000;
    const upstream = start(COUNTING_UPSTREAM, [], { HOLD_FIRST: '1' });
    const upstreamUrl = (await upstream.ready)['url'] as string;
    const seeded = await seed(await scratchDatabase(), new URL(upstreamUrl));
    const env = { DATABASE_URL: seeded.databaseUrl, LEASE_MS: String(leaseMs), SWEEP_MS: '200' };
    const doomed = start(APPROVAL_GATEWAY, [], env);
    const survivor = start(APPROVAL_GATEWAY, [], env);
    const [a, b] = await Promise.all([doomed.ready, survivor.ready]);
    const [doomedUrl, survivorUrl] = [a?.['url'] as string, b?.['url'] as string];

    const { approval_id: id } = await createOrder(doomedUrl, seeded);
    // This approve never answers: its process dies while the upstream holds the execution.
    const lost = approval(doomedUrl, seeded, id, true).catch((error: unknown) => error);
    const [held] = await until(
      'the held execution',
      () => received(upstreamUrl),
      (list) => list.length === 1,
    );
    await doomed.kill('SIGKILL');
    expect(await lost).toBeInstanceOf(Error);

    // Within the lease nobody takes it over.
    const during = await approval(survivorUrl, seeded, id);
    expect(during).toMatchObject({ status: 'executing', attempts: 1 });
    const done = await until(
      'the re-claim',
      () => approval(survivorUrl, seeded, id),
      (view) => view.status === 'completed',
    );
    expect(done).toMatchObject({ status: 'completed', attempts: 2 });
    const orders = await received(upstreamUrl);
    expect(orders.map((order) => order.idempotencyKey)).toEqual([`mcpforge-${id}`, `mcpforge-${id}`]);
    expect(orders[1]?.body).toBe(held?.body);
    // The second execution started only once the first one's lease had lapsed (the claim came
    // just before the held request; a second of slack for a loaded machine).
    expect((orders[1]?.at ?? 0) - (held?.at ?? 0)).toBeGreaterThanOrEqual(leaseMs - 1000);

    await survivor.kill('SIGTERM');
    expect(survivor.process.exitCode).toBe(0);
    expectNoSecrets(doomed.stderr(), seeded);
    expectNoSecrets(survivor.stderr(), seeded);
  });
});
