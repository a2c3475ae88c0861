import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from './test-support/fixture-server.js';
import { MODERN, modernHeaders, modernMeta, type Served, serve } from './test-support/serve.js';

let served: Served;
let sessionId: string;

const LEGACY = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

async function post(body: unknown, headers: Record<string, string>) {
  const response = await fetch(served.url, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? undefined : JSON.parse(text),
    headers: response.headers,
  };
}

/** Still serving: a modern tools/list answers. */
async function stillServing(): Promise<void> {
  const answer = await post(
    { jsonrpc: '2.0', id: 'alive', method: 'tools/list', params: { _meta: modernMeta() } },
    modernHeaders('tools/list'),
  );
  expect(answer.status).toBe(200);
  expect(answer.body.result.tools.length).toBeGreaterThan(0);
}

function expectRejected(
  answer: { status: number; body: { error: { code: number } } },
  status: number,
  code: number,
) {
  expect(answer.status).toBe(status);
  expect(answer.body.error.code).toBe(code);
}

beforeAll(async () => {
  served = await serve(fixtureServer(), { maxBodyBytes: 4096 });
  const init = await post(
    {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    },
    LEGACY,
  );
  sessionId = init.headers.get('mcp-session-id') as string;
});

afterAll(() => served.close());

describe('rejections', () => {
  it('malformed JSON → 400 -32700 with id null', async () => {
    const answer = await post('{"jsonrpc":"2.0",', LEGACY);
    expectRejected(answer, 400, -32700);
    expect(answer.body.id).toBeNull();
    await stillServing();
  });

  it('batch → 400 -32600', async () => {
    expectRejected(await post([{ jsonrpc: '2.0', id: 1, method: 'ping' }], LEGACY), 400, -32600);
    await stillServing();
  });

  it('oversize body → 413', async () => {
    const answer = await post(
      { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(10_000) } },
      LEGACY,
    );
    expect(answer.status).toBe(413);
    await stillServing();
  });

  it('wrong Content-Type → 415', async () => {
    const answer = await post(
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { ...LEGACY, 'content-type': 'text/plain' },
    );
    expect(answer.status).toBe(415);
    await stillServing();
  });

  it('foreign Host or Origin → 403, id-less error, value not reflected', async () => {
    const byOrigin = await post(
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} },
      { ...LEGACY, origin: 'http://evil.example.com' },
    );
    expect(byOrigin.status).toBe(403);
    expect(byOrigin.body.id).toBeNull();
    expect(JSON.stringify(byOrigin.body)).not.toContain('evil');
    const byHost = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        { port: served.port, path: '/mcp', method: 'POST', headers: { ...LEGACY, host: 'evil.example.com' } },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    });
    expect(byHost.status).toBe(403);
    expect(byHost.text).not.toContain('evil');
    await stillServing();
  });

  it('legacy: missing session → 400, unknown session → 404, bad version header → 400', async () => {
    const ping = { jsonrpc: '2.0', id: 5, method: 'ping' };
    expect((await post(ping, LEGACY)).status).toBe(400);
    expect((await post(ping, { ...LEGACY, 'mcp-session-id': 'nope' })).status).toBe(404);
    const badVersion = await post(ping, {
      ...LEGACY,
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '1999-01-01',
    });
    expect(badVersion.status).toBe(400);
    const ok = await post(ping, {
      ...LEGACY,
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-03-26',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ jsonrpc: '2.0', id: 5, result: {} });
  });

  it('modern: header mismatch → 400 -32020, echoing the id', async () => {
    const body = { jsonrpc: '2.0', id: 9, method: 'tools/list', params: { _meta: modernMeta() } };
    const wrongMethod = await post(body, modernHeaders('prompts/list'));
    expectRejected(wrongMethod, 400, -32020);
    expect(wrongMethod.body.id).toBe(9);
    const { 'mcp-method': _omit, ...noMethod } = modernHeaders('tools/list');
    expectRejected(await post(body, noMethod), 400, -32020);
    const call = {
      jsonrpc: '2.0',
      id: 10,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'x' }, _meta: modernMeta() },
    };
    expectRejected(await post(call, modernHeaders('tools/call', 'other')), 400, -32020);
    expectRejected(await post(call, modernHeaders('tools/call')), 400, -32020);
    await stillServing();
  });

  it('modern: Mcp-Param headers are enforced', async () => {
    const call = (region: string) => ({
      jsonrpc: '2.0',
      id: 11,
      method: 'tools/call',
      params: { name: 'route', arguments: { region }, _meta: modernMeta() },
    });
    const ok = await post(call('Hello'), {
      ...modernHeaders('tools/call', 'route'),
      'mcp-param-region': '=?base64?SGVsbG8=?=',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.result.content[0].text).toBe('region Hello');
    expectRejected(await post(call('Hello'), modernHeaders('tools/call', 'route')), 400, -32020);
    expectRejected(
      await post(call('Hello'), {
        ...modernHeaders('tools/call', 'route'),
        'mcp-param-region': '=?base64?SGVsbG8?=',
      }),
      400,
      -32020,
    );
    await stillServing();
  });

  it('modern: unsupported version → 400 -32022 with data; missing _meta → 400 -32602; unknown method → 404', async () => {
    const meta = { ...modernMeta(), 'io.modelcontextprotocol/protocolVersion': 'v999' };
    const unsupported = await post(
      { jsonrpc: '2.0', id: 12, method: 'server/discover', params: { _meta: meta } },
      { ...modernHeaders('server/discover'), 'mcp-protocol-version': 'v999' },
    );
    expectRejected(unsupported, 400, -32022);
    expect(unsupported.body.error.data).toEqual({ supported: [MODERN], requested: 'v999' });
    const missing = await post(
      { jsonrpc: '2.0', id: 13, method: 'server/discover', params: {} },
      modernHeaders('server/discover'),
    );
    expectRejected(missing, 400, -32602);
    expect(missing.body.id).toBe(13);
    for (const method of ['unknown/method', 'initialize', 'ping']) {
      expectRejected(
        await post(
          { jsonrpc: '2.0', id: 14, method, params: { _meta: modernMeta() } },
          modernHeaders(method),
        ),
        404,
        -32601,
      );
    }
    await stillServing();
  });

  it('modern GET/DELETE → 405; other verbs → 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(served.url, {
        method,
        headers: { 'mcp-protocol-version': MODERN, accept: 'text/event-stream' },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      await response.text();
    }
    const put = await fetch(served.url, { method: 'PUT', body: '{}' });
    expect(put.status).toBe(405);
    await put.text();
    await stillServing();
  });
});
