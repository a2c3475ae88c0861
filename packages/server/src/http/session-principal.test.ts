import { afterEach, describe, expect, it } from 'vitest';
import type { HttpRequestInfo } from './exchange.js';
import { HttpAuthError } from './options.js';
import { defaultPrincipalOf } from './principal.js';
import { fixtureServer } from './test-support/fixture-server.js';
import { type Served, serve } from './test-support/serve.js';

const USERS = new Map([
  ['token-ada', 'ada'],
  ['token-bob', 'bob'],
]);

/** Bearer authentication over two users; the result carries a per-request field on purpose. */
function authenticate(request: HttpRequestInfo): { user: string; seenAt: number } {
  const token = request.header('authorization')?.replace(/^Bearer /, '') ?? '';
  const user = USERS.get(token);
  if (user === undefined) throw new HttpAuthError(401, 'unknown token', 'Bearer');
  return { user, seenAt: performance.now() };
}

const INIT = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

function headers(token: string, sessionId?: string): Record<string, string> {
  const result: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  if (sessionId !== undefined) result['mcp-session-id'] = sessionId;
  return result;
}

async function initialize(url: string, token: string): Promise<string> {
  const response = await fetch(url, { method: 'POST', headers: headers(token), body: JSON.stringify(INIT) });
  expect(response.status).toBe(200);
  await response.text();
  return response.headers.get('mcp-session-id') as string;
}

function call(url: string, token: string, sessionId: string, text: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: headers(token, sessionId),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text } },
    }),
  });
}

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

describe('legacy sessions are bound to the principal of their initialize', () => {
  it("refuses another caller's POST, GET, resumption and DELETE with the unknown-session 404", async () => {
    served = await serve(fixtureServer(), {
      keepAliveMs: 0,
      authenticate,
      principalOf: (auth) => (auth as { user: string }).user,
    });
    const url = served.url;
    const adas = await initialize(url, 'token-ada');

    const owner = await call(url, 'token-ada', adas, 'mine');
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ result: { content: [{ text: 'mine' }] } });

    // Bob holds Ada's session id: every route answers as for an id that never existed.
    const unknown = await call(url, 'token-bob', 'no-such-session', 'x');
    const unknownBody = await unknown.json();
    const stolen = await call(url, 'token-bob', adas, 'theirs');
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toEqual(unknownBody);
    const get = await fetch(url, { headers: { ...headers('token-bob', adas), accept: 'text/event-stream' } });
    expect(get.status).toBe(404);
    await get.text();
    const resume = await fetch(url, {
      headers: { ...headers('token-bob', adas), accept: 'text/event-stream', 'last-event-id': 'x-0-0' },
    });
    expect(resume.status).toBe(404);
    await resume.text();
    const notification = await fetch(url, {
      method: 'POST',
      headers: headers('token-bob', adas),
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    expect(notification.status).toBe(404);
    await notification.text();
    const deleted = await fetch(url, { method: 'DELETE', headers: headers('token-bob', adas) });
    expect(deleted.status).toBe(404);
    await deleted.text();

    // Bob's own session works, and Ada's survived the attempts (the DELETE did nothing).
    const bobs = await initialize(url, 'token-bob');
    expect((await call(url, 'token-bob', bobs, 'bob').then((r) => r.json())) as object).toMatchObject({
      result: { content: [{ text: 'bob' }] },
    });
    expect((await call(url, 'token-bob', adas, 'x')).status).toBe(404);
    const stream = await fetch(url, {
      headers: { ...headers('token-ada', adas), accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
    const ownDelete = await fetch(url, { method: 'DELETE', headers: headers('token-ada', adas) });
    expect(ownDelete.status).toBe(200);
    expect((await call(url, 'token-ada', adas, 'gone')).status).toBe(404);
  });

  it('by default binds to the canonical JSON of the auth result', async () => {
    served = await serve(fixtureServer(), {
      keepAliveMs: 0,
      authenticate: (request) => ({
        user: USERS.get(request.header('authorization')?.slice(7) ?? '') ?? 'anon',
      }),
    });
    const adas = await initialize(served.url, 'token-ada');
    expect((await call(served.url, 'token-ada', adas, 'ok')).status).toBe(200);
    expect((await call(served.url, 'token-bob', adas, 'no')).status).toBe(404);
  });

  it('without authenticate there is no principal, and any holder of the id is served', async () => {
    served = await serve(fixtureServer(), { keepAliveMs: 0 });
    const id = await initialize(served.url, 'token-ada');
    expect((await call(served.url, 'token-bob', id, 'ok')).status).toBe(200);
  });
});

describe('defaultPrincipalOf', () => {
  it('is undefined without auth and ignores key order', () => {
    expect(defaultPrincipalOf(undefined)).toBeUndefined();
    expect(defaultPrincipalOf(null)).toBeUndefined();
    expect(defaultPrincipalOf({ a: 1, b: { c: 2, d: 3 } })).toBe(
      defaultPrincipalOf({ b: { d: 3, c: 2 }, a: 1 }),
    );
    expect(defaultPrincipalOf('ada')).not.toBe(defaultPrincipalOf('bob'));
  });
});
