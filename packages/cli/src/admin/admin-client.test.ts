import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CliError } from '../cli/cli-error.js';
import { AdminClient, adminApiUrl } from './admin-client.js';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function failure(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.catch((caught: unknown) => caught);
  if (!(error instanceof CliError)) throw new Error(`expected a CliError, got ${String(error)}`);
  return error;
}

describe('adminApiUrl', () => {
  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080/mcp/admin/v1'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080/mcp/admin/v1'],
    ['https://gw.example.com/tools', 'https://gw.example.com/tools/admin/v1'],
    ['http://127.0.0.1:8080/mcp/admin/v1/', 'http://127.0.0.1:8080/mcp/admin/v1'],
  ])('reads %s as %s', (text, url) => {
    expect(adminApiUrl(text)).toBe(url);
  });

  it.each(['127.0.0.1:8080', 'ftp://host', 'http://host/?a=1', 'nope'])(
    'refuses %s, naming the shape',
    (text) => {
      expect(() => adminApiUrl(text)).toThrow(
        /^--url takes the gateway's http\(s\) URL, e.g. --url http:\/\/127\.0\.0\.1:8080/,
      );
    },
  );
});

describe('AdminClient', () => {
  it('a refused connection says there is no gateway and how to start one', async () => {
    const port = await closedPort();
    const client = new AdminClient({ baseUrl: adminApiUrl(`http://127.0.0.1:${port}`), adminKey: 'k' });
    const error = await failure(client.listWorkspaces());
    expect(error.code).toBe('gateway_unreachable');
    expect(error.message).toBe(
      `no gateway at http://127.0.0.1:${port}: start one with mcpforge gateway serve, or give its URL with --url (or MCPFORGE_GATEWAY_URL)`,
    );
    expect(error.exitCode).toBe(1);
  });

  it('something that is not the admin API (an HTML page) is said so, with the fix', async () => {
    const origin = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>not here</h1>');
    });
    const error = await failure(
      new AdminClient({ baseUrl: adminApiUrl(origin), adminKey: 'k' }).listWorkspaces(),
    );
    expect(error.code).toBe('gateway_unreachable');
    expect(error.message).toContain(
      'answered listing workspaces with HTTP 404 (text/html), not as a gateway',
    );
  });

  it('sends the key as a bearer token, follows pages, and turns a problem into its title, detail and code', async () => {
    const seen: string[] = [];
    const origin = await serve((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname.endsWith('/workspaces') && req.method === 'GET') {
        const second = url.searchParams.get('cursor') === 'c1';
        const body = second
          ? { items: [{ slug: 'b' }], nextCursor: null }
          : { items: [{ slug: 'a' }], nextCursor: 'c1' };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        return;
      }
      res.writeHead(400, { 'content-type': 'application/problem+json' }).end(
        JSON.stringify({
          title: 'A field is invalid',
          detail: 'slug: must be a slug',
          code: 'invalid_field',
          status: 400,
        }),
      );
    });
    const client = new AdminClient({ baseUrl: adminApiUrl(origin), adminKey: 'mcpf_adm_x' });
    expect((await client.listWorkspaces()).map((workspace) => workspace.slug)).toEqual(['a', 'b']);
    expect(seen).toEqual([
      'GET /mcp/admin/v1/workspaces?limit=500 Bearer mcpf_adm_x',
      'GET /mcp/admin/v1/workspaces?limit=500&cursor=c1 Bearer mcpf_adm_x',
    ]);
    const error = await failure(client.createWorkspace('Bad Slug'));
    expect(error.code).toBe('admin_refused');
    expect(error.message).toBe(
      "creating workspace 'Bad Slug' refused (400 invalid_field): A field is invalid: slug: must be a slug",
    );
    expect(error.toJSON()).toEqual({
      error: { code: 'admin_refused', message: error.message, status: 400, problem: 'invalid_field' },
    });
  });

  it('an answer that never comes ends at the timeout', async () => {
    const origin = await serve(() => undefined);
    const client = new AdminClient({ baseUrl: adminApiUrl(origin), adminKey: 'k', timeoutMs: 200 });
    const error = await failure(client.listWorkspaces());
    expect(error.message).toBe(`the gateway at ${origin} did not answer within 200 ms`);
  });

  it('SIGINT (the io signal) stops a request in flight; the timeout still applies beside it', async () => {
    const origin = await serve(() => undefined);
    const controller = new AbortController();
    const client = new AdminClient({
      baseUrl: adminApiUrl(origin),
      adminKey: 'k',
      signal: controller.signal,
    });
    const pending = failure(client.listWorkspaces());
    setTimeout(() => controller.abort(), 50);
    expect((await pending).message).toBe(`stopped before the gateway at ${origin} answered`);
    const timed = new AdminClient({
      baseUrl: adminApiUrl(origin),
      adminKey: 'k',
      signal: new AbortController().signal,
      timeoutMs: 100,
    });
    expect((await failure(timed.listWorkspaces())).message).toBe(
      `the gateway at ${origin} did not answer within 100 ms`,
    );
  });
});
