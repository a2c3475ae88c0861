import {
  createAgent,
  createKey,
  createOperation,
  createWorkspace,
  type Database,
  findWorkspace,
  listAgents,
  listOperations,
  publishAgent,
  publishOperation,
  putUpstreamHost,
  updateOperationDraft,
} from '@mcpforge/gateway';
import { MAX_ORDER_TEXT, MAX_QUANTITY } from './orders.js';
import { DEMO_SEARCH_AGENT } from './search-catalog.js';
import { seedSearchAgent } from './seed-search-agent.js';

/** The seed's demo (seed 003): names a person sees in the MCP URL and in `tools/list`. */
export const DEMO = {
  workspace: 'default',
  agent: 'currency-rates',
  /** The operation's slug (slugs take `-`; the tool name keeps the seed's `_`). */
  operation: 'frankfurter-latest-rate',
  tool: 'frankfurter_latest_rate',
} as const;

/** The seed's example arguments, used in the printed `tools/call` line. */
export const DEMO_ARGUMENTS = { base: 'USD', quote: 'EUR' } as const;

/** The seed's second agent: an operation with a side effect that a person approves first. */
export const SALES = {
  agent: 'sales',
  operation: 'create-order',
  tool: 'create_order',
  /** The header the bundled orders service dedupes retries by. */
  idempotencyHeader: 'Idempotency-Key',
} as const;

/** The seed's search-mode agent: the bundled Russian office catalog behind search_tools and call_tool. */
export const OFFICE = { agent: DEMO_SEARCH_AGENT } as const;

/** Example arguments of `create_order`, used in the printed approval flow. */
export const SALES_ARGUMENTS = { customer: 'ACME Corp', item: 'demo-widget', quantity: 3 } as const;

/** The keys made for one demo run; each value is shown once. */
export interface DemoKeys {
  admin: string;
  /** For the whole workspace `default`: approves the requests of every agent in it. */
  approval: string;
  /** The `mcp_client` key of `currency-rates`. */
  mcpClient: string;
  /** The `mcp_client` key of `sales`. */
  salesMcpClient: string;
  /** The `mcp_client` key of `office` (search mode). */
  officeMcpClient: string;
}

/** Where the demo's operations send their calls. */
export interface DemoUpstreams {
  /** The rates service (`GET /v1/latest`): the bundled one or `--upstream`. */
  rates: URL;
  /** The orders service (`POST /v1/orders`): always the bundled one. */
  orders: URL;
  /** The office service of `office`'s operations (`/v1/clients`, ...): the bundled one; default `orders`. */
  office?: URL | undefined;
}

const CURRENCY = { type: 'string', pattern: '^[A-Z]{3}$', minLength: 3, maxLength: 3 } as const;

function origin(url: URL): string {
  return url.origin + url.pathname.replace(/\/$/, '');
}

