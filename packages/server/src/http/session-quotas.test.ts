import { afterEach, describe, expect, it } from 'vitest';
import type { HttpRequestInfo } from './exchange.js';
import type { HttpSession } from './legacy-session.js';
import { HttpAuthError } from './options.js';
import type { HttpServable } from './servable.js';
import type { SessionStore } from './session-store.js';
import { fixtureServer } from './test-support/fixture-server.js';
import { modernHeaders, modernMeta, type Served, serve } from './test-support/serve.js';

/** Bearer tokens are the principals themselves: `Bearer ada` is ada. */
function authenticate(request: HttpRequestInfo): string {
  const token = request.header('authorization')?.replace(/^Bearer /, '');
  if (token === undefined || token === '') throw new HttpAuthError(401, 'no token', 'Bearer');
  return token;
}

const principalOf = (auth: unknown): string | undefined => auth as string;

function headers(principal: string, sessionId?: string): Record<string, string> {
  const result: Record<string, string> = {
    authorization: `Bearer ${principal}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  if (sessionId !== undefined) {
    result['mcp-session-id'] = sessionId;
    result['mcp-protocol-version'] = '2025-11-25';
  }
  return result;
}

async function initialize(url: string, principal: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: headers(principal),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });
  expect(response.status).toBe(200);
  await response.text();
  return response.headers.get('mcp-session-id') as string;
}

async function ping(url: string, principal: string, sessionId: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: headers(principal, sessionId),
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });
  await response.text();
  return response.status;
}

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

describe('per-principal session quota (issue 19, point 3)', () => {
  it("a caller past its quota loses its own least recently used session, never another caller's", async () => {
    // The global bound is small too: without the quota, ada's churn evicts bob's idle session.
    served = await serve(fixtureServer(), {
      keepAliveMs: 0,
      authenticate,
      principalOf,
      maxSessions: 20,
      maxSessionsPerPrincipal: 5,
    });
    const url = served.url;
    const bobs = await initialize(url, 'bob');
    const first = await initialize(url, 'ada');
    const kept = await initialize(url, 'ada');
    for (let index = 0; index < 3; index++) await initialize(url, 'ada');
    // Used just now: the least recently used of ada's is `first`, not `kept`.
    expect(await ping(url, 'ada', kept)).toBe(200);
    for (let index = 0; index < 40; index++) await initialize(url, 'ada');

    expect(await ping(url, 'bob', bobs)).toBe(200);
    expect(await ping(url, 'ada', first)).toBe(404);
    expect(served.handler.closeSessions('nobody')).toBe(0);
    // ada holds exactly her quota, whatever she opened.
    expect(served.handler.closeSessions('ada')).toBe(5);
    expect(await ping(url, 'bob', bobs)).toBe(200);
  });

  it('a group quota (a tenant) bounds the sessions of all its principals together', async () => {
    served = await serve(fixtureServer(), {
      keepAliveMs: 0,
      authenticate,
      principalOf,
      maxSessionsPerPrincipal: 100,
      // ada and amy are one tenant, bob another.
      sessionGroupOf: (session) => session.principal?.charAt(0),
      maxSessionsPerGroup: 3,
    });
    const url = served.url;
    const bobs = await initialize(url, 'bob');
    const amys = await initialize(url, 'amy');
    for (let index = 0; index < 10; index++) await initialize(url, 'ada');
    expect(await ping(url, 'bob', bobs)).toBe(200);
    expect(await ping(url, 'amy', amys)).toBe(404);
    expect(served.handler.closeSessions('ada')).toBe(3);
  });

  it('refuses a quota that would turn itself off', async () => {
    await expect(serve(fixtureServer(), { maxSessionsPerPrincipal: Number.NaN })).rejects.toThrow(
      /maxSessionsPerPrincipal/,
    );
    await expect(serve(fixtureServer(), { maxInitializeBytes: 0 })).rejects.toThrow(/maxInitializeBytes/);
  });

  it("closeSessions ends a principal's subscriptions/listen stream, and openPrincipals lists it until then", async () => {
    served = await serve(fixtureServer(), { keepAliveMs: 0, authenticate, principalOf });
    const listen = await fetch(served.url, {
      method: 'POST',
      headers: { ...modernHeaders('subscriptions/listen'), authorization: 'Bearer ada' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'sub-1',
        method: 'subscriptions/listen',
        params: { notifications: { toolsListChanged: true }, _meta: modernMeta() },
      }),
    });
    expect(listen.headers.get('content-type')).toBe('text/event-stream');
    const reader = (listen.body as ReadableStream<Uint8Array>).getReader();
    // The acknowledgement is out: the listen is registered.
    await reader.read();
    expect(served.handler.openPrincipals()).toEqual(['ada']);
    expect(served.handler.closeSessions('bob')).toBe(0);
    expect(served.handler.closeSessions('ada')).toBe(1);
    for (;;) if ((await reader.read()).done) break;
    expect(served.handler.openPrincipals()).toEqual([]);
  });

  it("closeSessions ends a principal's open GET stream and session, and only theirs", async () => {
    served = await serve(fixtureServer(), { keepAliveMs: 0, authenticate, principalOf });
    const url = served.url;
    const adas = await initialize(url, 'ada');
    const bobs = await initialize(url, 'bob');
    const stream = await fetch(url, { headers: { ...headers('ada', adas), accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    expect(served.handler.closeSessions('ada')).toBe(1);
    // The stream ends (not left open for notifications): read until done.
    for (;;) if ((await reader.read()).done) break;
    expect(await ping(url, 'ada', adas)).toBe(404);
    expect(await ping(url, 'bob', bobs)).toBe(200);
  });
});

/** A store that keeps every session, so a test can look at what each one holds. */
class KeepingStore<S extends HttpServable> implements SessionStore<HttpSession<S>> {
  readonly all = new Map<string, HttpSession<S>>();
  get(id: string) {
    return this.all.get(id);
  }
  set(id: string, value: HttpSession<S>) {
    this.all.set(id, value);
  }
  touch() {}
  delete(id: string) {
    this.all.delete(id);
  }
  get size() {
    return this.all.size;
  }
  close() {
    for (const session of this.all.values()) session.close();
    this.all.clear();
  }
}

describe('what a session keeps of its initialize (issue 19, point 2)', () => {
  it('keeps the capabilities the runtime reads and a bounded rest, never a large experimental', async () => {
    const store = new KeepingStore();
    served = await serve(fixtureServer(), { keepAliveMs: 0, sessionStore: store });
    // 48 KiB of experimental per session (under the initialize bound), many sessions.
    const experimental: Record<string, object> = {};
    for (let index = 0; index < 40; index++)
      experimental[`vendor.feature${index}`] = { blob: 'x'.repeat(1200) };
    const capabilities = {
      roots: { listChanged: true },
      sampling: { tools: {} },
      elicitation: { form: {}, url: {} },
      experimental,
      made_up: { huge: 'y'.repeat(4000) },
    };
    for (let index = 0; index < 50; index++) {
      const response = await fetch(served.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities,
            clientInfo: { name: 'n'.repeat(2000), version: '1.0.0', description: 'z'.repeat(4000) },
          },
        }),
      });
      expect(response.status).toBe(200);
      await response.text();
    }
    expect(store.all.size).toBe(50);
    const { MAX_RETAINED_CLIENT_CHARS } = await import('./retained-client.js');
    for (const session of store.all.values()) {
      const { clientCapabilities, clientInfo } = session.state;
      const kept = JSON.stringify({ clientCapabilities, clientInfo });
      expect(kept.length).toBeLessThan(2048);
      expect(kept.length).toBeLessThanOrEqual(MAX_RETAINED_CLIENT_CHARS);
      // What the runtime reads is intact; experimental keeps its names, not its content.
      expect(clientCapabilities).toMatchObject({
        roots: { listChanged: true },
        sampling: { tools: {} },
        elicitation: { form: {}, url: {} },
        made_up: {},
      });
      expect(clientCapabilities.experimental?.['vendor.feature0']).toEqual({});
      expect(Object.keys(clientCapabilities.experimental ?? {})).toHaveLength(32);
      expect(clientInfo).toEqual({ name: 'n'.repeat(256), version: '1.0.0' });
    }
  });

  it('answers 413 with -32600 to an initialize body over maxInitializeBytes, and opens no session', async () => {
    const store = new KeepingStore();
    served = await serve(fixtureServer(), { keepAliveMs: 0, sessionStore: store, maxInitializeBytes: 4096 });
    const response = await fetch(served.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: { experimental: { x: { blob: 'é'.repeat(2100) } } },
          clientInfo: { name: 't', version: '1' },
        },
      }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      id: 7,
      error: { code: -32600, message: expect.stringContaining('4096 bytes') },
    });
    expect(store.all.size).toBe(0);
  });

  it('takes an initialize of the default 64 KiB bound and refuses one byte more', async () => {
    const { DEFAULT_MAX_INITIALIZE_BYTES } = await import('./body.js');
    served = await serve(fixtureServer(), { keepAliveMs: 0 });
    const sized = (bytes: number): string => {
      const message = (pad: string) =>
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: pad, version: '1' },
          },
        });
      const base = Buffer.byteLength(message(''));
      return message('p'.repeat(bytes - base));
    };
    const post = (body: string) =>
      fetch(served?.url as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      });
    const atBound = await post(sized(DEFAULT_MAX_INITIALIZE_BYTES));
    expect(atBound.status).toBe(200);
    await atBound.text();
    const over = await post(sized(DEFAULT_MAX_INITIALIZE_BYTES + 1));
    expect(over.status).toBe(413);
    await over.text();
  });
});
