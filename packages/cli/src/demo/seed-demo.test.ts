import {
  createAgent,
  createOperation,
  createWorkspace,
  getOperation,
  listAgents,
  loadPublishedCatalog,
  openDatabase,
  publishOperation,
  putUpstreamHost,
} from '@mcpforge/gateway';
import { describe, expect, it } from 'vitest';
import { DEMO_SEARCH_OPERATIONS, DEMO_SEARCH_SECTIONS } from './search-catalog.js';
import { DEMO, demoOperationDraft, OFFICE, SALES, salesOperationDraft, seedDemo } from './seed-demo.js';
import { searchOperationDraft } from './seed-search-agent.js';

const RATES = new URL('http://127.0.0.1:4001');
const ORDERS = new URL('http://127.0.0.1:4002');

// PGlite in memory: a few seconds on a busy machine.
describe('seedDemo', { timeout: 60_000 }, () => {
  it('seeds both agents; sales calls POST /v1/orders, needs approval, and sends Idempotency-Key', async () => {
    const db = await openDatabase();
    try {
      const keys = await seedDemo(db, { rates: RATES, orders: ORDERS });
      expect(keys.salesMcpClient).toMatch(/^mcpf_mcp_/);
      expect(keys.salesMcpClient).not.toBe(keys.mcpClient);
      expect((await listAgents(db, DEMO.workspace)).map((agent) => agent.slug)).toEqual([
        DEMO.agent,
        OFFICE.agent,
        SALES.agent,
      ]);
      const operation = await getOperation(db, DEMO.workspace, SALES.operation);
      expect(operation.draft).toMatchObject({
        name: SALES.tool,
        approval: 'required',
        binding: {
          method: 'POST',
          baseUrl: 'http://127.0.0.1:4002',
          path: '/v1/orders',
          // Header names are stored lower-case.
          idempotency: { header: 'idempotency-key' },
        },
      });
    } finally {
      await db.close();
    }
  });

  it('on a database an older demo seeded (currency-rates only) adds sales, and points both at the new upstreams; seeding again adds nothing', async () => {
    const db = await openDatabase();
    try {
      const old = new URL('http://127.0.0.1:3999');
      await createWorkspace(db, { slug: DEMO.workspace });
      await putUpstreamHost(db, DEMO.workspace, { hostPattern: old.host, allowLoopback: true });
      await createOperation(db, DEMO.workspace, { slug: DEMO.operation, draft: demoOperationDraft(old) });
      await publishOperation(db, DEMO.workspace, DEMO.operation);
      await createAgent(db, DEMO.workspace, { slug: DEMO.agent, draft: { operations: [DEMO.operation] } });

      await seedDemo(db, { rates: RATES, orders: ORDERS });
      expect((await listAgents(db, DEMO.workspace)).map((agent) => agent.slug)).toEqual([
        DEMO.agent,
        OFFICE.agent,
        SALES.agent,
      ]);
      const rates = await getOperation(db, DEMO.workspace, DEMO.operation);
      expect(rates.draft).toMatchObject({ binding: { baseUrl: 'http://127.0.0.1:4001' } });
      // Seeding again is the same demo, not a second copy.
      await seedDemo(db, { rates: RATES, orders: ORDERS });
      expect(await listAgents(db, DEMO.workspace)).toHaveLength(3);
      const sales = await getOperation(db, DEMO.workspace, SALES.operation);
      expect(sales.draft).toEqual(
        expect.objectContaining({ name: salesOperationDraft(ORDERS)['name'], approval: 'required' }),
      );
    } finally {
      await db.close();
    }
  });

  it('publishes office in search mode over the bundled catalog: its sections, every operation, on the office upstream', async () => {
    const db = await openDatabase();
    const office = new URL('http://127.0.0.1:4003');
    try {
      const keys = await seedDemo(db, { rates: RATES, orders: ORDERS, office });
      expect(keys.officeMcpClient).toMatch(/^mcpf_mcp_/);
      const catalog = await loadPublishedCatalog(db, DEMO.workspace, OFFICE.agent);
      expect(catalog.delivery).toBe('search');
      expect(catalog.agentSections).toEqual(DEMO_SEARCH_SECTIONS.map((section) => section.slug));
      expect(catalog.sections.map((section) => section.title).sort()).toEqual(
        DEMO_SEARCH_SECTIONS.map((section) => section.title).sort(),
      );
      expect(catalog.tools.map((tool) => tool.definition.name)).toEqual(
        DEMO_SEARCH_OPERATIONS.map((operation) => operation.name),
      );
      expect(catalog.metrics).toMatchObject({
        delivery: 'search',
        toolCount: DEMO_SEARCH_OPERATIONS.length,
        toolsListCount: 2,
      });
      // Its catalog is well described: no quality warning but none about its size either.
      expect(catalog.warnings).toEqual([]);
      const invoice = DEMO_SEARCH_OPERATIONS.find(
        (operation) => operation.path === '/v1/invoices/{invoice_id}/send',
      );
      expect(searchOperationDraft(invoice!, office)).toMatchObject({
        binding: { baseUrl: 'http://127.0.0.1:4003', arguments: { invoice_id: { in: 'path' } } },
      });
      // Seeding again republishes nothing new.
      await seedDemo(db, { rates: RATES, orders: ORDERS, office });
      expect((await loadPublishedCatalog(db, DEMO.workspace, OFFICE.agent)).agentVersion).toBe(1);
    } finally {
      await db.close();
    }
  });
});