/** The operation's draft: `GET {upstream}/v1/latest?base=USD&symbols=EUR`. */
export function demoOperationDraft(upstream: URL): Record<string, unknown> {
  return {
    name: DEMO.tool,
    title: 'Latest exchange rate',
    description:
      'Latest exchange rate between two currencies (ISO 4217 codes such as USD and EUR), from the Frankfurter rates API.',
    inputSchema: {
      type: 'object',
      properties: {
        base: { ...CURRENCY, description: 'Currency to convert from, e.g. USD' },
        quote: { ...CURRENCY, description: 'Currency to convert to, e.g. EUR' },
      },
      required: ['base', 'quote'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: true },
    binding: {
      method: 'GET',
      baseUrl: origin(upstream),
      path: '/v1/latest',
      // The seed's `quote` is the Frankfurter API's `symbols`.
      arguments: { base: { in: 'query' }, quote: { in: 'query', name: 'symbols' } },
    },
  };
}

const ORDER_TEXT = { type: 'string', minLength: 1, maxLength: MAX_ORDER_TEXT } as const;

/**
 * `sales`'s operation: `POST {upstream}/v1/orders` with `{ customer, item, quantity }`. A person
 * approves each call; the approval's execution sends `Idempotency-Key`, which the bundled
 * orders service honours, so a retried execution places no second order.
 */
export function salesOperationDraft(upstream: URL): Record<string, unknown> {
  return {
    name: SALES.tool,
    title: 'Create an order',
    description:
      'Places an order for a customer in the demo order service. A person approves every order before it is placed: the call answers approval_required with the approval request to follow.',
    inputSchema: {
      type: 'object',
      properties: {
        customer: { ...ORDER_TEXT, description: 'Who the order is for, e.g. ACME Corp' },
        item: { ...ORDER_TEXT, description: 'What is ordered, e.g. demo-widget' },
        quantity: { type: 'integer', minimum: 1, maximum: MAX_QUANTITY, description: 'How many' },
      },
      required: ['customer', 'item', 'quantity'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    approval: 'required',
    binding: {
      method: 'POST',
      baseUrl: origin(upstream),
      path: '/v1/orders',
      arguments: { customer: { in: 'body' }, item: { in: 'body' }, quantity: { in: 'body' } },
      idempotency: { header: SALES.idempotencyHeader },
    },
  };
}

const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Creates the operation, or on a data directory seeded before replaces its draft; then publishes it. */
async function putOperation(db: Database, existing: ReadonlySet<string>, slug: string, draft: unknown) {
  if (existing.has(slug)) await updateOperationDraft(db, DEMO.workspace, slug, draft);
  else await createOperation(db, DEMO.workspace, { slug, draft });
  await publishOperation(db, DEMO.workspace, slug);
}

/** Creates the agent when it is missing, then publishes it (with the operations just published). */
async function putAgent(db: Database, existing: ReadonlySet<string>, slug: string, operation: string) {
  if (!existing.has(slug))
    await createAgent(db, DEMO.workspace, { slug, draft: { operations: [operation] } });
  await publishAgent(db, DEMO.workspace, slug);
}

/**
 * Seeds the demo through the gateway's domain functions: workspace `default`, the upstreams on
 * its allow-list, the operations published, agents `currency-rates` and `sales` published with
 * them, `office` in search mode over the bundled Russian catalog (with its sections), and new keys. On a data directory seeded before, points the operations at `upstreams`
 * again (the bundled upstream's port changes every run), adds what an older demo lacked, and
 * republishes; old keys stay valid, new ones are made because the old values were never stored.
 */
export async function seedDemo(db: Database, upstreams: DemoUpstreams): Promise<DemoKeys> {
  if ((await findWorkspace(db, DEMO.workspace)) === undefined) {
    await createWorkspace(db, { slug: DEMO.workspace });
  }
  const office = upstreams.office ?? upstreams.orders;
  for (const host of new Set([upstreams.rates.host, upstreams.orders.host, office.host])) {
    // A loopback upstream is the bundled one or one the person started: they asked for it.
    const loopback = LOOPBACK_NAMES.has(new URL(`http://${host}`).hostname);
    await putUpstreamHost(db, DEMO.workspace, { hostPattern: host, allowLoopback: loopback });
  }
  const operations = new Set((await listOperations(db, DEMO.workspace)).map((operation) => operation.slug));
  await putOperation(db, operations, DEMO.operation, demoOperationDraft(upstreams.rates));
  await putOperation(db, operations, SALES.operation, salesOperationDraft(upstreams.orders));
  const agents = new Set((await listAgents(db, DEMO.workspace)).map((agent) => agent.slug));
  await putAgent(db, agents, DEMO.agent, DEMO.operation);
  await putAgent(db, agents, SALES.agent, SALES.operation);
  await seedSearchAgent(db, DEMO.workspace, office, agents, (slug, draft) =>
    putOperation(db, operations, slug, draft),
  );
  const mcpClient = await createKey(db, {
    type: 'mcp_client',
    name: 'demo client',
    workspace: DEMO.workspace,
    agent: DEMO.agent,
  });
  const salesMcpClient = await createKey(db, {
    type: 'mcp_client',
    name: 'demo sales client',
    workspace: DEMO.workspace,
    agent: SALES.agent,
  });
  const officeMcpClient = await createKey(db, {
    type: 'mcp_client',
    name: 'demo office client',
    workspace: DEMO.workspace,
    agent: OFFICE.agent,
  });
  const approval = await createKey(db, {
    type: 'approval',
    name: 'demo approval',
    workspace: DEMO.workspace,
  });
  // The demo owns its database, so it makes its admin key directly (no bootstrap rule to meet).
  const admin = await createKey(db, { type: 'admin', name: 'demo admin' });
  return {
    admin: admin.value,
    approval: approval.value,
    mcpClient: mcpClient.value,
    salesMcpClient: salesMcpClient.value,
    officeMcpClient: officeMcpClient.value,
  };
}
