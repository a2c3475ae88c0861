import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../http/gateway.js';
import { createKey } from '../keys/api-keys-table.js';
import type { Database } from '../store/database.js';
import { migrate } from '../store/migrate.js';
import { createTestPgliteDatabase } from '../test-support/pglite-template.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';
import { POLL_MS } from './browser/poll-interval.js';
import { BROWSER_DIR } from './console-assets.js';
import {
  accessibilityViolations,
  CHROMIUM,
  chromiumAvailable,
  DESKTOP,
  launchChromium,
  screenshots,
} from './test-support/console-browser.js';
import type { PageGlobals } from './test-support/page-globals.js';

// The console end to end, as people use it: an admin sets everything up through the pages, an
// MCP client (the official SDK) calls the tool, an approver opens exactly the approval_url the
// client got and decides it. A real gateway on PGlite, a real upstream, Debian's Chromium.
// Every page is checked with axe-core and photographed at 1280 and 360 px for the docs.

const available = chromiumAvailable();
if (!available) {
  if (process.env['CI']) throw new Error(`${CHROMIUM} is missing: .ci/run installs the chromium package`);
  console.warn(`console browser tests skipped: ${CHROMIUM} is missing (apt-get install chromium)`);
}

const STEP_MS = 120_000;

interface Setup {
  db: Database;
  upstream: TestUpstream;
  server: Server;
  gateway: Gateway;
  origin: string;
  adminKey: string;
  browser: Browser;
  admin: { context: BrowserContext; page: Page };
  approver: { context: BrowserContext; page: Page };
  problems: string[];
}

async function openPage(
  browser: Browser,
  problems: string[],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page };
}

