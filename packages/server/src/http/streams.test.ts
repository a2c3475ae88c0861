import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { McpServer } from '../server/mcp-server.js';
import type { InternalErrorReport } from '../server/options.js';
import type { Session } from '../server/session.js';
import { MemoryEventStore } from './event-store.js';
import { createHttpHandler } from './handler.js';
import { HttpAuthError } from './options.js';
import { fixtureServer, slowAborted } from './test-support/fixture-server.js';
import { modernHeaders, modernMeta, type Served, serve, sseMessages } from './test-support/serve.js';

const LEGACY = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const INIT = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function initialize(url: string): Promise<string> {
  const response = await fetch(url, { method: 'POST', headers: LEGACY, body: JSON.stringify(INIT) });
  await response.text();
  return response.headers.get('mcp-session-id') as string;
}

/** Reads SSE text from a streaming response until `done(text)` or the timeout. */
async function readUntil(
  response: Response,
  done: (text: string) => boolean,
  timeoutMs = 3000,
): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + timeoutMs;
  while (!done(text) && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), delay(deadline - Date.now()).then(() => undefined)]);
    if (chunk === undefined || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel().catch(() => undefined);
  return text;
}

describe('legacy GET stream', () => {
  it('carries server-initiated notifications, primed; a second GET is 409; bad requests refused', async () => {
    const server = fixtureServer();
    served = await serve(server, { keepAliveMs: 0 });
    const sessionId = await initialize(served.url);
    const headers = { accept: 'text/event-stream', 'mcp-session-id': sessionId };
    expect((await fetch(served.url, { headers: { accept: 'text/event-stream' } })).status).toBe(400);
    expect((await fetch(served.url, { headers: { ...headers, accept: 'application/json' } })).status).toBe(
      406,
    );
    expect((await fetch(served.url, { headers: { ...headers, 'mcp-session-id': 'unknown' } })).status).toBe(
      404,
    );
    const stream = await fetch(served.url, { headers });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    const second = await fetch(served.url, { headers });
    expect(second.status).toBe(409);
    await second.text();
    setTimeout(() => {
      server.tool({ name: 'late', inputSchema: { type: 'object' } }, () => ({ content: [] }));
    }, 20);
    const text = await readUntil(stream, (seen) => seen.includes('list_changed'));
    expect(text).toMatch(/^retry: \d+\nid: \S+\ndata: \n\n/);
    expect(text).toContain('"method":"notifications/tools/list_changed"');
  });

  it('refuses a Last-Event-ID belonging to another session', async () => {
    served = await serve(fixtureServer(), { keepAliveMs: 0, responseMode: 'sse' });
    const first = await initialize(served.url);
    const second = await initialize(served.url);
    const call = await fetch(served.url, {
      method: 'POST',
      headers: { ...LEGACY, 'mcp-session-id': first },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'a' } },
      }),
    });
    const text = await call.text();
    const eventId = /id: (\S+)/.exec(text)?.[1] as string;
    expect(eventId).toBeDefined();
    const replay = await fetch(served.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': first, 'last-event-id': eventId },
    });
    expect(replay.status).toBe(200);
    await replay.text();
    const foreign = await fetch(served.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': second, 'last-event-id': eventId },
    });
    expect(foreign.status).toBe(400);
    await foreign.text();
  });
});

describe('response framing', () => {
  it("mode 'sse' streams every request; 'auto' answers JSON unless something streams first", async () => {
    served = await serve(fixtureServer(), { keepAliveMs: 0, responseMode: 'sse' });
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'x' }, _meta: modernMeta() },
    });
    const streamed = await fetch(served.url, {
      method: 'POST',
      headers: modernHeaders('tools/call', 'echo'),
      body,
    });
    expect(streamed.headers.get('content-type')).toBe('text/event-stream');
    expect(await sseMessages(streamed)).toMatchObject([{ id: 1, result: { content: [{ text: 'x' }] } }]);
    await served.close();

    served = await serve(fixtureServer(), { keepAliveMs: 0 });
    const plain = await fetch(served.url, {
      method: 'POST',
      headers: modernHeaders('tools/call', 'echo'),
      body,
    });
    expect(plain.headers.get('content-type')).toBe('application/json');
    await plain.text();
    const progress = await fetch(served.url, {
      method: 'POST',
      headers: modernHeaders('tools/call', 'progress'),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'progress', arguments: {}, _meta: { ...modernMeta(), progressToken: 't' } },
      }),
    });
    expect(progress.headers.get('content-type')).toBe('text/event-stream');
    const messages = (await sseMessages(progress)) as Array<{ method?: string; id?: number }>;
    expect(messages.filter((m) => m.method === 'notifications/progress')).toHaveLength(3);
    expect(messages.at(-1)?.id).toBe(2);
  });
});

