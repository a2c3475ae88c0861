import {
  createAgent,
  createKey,
  createOperation,
  createWorkspace,
  type Database,
  findWorkspace,
  publishAgent,
  publishOperation,
  putUpstreamHost,
  updateOperationDraft,
} from '@mcpforge/gateway';

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

/** The keys made for one demo run; each value is shown once. */
export interface DemoKeys {
  admin: string;
  approval: string;
  mcpClient: string;
}

const CURRENCY = { type: 'string', pattern: '^[A-Z]{3}$', minLength: 3, maxLength: 3 } as const;

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
      baseUrl: upstream.origin + upstream.pathname.replace(/\/$/, ''),
      path: '/v1/latest',
      // The seed's `quote` is the Frankfurter API's `symbols`.
      arguments: { base: { in: 'query' }, quote: { in: 'query', name: 'symbols' } },
    },
  };
}

const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Seeds the demo through the gateway's domain functions: workspace `default`, the upstream on
 * its allow-list, the operation published, agent `currency-rates` published with it, and new
 * keys. On a data directory seeded before, points the operation at `upstream` again (the bundled
 * upstream's port changes every run) and republishes; old keys stay valid, new ones are made
 * because the old values were never stored.
 */
export async function seedDemo(db: Database, upstream: URL): Promise<DemoKeys> {
  const fresh = (await findWorkspace(db, DEMO.workspace)) === undefined;
  if (fresh) await createWorkspace(db, { slug: DEMO.workspace });
  // A loopback upstream is the bundled one or one the person started: they asked for it.
  const loopback = LOOPBACK_NAMES.has(upstream.hostname);
  await putUpstreamHost(db, DEMO.workspace, { hostPattern: upstream.host, allowLoopback: loopback });
  const draft = demoOperationDraft(upstream);
  if (fresh) await createOperation(db, DEMO.workspace, { slug: DEMO.operation, draft });
  else await updateOperationDraft(db, DEMO.workspace, DEMO.operation, draft);
  await publishOperation(db, DEMO.workspace, DEMO.operation);
  if (fresh) {
    await createAgent(db, DEMO.workspace, { slug: DEMO.agent, draft: { operations: [DEMO.operation] } });
  }
  await publishAgent(db, DEMO.workspace, DEMO.agent);
  const mcpClient = await createKey(db, {
    type: 'mcp_client',
    name: 'demo client',
    workspace: DEMO.workspace,
    agent: DEMO.agent,
  });
  const approval = await createKey(db, {
    type: 'approval',
    name: 'demo approval',
    workspace: DEMO.workspace,
  });
  // The demo owns its database, so it makes its admin key directly (no bootstrap rule to meet).
  const admin = await createKey(db, { type: 'admin', name: 'demo admin' });
  return { admin: admin.value, approval: approval.value, mcpClient: mcpClient.value };
}