/** Goes to a console page by its fragment and waits for its heading. */
async function go(page: Page, fragment: string, heading: string | RegExp): Promise<void> {
  await page.evaluate((hash) => {
    (globalThis as unknown as PageGlobals).location.hash = hash;
  }, fragment);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function checkPage(page: Page, name?: string): Promise<void> {
  expect(await accessibilityViolations(page)).toEqual([]);
  if (name !== undefined) {
    await screenshots(page, name);
    // Usable at 360 px: the page itself never scrolls sideways (wide tables scroll in their own box).
    await page.setViewportSize({ width: 360, height: 740 });
    const width = await page.evaluate(
      () => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth,
    );
    await page.setViewportSize(DESKTOP);
    expect(width, `${name} at 360 px`).toBeLessThanOrEqual(360);
  }
}

async function createOperation(
  page: Page,
  fields: {
    slug: string;
    name: string;
    description: string;
    method: string;
    path: string;
    schema: string;
    args: string;
  },
  origin: string,
  approval: boolean,
): Promise<void> {
  await go(page, '#/operations/new', 'New operation');
  await page.getByLabel('Slug').fill(fields.slug);
  await page.getByLabel('Tool name').fill(fields.name);
  await page.getByLabel('Description').fill(fields.description);
  await page.getByLabel('Input schema').fill(fields.schema);
  await page.getByText('Input schema: valid.').waitFor();
  await page.getByLabel('Method').selectOption(fields.method);
  await page.getByLabel('Base URL').fill(origin);
  await page.getByLabel('Path', { exact: true }).fill(fields.path);
  await page.getByLabel('Argument placement (JSON)').fill(fields.args);
  if (approval) await page.getByLabel('Requires human approval before each call').check();
  await page.getByRole('button', { name: 'Create operation' }).click();
  await page.getByRole('heading', { level: 1, name: `Operation ${fields.slug}` }).waitFor();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('State: published v1, draft r1').waitFor();
}

async function createKeyInUi(
  page: Page,
  type: string,
  name: string,
  agent: string,
  origins = '',
): Promise<string> {
  await go(page, '#/keys', 'API keys');
  const form = page.getByRole('form', { name: 'New key' });
  await form.getByLabel('Type').selectOption(type);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Agent').selectOption(agent);
  if (origins !== '') await form.getByLabel('Allowed origins').fill(origins);
  await form.getByRole('button', { name: 'Create key' }).click();
  const value = (await page.locator('#new-key-value').textContent()) ?? '';
  await page.getByRole('heading', { name: `Key “${name}” created` }).waitFor();
  return value;
}

const upstreamPosts = (upstream: TestUpstream) =>
  upstream.requests.filter((request) => request.method === 'POST');

describe.skipIf(!available)('the web console in Chromium', () => {
  const setup = {} as Setup;
  let client: Client;
  let mcpKey = '';
  let approvalKey = '';
  let approvalUrl = '';
  let approvalId = '';

  beforeAll(async () => {
    // The gateway serves the built modules (the global test setup builds them; so does npm run build).
    if (!existsSync(`${BROWSER_DIR}/main.js`))
      throw new Error(`the console is not built (${BROWSER_DIR}): run npm run build`);
    setup.problems = [];
    setup.db = await createTestPgliteDatabase();
    await migrate(setup.db);
    setup.upstream = await startUpstream((request, response) => {
      const body = request.method === 'POST' ? '{"id":"ord_1","status":"placed"}' : '{"orders":[]}';
      response
        .writeHead(request.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' })
        .end(body);
    });
    // Listening first: the test knows the origin (for the approval key's allowed origins).
    setup.server = createServer();
    await new Promise<void>((resolve) => setup.server.listen(0, '127.0.0.1', resolve));
    setup.origin = `http://127.0.0.1:${(setup.server.address() as AddressInfo).port}`;
    setup.gateway = await createGateway({ db: setup.db, catalogRefreshMs: 200 });
    setup.server.on('request', setup.gateway.node);
    // The first admin key comes from the operator (`mcpforge gateway keys create`), never from the console.
    setup.adminKey = (await createKey(setup.db, { type: 'admin', name: 'console admin' })).value;
    setup.browser = await launchChromium();
    setup.admin = await openPage(setup.browser, setup.problems);
    setup.approver = await openPage(setup.browser, setup.problems);
  }, 120_000);

  afterAll(async () => {
    await client?.close().catch(() => undefined);
    await setup.browser?.close();
    await setup.gateway?.close();
    setup.server?.closeAllConnections();
    await new Promise<void>((resolve) => (setup.server ? setup.server.close(() => resolve()) : resolve()));
    await setup.upstream?.close();
    await setup.db?.close();
  }, 60_000);

  it(
    'an admin signs in and creates a workspace and its upstream allow-list entry',
    async () => {
      const { page } = setup.admin;
      await page.goto(`${setup.origin}/mcp/console/`);
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await checkPage(page, 'sign-in');
      // Keyboard first: the page starts in the key field, and Tab leads on to the button.
      expect(
        await page.evaluate(() =>
          (globalThis as unknown as PageGlobals).document.activeElement?.getAttribute('name'),
        ),
      ).toBe('key');
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.textContent),
      ).toBe('Sign in');
      await page.getByLabel('API key').fill('mcpf_adm_not-a-real-key');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('The gateway does not accept this key').waitFor();
      await page.getByLabel('API key').fill(setup.adminKey);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Operations' }).waitFor();
      // The key lives in this tab's sessionStorage only: never localStorage, never a cookie.
      expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.length)).toBe(0);
      expect(await setup.admin.context.cookies()).toEqual([]);

      await go(page, '#/workspaces', 'Workspaces');
      const workspaceForm = page.getByRole('form', { name: 'New workspace' });
      await workspaceForm.getByLabel('Slug').fill('shop');
      await workspaceForm.getByRole('button', { name: 'Create workspace' }).click();
      await page.getByRole('heading', { name: 'In workspace shop' }).waitFor();
      const hostForm = page.getByRole('form', { name: 'Allow an upstream host' });
      await hostForm.getByLabel('Host pattern').fill(`127.0.0.1:${setup.upstream.port}`);
      await hostForm.getByLabel('Allow loopback addresses').check();
      await hostForm.getByRole('button', { name: 'Allow host' }).click();
      await page.getByRole('cell', { name: `127.0.0.1:${setup.upstream.port}` }).waitFor();
      await checkPage(page, 'workspaces');
    },
    STEP_MS,
  );

  it(
    'creates operations in the draft editor (one with approval), validates the schema as typed, publishes, diffs',
    async () => {
      const { page } = setup.admin;
      await createOperation(
        page,
        {
          slug: 'list-orders',
          name: 'list_orders',
          description: 'Lists the orders placed.',
          method: 'GET',
          path: '/v1/orders',
          schema: '{ "type": "object", "properties": {}, "additionalProperties": false }',
          args: '{}',
        },
        setup.upstream.origin,
        false,
      );
      await go(page, '#/operations/new', 'New operation');
      const schema = page.getByLabel('Input schema');
      await schema.fill('{ "type": "object", "properties": { "item": { "type": "string" } ');
      await page.getByText(/^not JSON/).waitFor();
      expect(await schema.getAttribute('aria-invalid')).toBe('true');
      await schema.fill('{ "type": "object", "properties": {}, "required": ["item"] }');
      await page.getByText('required: names "item", which is not a property').waitFor();
      await createOperation(
        page,
        {
          slug: 'create-order',
          name: 'create_order',
          description:
            'Places an order. <script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">',
          method: 'POST',
          path: '/v1/orders',
          schema: JSON.stringify({
            type: 'object',
            properties: { item: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } },
            required: ['item', 'quantity'],
            additionalProperties: false,
          }),
          args: '{ "item": { "in": "body" }, "quantity": { "in": "body" } }',
        },
        setup.upstream.origin,
        true,
      );
      await page.getByText('The draft equals the last published version.').waitFor();
      await page.getByLabel('Title').fill('Create an order');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.getByText('State: published v1, draft r2').waitFor();
      const diff = page.locator('pre.diff');
      expect(await diff.locator('.diff-added').allTextContents()).toContain(
        '+   "title": "Create an order"\n',
      );
      // The description is shown as the text it is: no element made of it, no script run.
      expect(await diff.textContent()).toContain('<script>window.__xss = 1</script>');
      expect(await page.locator('main script, main img').count()).toBe(0);
      expect(await page.evaluate(() => (globalThis as unknown as { __xss?: number }).__xss)).toBeUndefined();
      await checkPage(page, 'operation-editor');
      await go(page, '#/operations', 'Operations');
      await page.getByRole('cell', { name: 'published v1, draft r2' }).waitFor();
      await checkPage(page, 'operations');
    },
    STEP_MS,
  );

  it(
    'composes and publishes an agent, and shows its catalog metrics across versions',
    async () => {
      const { page } = setup.admin;
      await go(page, '#/agents', 'Agents');
      const form = page.getByRole('form', { name: 'New agent' });
      await form.getByLabel('Slug').fill('sales');
      await form.getByRole('button', { name: 'Create agent' }).click();
      await page.getByRole('heading', { level: 1, name: 'Agent sales' }).waitFor();
      await page.getByLabel('list-orders (list_orders, v1)').check();
      await page.getByLabel('create-order (create_order, v1)').check();
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.getByText('Never published; draft r2.').waitFor();
      await page.getByRole('button', { name: 'Publish agent' }).click();
      await page.getByText('Published v1; draft r2.').waitFor();
      await page.getByLabel('Search limit').fill('5');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.getByText('Published v1; draft r3.').waitFor();
      await page.getByRole('button', { name: 'Publish agent' }).click();
      await page.getByText('Published v2; draft r3.').waitFor();
      const versions = page.getByRole('table', { name: 'Published versions' });
      expect(await versions.locator('tbody tr').count()).toBe(2);
      expect(await page.locator('svg.chart rect').count()).toBe(2);
      await page.getByRole('heading', { name: /Quality warnings of v2/ }).waitFor();
      await checkPage(page, 'agent');
    },
    STEP_MS,
  );

  it(
    'creates an MCP client key and an approval key, each shown once',
    async () => {
      const { page } = setup.admin;
      mcpKey = await createKeyInUi(page, 'mcp_client', 'inspector', 'sales');
      expect(mcpKey).toMatch(/^mcpf_mcp_/);
      await page.getByRole('button', { name: 'Copy key' }).click();
      await page.getByRole('button', { name: 'Done, hide it' }).click();
      await page.getByRole('cell', { name: 'inspector', exact: true }).waitFor();
      expect(await page.locator('#new-key-value').count()).toBe(0);
      approvalKey = await createKeyInUi(page, 'approval', 'approver', '', setup.origin);
      expect(approvalKey).toMatch(/^mcpf_apr_/);
      await page.getByRole('button', { name: 'Done, hide it' }).click();
      await page.getByRole('cell', { name: 'approver', exact: true }).waitFor();
      expect(await page.locator('main').textContent()).not.toContain(mcpKey);
      await checkPage(page, 'keys');
    },
    STEP_MS,
  );

  it(
    'an MCP client calls the tool and gets the approval URL',
    async () => {
      client = new Client({ name: 'console-test', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(`${setup.origin}/mcp/v1/shop/sales`), {
        requestInit: { headers: { authorization: `Bearer ${mcpKey}` } },
      });
      await client.connect(transport);
      const tools = await client.listTools();
      expect(tools.tools.map((tool) => tool.name).sort()).toEqual(['create_order', 'list_orders']);
      const listed = await client.callTool({ name: 'list_orders', arguments: {} });
      expect(listed.isError).toBeFalsy();
      const called = await client.callTool({
        name: 'create_order',
        arguments: { item: 'widget', quantity: 2 },
      });
      const result = called.structuredContent as {
        status: string;
        approval_id: string;
        approval_url: string;
      };
      expect(result.status).toBe('approval_required');
      approvalId = result.approval_id;
      // A path on the MCP server, as the seed says: a person opens it on the server's origin.
      expect(result.approval_url).toBe(`/mcp/v1/shop/sales/approvals/${approvalId}`);
      approvalUrl = new URL(result.approval_url, setup.origin).href;
      expect(upstreamPosts(setup.upstream)).toHaveLength(0);
    },
    STEP_MS,
  );

  it(
    'the approver opens exactly that URL, signs in with the approval key, and approves: one upstream call, completed',
    async () => {
      const { page } = setup.approver;
      await page.goto(approvalUrl);
      expect(page.url()).toBe(`${setup.origin}/mcp/console/#/approval/shop/sales/${approvalId}`);
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await page.getByLabel('API key').fill(approvalKey);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: `Approval request ${approvalId}` }).waitFor();
      await page.locator('.facts .badge-pending').waitFor();
      const facts = (await page.locator('.facts').textContent()) ?? '';
      expect(facts).toContain('create_order');
      expect(facts).toContain('sales');
      // Who asked, whether that key is still active, and the operation version the call runs.
      expect(facts).toMatch(/Requested by key.*\(active\)/s);
      expect(facts).toContain('Operation version');
      expect(await page.locator('pre.json').first().textContent()).toContain('"item": "widget"');
      await checkPage(page, 'approval-pending');
      await page.getByRole('button', { name: 'Approve…' }).click();
      await page.getByRole('button', { name: 'Yes, approve and run it' }).click();
      await page.getByRole('heading', { name: 'Outcome: completed' }).waitFor();
      await page.locator('.facts .badge-completed').waitFor();
      expect(await page.locator('main').textContent()).toContain('ord_1');
      expect(upstreamPosts(setup.upstream)).toHaveLength(1);
      expect(JSON.parse(upstreamPosts(setup.upstream)[0]!.body)).toEqual({ item: 'widget', quantity: 2 });
      await checkPage(page, 'approval-completed');
    },
    STEP_MS,
  );

  it(
    'a new request appears in the approver’s list by itself, and a deny runs nothing',
    async () => {
      const { page } = setup.approver;
      expect(POLL_MS).toBeLessThanOrEqual(2000);
      await go(page, '#/approvals', 'Approvals');
      await page.getByText('No approval requests match.').waitFor();
      const called = await client.callTool({
        name: 'create_order',
        arguments: { item: 'gadget', quantity: 3 },
      });
      const second = (called.structuredContent as { approval_id: string }).approval_id;
      await page.getByRole('link', { name: `Open ${second}` }).waitFor({ timeout: 15_000 });
      await checkPage(page, 'approvals');
      await page.getByRole('link', { name: `Open ${second}` }).click();
      await page.getByRole('heading', { level: 1, name: `Approval request ${second}` }).waitFor();
      await page.getByLabel('Note (optional)').fill('Not this one');
      await page.getByRole('button', { name: 'Deny…' }).click();
      await page.getByRole('button', { name: 'Yes, deny it' }).click();
      await page.locator('.facts .badge-denied').waitFor();
      await page.getByText('— note: Not this one').waitFor();
      expect(upstreamPosts(setup.upstream)).toHaveLength(1);
    },
    STEP_MS,
  );

  it(
    'an approval key reaches neither the admin pages nor the admin API',
    async () => {
      const { page } = setup.approver;
      expect(
        await page.getByRole('navigation', { name: 'Pages' }).getByRole('link').allTextContents(),
      ).toEqual(['Approvals']);
      await go(page, '#/keys', 'Admin key needed');
      await go(page, '#/history', 'Admin key needed');
      const status = await page.evaluate(async (key) => {
        const response = await fetch('/mcp/admin/v1/keys', { headers: { authorization: `Bearer ${key}` } });
        return response.status;
      }, approvalKey);
      expect(status).toBe(403);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).sessionStorage.length)).toBe(0);
    },
    STEP_MS,
  );

  it(
    'the admin sees both outcomes, the complete onboarding checklist and the call in the history',
    async () => {
      const { page } = setup.admin;
      await go(page, '#/approvals', 'Approvals');
      await page.getByLabel('Status').selectOption('');
      await page.getByRole('cell', { name: 'denied' }).waitFor();
      await page.getByRole('cell', { name: 'completed' }).waitFor();
      await checkPage(page, 'approvals-admin');
      await page.getByRole('link', { name: `Open ${approvalId}` }).click();
      await page.getByRole('heading', { name: 'Outcome: completed' }).waitFor();
      await checkPage(page);

      await go(page, '#/onboarding/sales', 'Onboarding: sales');
      await page.locator('.checklist[data-state="confirmed"]').waitFor();
      expect(await page.locator('.checklist li.todo').count()).toBe(0);
      expect(await page.locator('#mcp-url').textContent()).toBe(`${setup.origin}/mcp/v1/shop/sales`);
      expect(await page.locator('pre.code-block').count()).toBe(3);
      await checkPage(page, 'onboarding');

      await go(page, '#/history', 'Invocation history');
      const table = page.getByRole('table', { name: /calls?, newest first/ });
      await table.waitFor();
      const text = (await table.textContent()) ?? '';
      expect(text).toContain('list_orders');
      expect(text).toContain('create_order');
      expect(text).not.toContain('widget');
      expect(await page.locator('svg.chart').count()).toBe(1);
      await page.getByLabel('Tool').fill('list_orders');
      await page.getByLabel('Tool').press('Tab');
      await page.getByRole('table', { name: '1 call, newest first' }).waitFor();
      await checkPage(page, 'history');
    },
    STEP_MS,
  );

  it(
    'revoking the client key in the console refuses the client and reopens onboarding',
    async () => {
      const { page } = setup.admin;
      await go(page, '#/keys', 'API keys');
      await page.getByRole('button', { name: 'Revoke inspector' }).click();
      await page.getByRole('button', { name: 'Yes, revoke inspector' }).click();
      await page.getByText('Key inspector revoked.').waitFor();
      await page.getByText(/^revoked 20/).waitFor();
      await expect(client.listTools()).rejects.toThrow();
      const fresh = new Client({ name: 'console-test-again', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(`${setup.origin}/mcp/v1/shop/sales`), {
        requestInit: { headers: { authorization: `Bearer ${mcpKey}` } },
      });
      await expect(fresh.connect(transport)).rejects.toThrow();
      await go(page, '#/onboarding/sales', 'Onboarding: sales');
      await page.locator('.checklist[data-state="actionable"]').waitFor();
      await page.getByText('This key is revoked').waitFor();
      expect(setup.problems).toEqual([]);
    },
    STEP_MS,
  );

  it(
    'archives an operation after a confirmation',
    async () => {
      const { page } = setup.admin;
      await go(page, '#/operations/list-orders', 'Operation list-orders');
      await page.getByRole('button', { name: 'Archive…' }).click();
      await page.getByRole('button', { name: 'Yes, archive it' }).click();
      await page.getByRole('heading', { level: 1, name: 'Operations' }).waitFor();
      await page.getByRole('cell', { name: 'archived', exact: true }).waitFor();
      expect(setup.problems).toEqual([]);
    },
    STEP_MS,
  );
});
