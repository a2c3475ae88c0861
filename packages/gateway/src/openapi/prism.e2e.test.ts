// biome-ignore-all lint/suspicious/noTemplateCurlyInString: bindings hold the literal ${VAR} syntax
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { dereference } from '@readme/openapi-parser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AdminServer, startAdminServer } from '../test-support/admin-server.js';
import { uniqueSlug } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { type ListeningGateway, listenGateway } from '../test-support/gateway-fixture.js';
import { convertDocument } from './convert/convert-document.js';
import type { ImportPlan } from './convert/import-plan.js';

/**
 * End to end against a real mock of the described API: Prism serves a document, the converter
 * imports it, the admin API publishes it, and an official SDK client calls every imported tool
 * through the gateway. Prism validates each request against the document (path, query arrays
 * in each style, headers, cookies, security, JSON body) and answers 4xx/422 when one is wrong,
 * so a successful tool result means the gateway built the request the document describes.
 */

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const prismBin = join(repoRoot, 'node_modules/.bin/prism');
const examplesRoot = dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'));

/** A document of our own for what the petstore lacks: every query array style, headers, cookies, a payload body. */
const STYLES_DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Styles', version: '1' },
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
  security: [{ key: [] }],
  paths: {
    '/search': {
      get: {
        operationId: 'search',
        parameters: [
          { name: 'tags', in: 'query', required: true, schema: { type: 'array', items: { type: 'string' } } },
          {
            name: 'ids',
            in: 'query',
            required: true,
            style: 'form',
            explode: false,
            schema: { type: 'array', items: { type: 'integer' } },
          },
          {
            name: 'words',
            in: 'query',
            required: true,
            style: 'spaceDelimited',
            explode: false,
            schema: { type: 'array', items: { type: 'string' } },
          },
          {
            name: 'codes',
            in: 'query',
            required: true,
            style: 'pipeDelimited',
            explode: false,
            schema: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] } },
          },
          {
            name: 'filter',
            in: 'query',
            required: true,
            style: 'deepObject',
            explode: true,
            schema: {
              type: 'object',
              required: ['kind'],
              properties: { kind: { type: 'string', enum: ['cat', 'dog'] }, age: { type: 'integer' } },
              additionalProperties: false,
            },
          },
          {
            name: 'X-Request-Tag',
            in: 'header',
            required: true,
            schema: { type: 'string', pattern: '^[a-z]+$' },
          },
          { name: 'session', in: 'cookie', required: true, schema: { type: 'string', minLength: 3 } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'object' }, example: { found: 2 } } },
          },
        },
      },
    },
    '/items/{itemId}': {
      put: {
        operationId: 'replaceItem',
        parameters: [{ name: 'itemId', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name', 'sizes'],
                additionalProperties: false,
                properties: {
                  id: { type: 'string', readOnly: true },
                  name: { type: 'string' },
                  sizes: { type: 'array', items: { type: 'integer', minimum: 1 } },
                  meta: { type: 'object', nullable: true, properties: { note: { type: 'string' } } },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'object' }, example: { replaced: true } } },
          },
        },
      },
    },
    '/items/{itemId}/labels': {
      post: {
        operationId: 'addLabels',
        parameters: [{ name: 'itemId', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { type: 'array', minItems: 1, items: { type: 'string' } } },
          },
        },
        responses: {
          '201': {
            description: 'added',
            content: { 'application/json': { schema: { type: 'object' }, example: { added: 2 } } },
          },
        },
      },
    },
  },
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A Prism mock of `file` on a free port, ready (its port accepts connections). */
interface Prism {
  origin: string;
  process: ChildProcess;
  /** Everything Prism printed so far (bounded). */
  output: () => string;
}

