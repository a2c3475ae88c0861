import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantHandler } from './http-tenants.js';

const builds: string[] = [];
const handler = createTenantHandler({
  tokens: new Map([
    ['token-acme', 'acme'],
    ['token-globex', 'globex'],
  ]),
  onBuild: (tenant) => builds.push(tenant),
});
let listener: Server;
let url: URL;

beforeAll(async () => {
  listener = createServer(handler.node).listen(0, '127.0.0.1');
  await once(listener, 'listening');
  url = new URL(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/mcp`);
});

afterAll(async () => {
  handler.close();
  listener.closeAllConnections();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

const auth = (token: string) => ({ requestInit: { headers: { authorization: `Bearer ${token}` } } });

async function modernWhoami(token: string): Promise<unknown> {
  const client = new ClientV2(
    { name: 'v2', version: '2.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new HttpV2(url, auth(token)));
  try {
    return await client.callTool({ name: 'whoami', arguments: {} });
  } finally {
    await client.close();
  }
}

describe('docs/http.md: one endpoint, a server per tenant', () => {
  it('refuses a request without a valid token with 401 and a challenge, before any MCP processing', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer wrong' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="notes"');
    expect(await response.json()).toMatchObject({ error: { message: 'a valid bearer token is required' } });
  });

  it('gives each tenant its own server, built once and reused, in both eras', async () => {
    expect(await modernWhoami('token-acme')).toMatchObject({ content: [{ text: 'tenant acme' }] });
    expect(await modernWhoami('token-globex')).toMatchObject({ content: [{ text: 'tenant globex' }] });
    expect(await modernWhoami('token-acme')).toMatchObject({ content: [{ text: 'tenant acme' }] });

    const legacy = new ClientV1({ name: 'v1', version: '1.0.0' });
    const transport = new HttpV1(url, auth('token-globex'));
    await legacy.connect(transport);
    expect(legacy.getServerVersion()?.name).toBe('notes-globex');
    expect(await legacy.callTool({ name: 'note', arguments: { text: 'hi' } })).toMatchObject({
      content: [{ text: 'globex noted: hi' }],
    });
    await transport.terminateSession();
    await legacy.close();

    expect(builds.sort()).toEqual(['acme', 'globex']);
  });
});