class RecordingServer extends McpServer {
  readonly cancelled: Array<string | number> = [];
  override cancel(session: Session, requestId: string | number, reason?: unknown): boolean {
    this.cancelled.push(requestId);
    return super.cancel(session, requestId, reason);
  }
}

describe('modern streams', () => {
  it('subscriptions/listen: acknowledgement first, tagged list_changed, client close ends it', async () => {
    const server = new RecordingServer({ name: 'listen', version: '1.0.0' });
    server.tool({ name: 'noop', inputSchema: { type: 'object' } }, () => ({ content: [] }));
    served = await serve(server, { keepAliveMs: 0 });
    const controller = new AbortController();
    const listen = await fetch(served.url, {
      method: 'POST',
      headers: modernHeaders('subscriptions/listen'),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'sub-1',
        method: 'subscriptions/listen',
        params: { notifications: { toolsListChanged: true }, _meta: modernMeta() },
      }),
      signal: controller.signal,
    });
    expect(listen.headers.get('content-type')).toBe('text/event-stream');
    setTimeout(
      () => server.tool({ name: 'added', inputSchema: { type: 'object' } }, () => ({ content: [] })),
      30,
    );
    const reader = (listen.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes('list_changed')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    const frames = text
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)));
    expect(frames[0]).toMatchObject({ method: 'notifications/subscriptions/acknowledged' });
    expect(frames[1]).toMatchObject({
      method: 'notifications/tools/list_changed',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'sub-1' } },
    });
    controller.abort();
    for (let attempt = 0; attempt < 50 && !server.cancelled.includes('sub-1'); attempt++) await delay(10);
    expect(server.cancelled).toContain('sub-1');
  });

  it('closing the response stream aborts the request signal', async () => {
    served = await serve(fixtureServer(), { keepAliveMs: 0 });
    const before = slowAborted.count;
    const controller = new AbortController();
    const pending = fetch(served.url, {
      method: 'POST',
      headers: modernHeaders('tools/call', 'slow'),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'slow', arguments: {}, _meta: modernMeta() },
      }),
      signal: controller.signal,
    }).catch(() => undefined);
    await delay(50);
    controller.abort();
    await pending;
    for (let attempt = 0; attempt < 100 && slowAborted.count === before; attempt++) await delay(10);
    expect(slowAborted.count).toBe(before + 1);
  });
});

describe('fetch front end, authentication, resolver', () => {
  it('serves the same core over fetch(Request) → Response', async () => {
    const handler = createHttpHandler(fixtureServer());
    const response = await handler.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { ...modernHeaders('tools/call', 'echo'), host: 'localhost' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 4,
          method: 'tools/call',
          params: { name: 'echo', arguments: { text: 'f' }, _meta: modernMeta() },
        }),
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 4, result: { content: [{ text: 'f' }] } });
    handler.close();
  });

  it('authenticate answers 401 with WWW-Authenticate before any MCP processing; the resolver is cached per key', async () => {
    const resolved: string[] = [];
    const servers = new Map([
      ['a', fixtureServer()],
      ['b', fixtureServer()],
    ]);
    const handler = createHttpHandler(
      (request) => {
        const tenant = request.header('x-tenant') as string;
        resolved.push(tenant);
        return servers.get(tenant) as McpServer;
      },
      {
        authenticate: (request) => {
          if (request.header('authorization') !== 'Bearer ok')
            throw new HttpAuthError(401, 'Unauthorized', 'Bearer realm="mcp"');
          return { subject: 'user' };
        },
        resolverCacheKey: (request) => request.header('x-tenant') ?? '',
      },
    );
    const request = (auth: string | undefined, tenant: string) =>
      handler.fetch(
        new Request('http://localhost/mcp', {
          method: 'POST',
          headers: {
            ...modernHeaders('tools/list'),
            host: 'localhost',
            'x-tenant': tenant,
            ...(auth === undefined ? {} : { authorization: auth }),
          },
          body: '{not json',
        }),
      );
    const denied = await request(undefined, 'a');
    expect(denied.status).toBe(401);
    expect(denied.headers.get('www-authenticate')).toBe('Bearer realm="mcp"');
    // Authenticated, the malformed body is only now looked at.
    expect((await request('Bearer ok', 'a')).status).toBe(400);
    const list = (tenant: string) =>
      handler.fetch(
        new Request('http://localhost/mcp', {
          method: 'POST',
          headers: {
            ...modernHeaders('tools/list'),
            host: 'localhost',
            'x-tenant': tenant,
            authorization: 'Bearer ok',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 5,
            method: 'tools/list',
            params: { _meta: modernMeta() },
          }),
        }),
      );
    for (const tenant of ['a', 'a', 'b', 'a']) expect((await list(tenant)).status).toBe(200);
    expect(resolved).toEqual(['a', 'b']);
    handler.close();
  });
});