async function startPrism(file: string): Promise<Prism> {
  const port = await freePort();
  const child = spawn(prismBin, ['mock', file, '-h', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    if (output.length < 4_000_000) output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + 60_000;
  while (!(await portOpen(port))) {
    if (child.exitCode !== null) throw new Error(`prism exited (${child.exitCode}): ${output}`);
    if (Date.now() > deadline) throw new Error(`prism did not listen within 60 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin: `http://127.0.0.1:${port}`, process: child, output: () => output };
}

const PASSED = 'The request passed the validation rules';
const FAILED = 'Request did not pass the validation rules';

/**
 * Prism's verdict on the one request made since its output had `from` characters: waits for
 * its validator's line (the log may trail the answer).
 */
async function validatorVerdict(prism: Prism, from: number): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const since = prism.output().slice(from);
    if (since.includes(FAILED)) return since;
    if (since.includes(PASSED)) return 'passed';
    if (Date.now() > deadline) return `no verdict: ${since}`;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function stopPrism(prism: { process: ChildProcess } | undefined): Promise<void> {
  if (prism === undefined || prism.process.exitCode !== null) return;
  const exited = new Promise((resolve) => prism.process.once('exit', resolve));
  prism.process.kill('SIGTERM');
  await exited;
}

/** Workspace, allow-list, sections, drafts (created, then PUT), publish, agent, key: all through the admin API. */
async function publishPlan(
  admin: AdminServer,
  plan: ImportPlan,
  prismOrigin: string,
): Promise<{ path: string; key: string }> {
  const expectStatus = async (method: string, path: string, status: number, body?: unknown) => {
    const answer = await admin.call(method, path, body === undefined ? {} : { body });
    if (answer.status !== status)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer;
  };
  const workspace = uniqueSlug('prism');
  const ws = `/workspaces/${workspace}`;
  await expectStatus('POST', '/workspaces', 201, { slug: workspace });
  expect(plan.hosts).toEqual([new URL(prismOrigin).host]);
  for (const host of plan.hosts)
    await expectStatus('POST', `${ws}/upstream-hosts`, 200, { hostPattern: host, allowLoopback: true });
  for (const section of plan.sections) await expectStatus('POST', `${ws}/sections`, 201, section);
  for (const operation of plan.operations) {
    await expectStatus('POST', `${ws}/operations`, 201, { slug: operation.slug, draft: operation.draft });
    await expectStatus('PUT', `${ws}/operations/${operation.slug}/draft`, 200, {
      draft: operation.draft,
      expectedDraftRevision: 1,
    });
    await expectStatus('POST', `${ws}/operations/${operation.slug}/publish`, 201);
  }
  await expectStatus('POST', `${ws}/agents`, 201, { slug: 'imported' });
  await expectStatus('PUT', `${ws}/agents/imported/draft`, 200, {
    draft: { operations: plan.operations.map((o) => o.slug) },
  });
  await expectStatus('POST', `${ws}/agents/imported/publish`, 201);
  const key = await expectStatus('POST', '/keys', 201, {
    type: 'mcp_client',
    name: 'prism e2e',
    workspace,
    agent: 'imported',
  });
  return { path: `/mcp/v1/${workspace}/imported`, key: key.body.value as string };
}

async function withClient<T>(url: URL, key: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ name: 'prism-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url, {
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 1,
      maxReconnectionDelay: 1,
      reconnectionDelayGrowFactor: 1,
    },
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  try {
    return await use(client);
  } finally {
    await transport.terminateSession().catch(() => undefined);
    await client.close();
  }
}

type CallResult = Awaited<ReturnType<Client['callTool']>>;

/** The tool call succeeded: not an error, and it carries Prism's mock body. */
function expectMockAnswer(
  name: string,
  result: CallResult,
  prismOutput: () => string,
): Record<string, unknown> {
  if (result.isError === true) {
    throw new Error(
      `${name} failed: ${JSON.stringify(result.content)}\nprism: ${prismOutput().slice(-3000)}`,
    );
  }
  expect(result.structuredContent, name).toBeTypeOf('object');
  return result.structuredContent as Record<string, unknown>;
}

/** The response codes the document gives the operation `operationId`. */
function documentedStatuses(document: Record<string, unknown>, operationId: string): string[] {
  for (const item of Object.values(document['paths'] as Record<string, Record<string, unknown>>)) {
    for (const operation of Object.values(item)) {
      const record = operation as Record<string, unknown>;
      if (record['operationId'] === operationId) return Object.keys(record['responses'] as object);
    }
  }
  throw new Error(`no operation ${operationId}`);
}

const ENV = {
  MCPFORGE_SECRET_STYLES_KEY: 'styles-secret',
  MCPFORGE_SECRET_PETSTORE_API_KEY: 'special-key',
  MCPFORGE_SECRET_PETSTORE_AUTH: 'oauth-token',
};

describeEachDatabase('OpenAPI import end to end against Prism', (fixture) => {
  let folder: string;
  let styles: Awaited<ReturnType<typeof startPrism>> | undefined;
  let petstore: Awaited<ReturnType<typeof startPrism>> | undefined;
  let gateway: ListeningGateway;
  let admin: AdminServer;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'mcpforge-prism-'));
    const stylesFile = join(folder, 'styles.json');
    writeFileSync(stylesFile, JSON.stringify(STYLES_DOCUMENT));
    [styles, petstore] = await Promise.all([
      startPrism(stylesFile),
      startPrism(join(examplesRoot, '3.0/json/petstore.json')),
    ]);
    gateway = await listenGateway(fixture.db(), { env: ENV });
    admin = await startAdminServer(fixture.db());
  }, 90_000);
  afterAll(async () => {
    await gateway?.close();
    await admin?.close();
    await Promise.all([stopPrism(styles), stopPrism(petstore)]);
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  });

  it('query arrays in each style, a header, a cookie, a JSON object body and an array body pass Prism validation', {
    timeout: 60_000,
  }, async () => {
    const prism = styles as NonNullable<typeof styles>;
    const document = structuredClone(STYLES_DOCUMENT) as Record<string, unknown>;
    const plan = convertDocument(document, {
      approval: 'none',
      baseUrl: prism.origin,
      secretPrefix: 'styles',
    });
    expect(plan.skipped).toEqual([]);
    expect(plan.secrets.map((secret) => secret.variable)).toEqual(['MCPFORGE_SECRET_STYLES_KEY']);
    const { path, key } = await publishPlan(admin, plan, prism.origin);
    await withClient(new URL(`${gateway.origin}${path}`), key, async (client) => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(['addLabels', 'replaceItem', 'search']);
      let from = prism.output().length;
      const search = await client.callTool({
        name: 'search',
        arguments: {
          tags: ['x', 'y z'],
          ids: [1, 2],
          words: ['alpha', 'beta'],
          codes: ['a', 'c'],
          filter: { kind: 'cat', age: 3 },
          'X-Request-Tag': 'abc',
          session: 'sess-1',
        },
      });
      expect(expectMockAnswer('search', search, prism.output)).toEqual({ found: 2 });
      expect(await validatorVerdict(prism, from)).toBe('passed');
      from = prism.output().length;
      const replace = await client.callTool({
        name: 'replaceItem',
        arguments: { itemId: 'a/../b', name: 'box', sizes: [1, 2], meta: null },
      });
      expect(expectMockAnswer('replaceItem', replace, prism.output)).toEqual({ replaced: true });
      expect(await validatorVerdict(prism, from)).toBe('passed');
      from = prism.output().length;
      const labels = await client.callTool({
        name: 'addLabels',
        arguments: { itemId: 'i1', body: ['red', 'blue'] },
      });
      expect(expectMockAnswer('addLabels', labels, prism.output)).toEqual({ added: 2 });
      expect(await validatorVerdict(prism, from)).toBe('passed');
      // The control: a request the document does not allow (no X-Request-Tag, a bad cookie,
      // ids as a repeated parameter) is refused by Prism, and the verdict says so.
      from = prism.output().length;
      const wrong = await fetch(
        `${prism.origin}/search?tags=x&ids=1&ids=2&words=a&codes=a&filter%5Bkind%5D=cat`,
        {
          headers: { 'x-api-key': 'k', cookie: 'session=x' },
        },
      );
      expect(wrong.status).toBeGreaterThanOrEqual(400);
      expect(await validatorVerdict(prism, from)).toContain(FAILED);
    });
  });

  it("the petstore (3.0, from @readme/oas-examples): every imported tool's call passes Prism validation", {
    timeout: 90_000,
  }, async () => {
    const prism = petstore as NonNullable<typeof petstore>;
    const raw = JSON.parse(readFileSync(join(examplesRoot, '3.0/json/petstore.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const document = (await dereference(raw as never, { dereference: { circular: true } })) as Record<
      string,
      unknown
    >;
    // Pointed at the mock instead of petstore.swagger.io.
    document['servers'] = [{ url: prism.origin }];
    const plan = convertDocument(document, { approval: 'none', secretPrefix: 'petstore' });
    expect(plan.skipped.map((skip) => skip.key).sort()).toEqual([
      'POST /pet/{petId}',
      'POST /pet/{petId}/uploadImage',
    ]);
    expect(plan.secrets.map((secret) => `${secret.variable}:${secret.in}:${secret.name}`).sort()).toEqual([
      'MCPFORGE_SECRET_PETSTORE_API_KEY:header:api_key',
      'MCPFORGE_SECRET_PETSTORE_AUTH:header:authorization',
    ]);
    const { path, key } = await publishPlan(admin, plan, prism.origin);
    // `id` is readOnly in the petstore's Pet: not a request argument.
    const pet = {
      name: 'doggie',
      photoUrls: ['https://example.com/p.png'],
      status: 'available',
      category: { id: 1, name: 'dogs' },
      tags: [{ id: 1, name: 'good' }],
    };
    const user = {
      id: 1,
      username: 'ann',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      password: 'pw',
      phone: '1',
      userStatus: 1,
    };
    const calls: Record<string, Record<string, unknown>> = {
      addPet: pet,
      updatePet: pet,
      findPetsByStatus: { status: ['available', 'sold'] },
      findPetsByTags: { tags: ['good', 'calm'] },
      getPetById: { petId: 7 },
      deletePet: { petId: 7, api_key: 'header-value' },
      getInventory: {},
      placeOrder: {
        id: 1,
        petId: 7,
        quantity: 1,
        shipDate: '2026-12-01T10:00:00Z',
        status: 'placed',
        complete: false,
      },
      getOrderById: { orderId: 5 },
      deleteOrder: { orderId: 5 },
      createUser: user,
      createUsersWithArrayInput: { body: [user] },
      createUsersWithListInput: { body: [user] },
      loginUser: { username: 'ann', password: 'pw' },
      logoutUser: {},
      getUserByName: { username: 'ann' },
      // The body's `username` meets the path parameter: it is `body_username`.
      updateUser: { ...user, body_username: 'ann' },
      deleteUser: { username: 'ann' },
    };
    await withClient(new URL(`${gateway.origin}${path}`), key, async (client) => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(calls).sort());
      for (const [name, args] of Object.entries(calls)) {
        const from = prism.output().length;
        const result = await client.callTool({ name, arguments: args });
        expect(await validatorVerdict(prism, from), name).toBe('passed');
        const documented = documentedStatuses(document, name);
        if (documented.some((status) => status.startsWith('2') || status === 'default')) {
          expectMockAnswer(name, result, prism.output);
        } else {
          // The petstore documents only an error answer for some operations (addPet: 405):
          // Prism sends it after validating the request, and the tool reports that status.
          const error = JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? '{}');
          expect([name, error.upstream_status]).toEqual([name, Number(documented[0])]);
        }
      }
    });
  });
});
