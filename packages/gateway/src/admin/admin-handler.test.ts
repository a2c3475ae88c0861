import { createServer, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createKey } from '../keys/api-keys-table.js';
import { KeyVerifier } from '../keys/key-verifier.js';
import { type AdminServer, startAdminServer } from '../test-support/admin-server.js';
import { seedWorkspace } from '../test-support/catalog-fixtures.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import { createAdminFetchHandler } from './admin-handler.js';
import { DEFAULT_MAX_ADMIN_BODY_BYTES } from './admin-options.js';

describeEachDatabase('admin handler: keys, request shape, routing', (fixture) => {
  let admin: AdminServer;
  beforeAll(async () => {
    admin = await startAdminServer(fixture.db());
  });
  afterAll(() => admin.close());

  it('a request without a key is 401 problem+json with a WWW-Authenticate challenge and a request id', async () => {
    const answer = await admin.call('GET', '/workspaces', { key: null });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
    const requestId = answer.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.body).toMatchObject({
      type: 'urn:mcpforge:gateway:error:key_invalid',
      status: 401,
      code: 'key_invalid',
      request_id: requestId,
    });
  });

  it('a wrong, malformed or revoked key is 401; an unknown path without a key too (nothing to probe)', async () => {
    const revoked = await createKey(fixture.db(), { type: 'admin', name: 'to revoke' });
    await admin.call('POST', `/keys/${revoked.key.id}/revoke`);
    for (const key of ['mcpf_adm_wrong', 'not a key', revoked.value]) {
      expect((await admin.call('GET', '/workspaces', { key })).status, key).toBe(401);
    }
    expect((await admin.call('GET', '/no-such-thing', { key: null })).status).toBe(401);
  });

  it('an mcp_client or approval key is 403 key_wrong_type', async () => {
    const db = fixture.db();
    const workspace = await seedWorkspace(db);
    await admin.call('POST', `/workspaces/${workspace}/agents`, { body: { slug: 'bot' } });
    const client = await createKey(db, { type: 'mcp_client', name: 'c', workspace, agent: 'bot' });
    const approval = await createKey(db, { type: 'approval', name: 'a', workspace });
    for (const key of [client.value, approval.value]) {
      const answer = await admin.call('GET', '/workspaces', { key });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('key_wrong_type');
    }
  });

  it('leaves paths outside {prefix}/admin/v1 alone', async () => {
    for (const path of ['/mcp/v1/default/bot', '/mcp/admin', '/mcp/admin/v10', '/other/admin/v1']) {
      const response = await fetch(`${admin.url}${path}`);
      expect(response.status, path).toBe(418);
    }
  });

  it('an unknown resource is 404, a known one with another method 405 with Allow', async () => {
    expect((await admin.call('GET', '/nothing-here')).status).toBe(404);
    const answer = await admin.call('DELETE', '/workspaces');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, POST');
    expect(answer.body.code).toBe('method_not_allowed');
  });

  it('a body that is not declared JSON is 415; a JSON body with a charset or +json is accepted', async () => {
    const refused = await admin.call('POST', '/workspaces', {
      rawBody: '{"slug":"x"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(refused.status).toBe(415);
    expect(refused.body.code).toBe('unsupported_media_type');
    const latin = await admin.call('POST', '/workspaces', {
      rawBody: '{"slug":"x"}',
      headers: { 'content-type': 'application/json; charset=iso-8859-1' },
    });
    expect(latin.status).toBe(415);
    const accepted = await admin.call('POST', '/workspaces', {
      rawBody: '{"slug":"charset-ok"}',
      headers: { 'content-type': 'Application/JSON; charset="utf-8"' },
    });
    expect(accepted.status).toBe(201);
  });

  it('malformed JSON is 400 malformed_json, and the input is not echoed', async () => {
    const answer = await admin.call('POST', '/workspaces', {
      rawBody: '{"slug": secret-looking-text',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('malformed_json');
    expect(JSON.stringify(answer.body)).not.toContain('secret-looking-text');
  });

  it('a body past the bound is 413, told by Content-Length or by counting', async () => {
    const big = JSON.stringify({ slug: 'x'.repeat(DEFAULT_MAX_ADMIN_BODY_BYTES) });
    const answer = await admin.call('POST', '/workspaces', {
      rawBody: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('body_too_large');
  });

  it('unknown body fields and query parameters are refused, each named', async () => {
    const answer = await admin.call('POST', '/workspaces', { body: { slug: 'ok-slug', colour: 1, size: 2 } });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invalid_field');
    expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual(['colour', 'size']);
    expect(answer.body.detail).toContain('colour, size');
    const query = await admin.call('GET', '/workspaces?limit=5&sort=slug');
    expect(query.status).toBe(400);
    expect(query.body.errors).toEqual([
      { field: 'sort', message: expect.stringContaining('not a known query parameter') },
    ]);
  });

  it('a body that is not an object is 400 naming the whole value', async () => {
    const answer = await admin.call('POST', '/workspaces', { body: ['slug'] });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe('the value must be an object');
  });

  it('keeps the x-request-id the listener already set', async () => {
    const server = createServer((req, res) => {
      res.setHeader('x-request-id', 'from-the-listener');
      void admin.handler(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/mcp/admin/v1/workspaces`);
      expect(response.headers.get('x-request-id')).toBe('from-the-listener');
      expect(((await response.json()) as { request_id: string }).request_id).toBe('from-the-listener');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a chunked body past the bound is 413 too (counted, no Content-Length)', async () => {
    const { hostname, port } = new URL(admin.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          hostname,
          port,
          method: 'POST',
          path: '/mcp/admin/v1/workspaces',
          headers: { authorization: `Bearer ${admin.adminKey}`, 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      const chunk = 'x'.repeat(64 * 1024);
      for (let sent = 0; sent <= DEFAULT_MAX_ADMIN_BODY_BYTES; sent += chunk.length) req.write(chunk);
      req.end();
    });
    expect(status).toBe(413);
  });

  it('a client gone in the middle of its body does not leave the handler waiting forever', async () => {
    let handled: Promise<boolean> | undefined;
    let arrived: () => void = () => undefined;
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const server = createServer((req, res) => {
      handled = admin.handler(req, res);
      arrived();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        'POST /mcp/admin/v1/workspaces HTTP/1.1\r\nHost: x\r\n' +
          `Authorization: Bearer ${admin.adminKey}\r\nContent-Type: application/json\r\n` +
          'Content-Length: 100\r\n\r\n{"slug":',
      );
      await arrival;
      socket.destroy();
      await expect(handled).resolves.toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a request target that is no URL is left to the listener, not thrown', async () => {
    const { port } = new URL(admin.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('GET http://[/mcp/admin/v1/workspaces HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 418 /);
  });

  it('another method on the OpenAPI document is 405 with Allow: GET', async () => {
    const answer = await admin.call('POST', '/openapi.json');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET');
  });

  it('the fetch-style handler answers the same API, and a shared verifier sees a revocation at once', async () => {
    const db = fixture.db();
    const verifier = new KeyVerifier(db);
    await verifier.start();
    const fetchHandler = createAdminFetchHandler({ db, verifier, prefix: '/gw' });
    try {
      const { key, value } = await createKey(db, { type: 'admin', name: 'fetch' });
      const auth = { authorization: `Bearer ${value}` };
      expect(await fetchHandler(new Request('http://x/mcp/admin/v1/workspaces'))).toBeUndefined();
      const listed = await fetchHandler(
        new Request('http://x/gw/admin/v1/workspaces?limit=1', { headers: auth }),
      );
      expect(listed?.status).toBe(200);
      expect(listed?.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(await listed?.json()).toMatchObject({
        items: [expect.objectContaining({ slug: expect.any(String) })],
      });
      const created = await fetchHandler(
        new Request('http://x/gw/admin/v1/workspaces', {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ slug: 'from-fetch' }),
        }),
      );
      expect(created?.status).toBe(201);
      const revoked = await fetchHandler(
        new Request(`http://x/gw/admin/v1/keys/${key.id}/revoke`, { method: 'POST', headers: auth }),
      );
      expect(revoked?.status).toBe(200);
      const after = await fetchHandler(new Request('http://x/gw/admin/v1/workspaces', { headers: auth }));
      expect(after?.status).toBe(401);
    } finally {
      await verifier.close();
    }
  });
});