describe("legacy: 'stateless'", () => {
  it('answers 2025-era requests without initialize or session; GET is 405', async () => {
    served = await serve(fixtureServer(), { keepAliveMs: 0, legacy: 'stateless' });
    const init = await fetch(served.url, { method: 'POST', headers: LEGACY, body: JSON.stringify(INIT) });
    expect(init.headers.get('mcp-session-id')).toBeNull();
    expect(await init.json()).toMatchObject({ result: { protocolVersion: '2025-11-25' } });
    const call = await fetch(served.url, {
      method: 'POST',
      headers: { ...LEGACY, 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 's' } },
      }),
    });
    expect(await call.json()).toMatchObject({ id: 7, result: { content: [{ text: 's' }] } });
    const get = await fetch(served.url, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    await get.text();
  });
});

describe('event store hygiene', () => {
  it("drops a session's recorded events when the session is deleted", async () => {
    const eventStore = new MemoryEventStore();
    served = await serve(fixtureServer(), { keepAliveMs: 0, responseMode: 'sse', eventStore });
    const sessionId = await initialize(served.url);
    // `poll` closes the connection after its progress; the rest is recorded for a resume that never comes.
    const call = await fetch(served.url, {
      method: 'POST',
      headers: { ...LEGACY, 'mcp-session-id': sessionId },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'poll', arguments: {}, _meta: { progressToken: 'p' } },
      }),
    });
    await call.text();
    for (let attempt = 0; attempt < 100 && eventStore.size < 2; attempt++) await delay(10);
    expect(eventStore.size).toBe(2);
    const deleted = await fetch(served.url, { method: 'DELETE', headers: { 'mcp-session-id': sessionId } });
    expect(deleted.status).toBe(200);
    expect(eventStore.size).toBe(0);
    const again = await fetch(served.url, { method: 'DELETE', headers: { 'mcp-session-id': sessionId } });
    expect(again.status).toBe(404);
  });

  it('drops a stream once it is delivered to its end: read live, or resumed to its end', async () => {
    const eventStore = new MemoryEventStore();
    served = await serve(fixtureServer(), { keepAliveMs: 0, eventStore });
    const sessionId = await initialize(served.url);
    const post = (id: number, name: string) =>
      fetch(served?.url as string, {
        method: 'POST',
        headers: { ...LEGACY, 'mcp-session-id': sessionId },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name, arguments: {}, _meta: { progressToken: `t${id}` } },
        }),
      });
    // Three progress events recorded as they went out; the answer on the live connection ends it.
    const live = await post(1, 'progress');
    expect((await sseMessages(live)).at(-1)).toMatchObject({ id: 1, result: {} });
    expect(eventStore.size).toBe(0);

    // `poll` lets go of the connection after one progress event; the answer is recorded meanwhile.
    const polled = await post(2, 'poll');
    const text = await polled.text();
    const lastSeen = [...text.matchAll(/^id: (\S+)$/gm)].at(-1)?.[1] as string;
    for (let attempt = 0; attempt < 100 && eventStore.size < 2; attempt++) await delay(10);
    expect(eventStore.size).toBe(2);
    const resumed = await fetch(served.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': sessionId, 'last-event-id': lastSeen },
    });
    expect((await sseMessages(resumed)).at(-1)).toMatchObject({ id: 2, result: {} });
    expect(eventStore.size).toBe(0);
  });

  it('records nothing for a legacy answer sent as plain JSON (only SSE streams are resumable)', async () => {
    const eventStore = new MemoryEventStore();
    served = await serve(fixtureServer(), { keepAliveMs: 0, eventStore });
    const sessionId = await initialize(served.url);
    const call = await fetch(served.url, {
      method: 'POST',
      headers: { ...LEGACY, 'mcp-session-id': sessionId },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'e' } },
      }),
    });
    expect(call.headers.get('content-type')).toContain('application/json');
    expect(await call.json()).toMatchObject({ id: 1, result: { content: [{ type: 'text' }] } });
    expect(eventStore.size).toBe(0);
  });

  it('records nothing for a JSON answer whose client left before it (no event id to resume from)', async () => {
    const eventStore = new MemoryEventStore();
    const server = fixtureServer();
    let answered = 0;
    server.tool({ name: 'late', inputSchema: { type: 'object' } }, async () => {
      await delay(150);
      answered++;
      return { content: [{ type: 'text', text: 'late' }] };
    });
    served = await serve(server, { keepAliveMs: 0, eventStore });
    const sessionId = await initialize(served.url);
    const abort = new AbortController();
    const call = fetch(served.url, {
      method: 'POST',
      headers: { ...LEGACY, 'mcp-session-id': sessionId },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'late' } }),
      signal: abort.signal,
    });
    await delay(50);
    abort.abort();
    await expect(call).rejects.toThrow();
    for (let attempt = 0; attempt < 100 && answered === 0; attempt++) await delay(10);
    await delay(20);
    expect(answered).toBe(1);
    expect(eventStore.size).toBe(0);
  });
});

class ThrowingServer extends McpServer {
  override dispatch(
    message: Parameters<McpServer['dispatch']>[0],
    session: Session,
  ): ReturnType<McpServer['dispatch']> {
    if ((message as { method?: string }).method === 'tools/list') throw new Error('runtime bug');
    return super.dispatch(message, session);
  }
}

/** A runtime whose `tools/list` answer rejects (it should never), to pin the transport's fallback. */
class RejectingServer extends McpServer {
  override dispatch(
    message: Parameters<McpServer['dispatch']>[0],
    session: Session,
  ): ReturnType<McpServer['dispatch']> {
    if ((message as { method?: string }).method === 'tools/list')
      return Promise.reject(new Error('async runtime bug'));
    return super.dispatch(message, session);
  }
}

describe('a failing runtime', () => {
  it('answers an asynchronous failure with -32603 in every era and session mode, without leaking it', async () => {
    const list = (id: number, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: extra });
    const check = async (response: Response, id: number) => {
      const body = await response.text();
      expect(response.status).toBe(200);
      expect(JSON.parse(body)).toMatchObject({ id, error: { code: -32603, message: 'Internal error' } });
      expect(body).not.toContain('async runtime bug');
    };
    served = await serve(new RejectingServer({ name: 'rejects', version: '1.0.0' }), { keepAliveMs: 0 });
    const modern = {
      method: 'POST',
      headers: modernHeaders('tools/list'),
      body: list(1, { _meta: modernMeta() }),
    };
    await check(await fetch(served.url, modern), 1);
    const sessionId = await initialize(served.url);
    const headers = { ...LEGACY, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
    await check(await fetch(served.url, { method: 'POST', headers, body: list(2) }), 2);
    await served.close();
    served = await serve(new RejectingServer({ name: 'rejects', version: '1.0.0' }), {
      keepAliveMs: 0,
      legacy: 'stateless',
    });
    const stateless = { ...LEGACY, 'mcp-protocol-version': '2025-11-25' };
    await check(await fetch(served.url, { method: 'POST', headers: stateless, body: list(3) }), 3);
  });

  it('answers -32603 without leaking the error, and keeps serving', async () => {
    const server = new ThrowingServer({ name: 'throws', version: '1.0.0' });
    server.tool({ name: 'ok', inputSchema: { type: 'object' } }, () => ({
      content: [{ type: 'text', text: 'fine' }],
    }));
    served = await serve(server, { keepAliveMs: 0 });
    const broken = await fetch(served.url, {
      method: 'POST',
      headers: modernHeaders('tools/list'),
      body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/list', params: { _meta: modernMeta() } }),
    });
    const body = await broken.text();
    expect(JSON.parse(body)).toMatchObject({ id: 8, error: { code: -32603, message: 'Internal error' } });
    expect(body).not.toContain('runtime bug');
    const fine = await fetch(served.url, {
      method: 'POST',
      headers: modernHeaders('tools/call', 'ok'),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'ok', arguments: {}, _meta: modernMeta() },
      }),
    });
    expect(await fine.json()).toMatchObject({ id: 9, result: { content: [{ text: 'fine' }] } });
  });
});

describe('server → client requests', () => {
  it('give up after serverRequestTimeoutMs when the client never answers; the call still completes', async () => {
    // The handler's failure is expected: captured here, not printed among the test results.
    const reports: InternalErrorReport[] = [];
    const server = fixtureServer({ onInternalError: (report) => void reports.push(report) });
    served = await serve(server, { keepAliveMs: 0, serverRequestTimeoutMs: 100 });
    const init = await fetch(served.url, {
      method: 'POST',
      headers: LEGACY,
      body: JSON.stringify({ ...INIT, params: { ...INIT.params, capabilities: { elicitation: {} } } }),
    });
    await init.text();
    const sessionId = init.headers.get('mcp-session-id') as string;
    const call = await fetch(served.url, {
      method: 'POST',
      headers: { ...LEGACY, 'mcp-session-id': sessionId },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 11,
        method: 'tools/call',
        params: { name: 'ask', arguments: {} },
      }),
    });
    const messages = (await sseMessages(call)) as Array<{
      id?: unknown;
      method?: string;
      result?: unknown;
      error?: unknown;
    }>;
    expect(messages[0]).toMatchObject({ method: 'elicitation/create' });
    const last = messages.at(-1);
    expect(last?.id).toBe(11);
    expect(last?.result ?? last?.error).toBeDefined();
    expect(reports.map((report) => (report.error as Error).message)).toEqual([
      'elicitation/create got no answer within 100 ms',
    ]);
  });
});
