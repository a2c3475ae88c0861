import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UpstreamHost } from '../catalog/upstream-hosts-table.js';
import { allowEntry, testBinding } from '../test-support/execute-fixtures.js';
import { closedPort, startUpstream, type TestUpstream } from '../test-support/upstream-server.js';
import { type CallContext, createExecutor, type ExecuteOutcome, type Executor } from './executor.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const context = (more: Partial<CallContext> = {}): CallContext => ({
  workspaceId: 'ws-1',
  requestId: 'req-1',
  traceId: TRACE_ID,
  ...more,
});

let upstream: TestUpstream;
let executor: Executor;
let hosts: UpstreamHost[];

beforeAll(async () => {
  upstream = await startUpstream();
  hosts = [allowEntry('127.0.0.1', { allowLoopback: true })];
  executor = createExecutor({ allowList: () => hosts, env: {} });
});
afterAll(async () => {
  await executor.close();
  await upstream.close();
});
afterEach(() => {
  upstream.requests.length = 0;
});

function get(path: string, more: Record<string, unknown> = {}) {
  return testBinding({ method: 'GET', baseUrl: upstream.origin, path, timeoutMs: 5000, ...more });
}

function expectError(outcome: ExecuteOutcome) {
  if (outcome.ok) throw new Error(`expected a tool error, got ${JSON.stringify(outcome.result)}`);
  return outcome.error;
}

function expectResult(outcome: ExecuteOutcome) {
  if (!outcome.ok)
    throw new Error(`expected a result, got ${JSON.stringify(outcome.error)} (${outcome.diagnostic})`);
  return outcome.result;
}

describe('a successful call', () => {
  it("runs the seed's call as GET /v1/latest?base=USD&symbols=EUR and returns the JSON as structured content and text", async () => {
    const rates = { amount: 1, base: 'USD', date: '2025-01-02', rates: { EUR: 0.96 } };
    upstream.route((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(rates));
    });
    const binding = get('/v1/latest', {
      arguments: { base: { in: 'query' }, quote: { in: 'query', name: 'symbols' } },
    });
    const result = expectResult(await executor.execute(binding, { base: 'USD', quote: 'EUR' }, context()));
    expect(upstream.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /v1/latest?base=USD&symbols=EUR',
    ]);
    expect(result).toEqual({
      content: [{ type: 'text', text: JSON.stringify(rates) }],
      structuredContent: rates,
    });
    expect(result.isError).toBeUndefined();
  });

  it('continues the trace to the upstream as traceparent and asks for JSON', async () => {
    await executor.execute(get('/'), {}, context());
    const [request] = upstream.requests;
    expect(request?.headers['traceparent']).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
    expect(request?.headers['accept']).toMatch(/^application\/json/);
    expect(request?.headers['accept-encoding']).toBeUndefined();
  });

  it('wraps a JSON array or scalar as { result }, and reads +json media types as JSON', async () => {
    upstream.route((request, response) => {
      const body = request.url === '/list' ? '[1,2,3]' : request.url === '/scalar' ? '"text"' : '{"id":7}';
      response.writeHead(200, { 'content-type': 'application/vnd.api+json' }).end(body);
    });
    const list = expectResult(await executor.execute(get('/list'), {}, context()));
    expect(list.structuredContent).toEqual({ result: [1, 2, 3] });
    expect(list.content).toEqual([{ type: 'text', text: '{"result":[1,2,3]}' }]);
    expect(expectResult(await executor.execute(get('/scalar'), {}, context())).structuredContent).toEqual({
      result: 'text',
    });
    expect(expectResult(await executor.execute(get('/object'), {}, context())).structuredContent).toEqual({
      id: 7,
    });
  });

  it('an empty 204 becomes {}', async () => {
    upstream.route((_request, response) => {
      response.writeHead(204).end();
    });
    const result = expectResult(await executor.execute(get('/'), {}, context()));
    expect(result).toEqual({ content: [{ type: 'text', text: '{}' }], structuredContent: {} });
  });

  it('a non-JSON answer becomes text, cut with a marker past the text bound', async () => {
    const small = createExecutor({ allowList: () => hosts, env: {}, limits: { maxTextBytes: 10 } });
    upstream.route((request, response) => {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(request.url === '/long' ? 'é'.repeat(20) : '<b>hi</b>');
    });
    try {
      const short = expectResult(await small.execute(get('/short'), {}, context()));
      expect(short).toEqual({ content: [{ type: 'text', text: '<b>hi</b>' }] });
      const long = expectResult(await small.execute(get('/long'), {}, context()));
      expect(long.structuredContent).toBeUndefined();
      // 'é' is two bytes: the cut falls at 10 bytes, between characters, never inside one.
      expect(long.content).toEqual([
        { type: 'text', text: `${'é'.repeat(5)}\n[mcpforge: answer cut after 10 of 40 bytes]` },
      ]);
    } finally {
      await small.close();
    }
  });
});

describe('building the request', () => {
  it('encodes path values inside their segment, writes array query styles and sends header and body arguments', async () => {
    const binding = testBinding({
      method: 'POST',
      baseUrl: `${upstream.origin}/api`,
      path: '/items/{id}/notes',
      arguments: {
        id: { in: 'path' },
        tags: { in: 'query', name: 'tag' },
        ids: { in: 'query', arrayStyle: 'comma' },
        tenant: { in: 'header', name: 'x-tenant' },
        text: { in: 'body' },
        meta: { in: 'body', name: 'metadata' },
      },
    });
    const args = {
      id: 'a/b?c#d e',
      tags: ['x y', 'z&w'],
      ids: [1, 2],
      tenant: 'acme',
      text: 'hello',
      meta: { nested: [true] },
    };
    expectResult(await executor.execute(binding, args, context()));
    const [request] = upstream.requests;
    expect(request?.url).toBe('/api/items/a%2Fb%3Fc%23d%20e/notes?tag=x%20y&tag=z%26w&ids=1,2');
    expect(request?.headers['x-tenant']).toBe('acme');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ text: 'hello', metadata: { nested: [true] } });
  });

  it("encodes the sub-delimiters encodeURIComponent leaves (!'()*) so no value changes the URL's structure", async () => {
    const binding = get('/files/{name}', { arguments: { name: { in: 'path' } } });
    expectResult(await executor.execute(binding, { name: "it's (a)*!" }, context()));
    expect(upstream.requests[0]?.url).toBe('/files/it%27s%20%28a%29%2A%21');
  });

  it('refuses a header argument holding CR/LF and never sends the call', async () => {
    const binding = get('/', { arguments: { tenant: { in: 'header', name: 'x-tenant' } } });
    const error = expectError(await executor.execute(binding, { tenant: 'a\r\nx-admin: 1' }, context()));
    expect(error).toMatchObject({
      error_code: 'argument_not_sendable',
      stage: 'validate',
      outcome_certainty: 'not_executed',
      argument: 'tenant',
    });
    expect(upstream.requests).toEqual([]);
  });
});

describe('upstream answers that are errors', () => {
  it('a 404 is upstream_client_error with the status, and none of the upstream body, URL or headers', async () => {
    upstream.route((_request, response) => {
      response
        .writeHead(404, { 'content-type': 'application/json', 'x-internal-host': 'db-7.internal' })
        .end('{"error":"no table rates_internal_v2 on db-7.internal"}');
    });
    const outcome = await executor.execute(get('/v1/missing'), {}, context());
    expect(expectError(outcome)).toEqual({
      error_code: 'upstream_client_error',
      message: 'The upstream service refused the request (HTTP 404).',
      stage: 'upstream',
      retryability: 'not_retryable',
      outcome_certainty: 'executed',
      request_id: 'req-1',
      trace_id: TRACE_ID,
      upstream_status: 404,
    });
    const text = JSON.stringify(outcome);
    for (const leak of ['rates_internal_v2', 'db-7.internal', '/v1/missing', String(upstream.port)]) {
      expect(text).not.toContain(leak);
    }
  });

  it('a 401 or 403 is upstream_unauthorized', async () => {
    upstream.route((_request, response) => {
      response.writeHead(403).end('forbidden');
    });
    expect(expectError(await executor.execute(get('/'), {}, context()))).toMatchObject({
      error_code: 'upstream_unauthorized',
      upstream_status: 403,
    });
  });

  it('a 500 to a GET may be retried; to a POST it needs manual reconciliation', async () => {
    upstream.route((_request, response) => {
      response.writeHead(500).end('boom');
    });
    expect(expectError(await executor.execute(get('/'), {}, context()))).toMatchObject({
      error_code: 'upstream_server_error',
      outcome_certainty: 'outcome_unknown',
      retryability: 'retryable',
      upstream_status: 500,
    });
    const post = get('/', { method: 'POST' });
    expect(expectError(await executor.execute(post, {}, context()))).toMatchObject({
      error_code: 'upstream_server_error',
      outcome_certainty: 'outcome_unknown',
      retryability: 'manual_reconcile',
    });
  });

  it('a 429 with Retry-After in seconds gives retry_after_ms; a 503 with an HTTP-date too', async () => {
    upstream.route((request, response) => {
      if (request.url === '/busy') response.writeHead(429, { 'retry-after': '7' }).end();
      else response.writeHead(503, { 'retry-after': new Date(Date.now() + 60_000).toUTCString() }).end();
    });
    expect(expectError(await executor.execute(get('/busy', { method: 'POST' }), {}, context()))).toEqual({
      error_code: 'upstream_rate_limited',
      message: 'The upstream service is rate limiting the gateway (HTTP 429).',
      stage: 'upstream',
      retryability: 'retryable',
      outcome_certainty: 'not_executed',
      request_id: 'req-1',
      trace_id: TRACE_ID,
      retry_after_ms: 7000,
      upstream_status: 429,
    });
    const unavailable = expectError(await executor.execute(get('/down'), {}, context()));
    expect(unavailable).toMatchObject({ error_code: 'upstream_unavailable', retryability: 'retryable' });
    // An HTTP-date has one-second resolution.
    expect(unavailable.retry_after_ms).toBeGreaterThan(55_000);
    expect(unavailable.retry_after_ms).toBeLessThanOrEqual(60_000);
  });

  it('a redirect is not followed: upstream_redirect, and the Location target sees nothing', async () => {
    const target = await startUpstream();
    upstream.route((_request, response) => {
      response.writeHead(302, { location: `${target.origin}/admin` }).end();
    });
    try {
      const outcome = await executor.execute(get('/'), {}, context());
      expect(expectError(outcome)).toMatchObject({
        error_code: 'upstream_redirect',
        upstream_status: 302,
        outcome_certainty: 'executed',
      });
      expect(JSON.stringify(outcome)).not.toContain('/admin');
      expect(target.requests).toEqual([]);
    } finally {
      await target.close();
    }
  });
});

describe('answers that cannot become a result', () => {
  it('a Content-Length over the cap is response_too_large before any body is read', async () => {
    upstream.route((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
      response.end(`"${'x'.repeat(4094)}"`);
    });
    const error = expectError(await executor.execute(get('/', { maxResponseBytes: 1024 }), {}, context()));
    expect(error).toMatchObject({
      error_code: 'response_too_large',
      stage: 'response',
      outcome_certainty: 'executed',
    });
  });

  it('an endless chunked body stops being read at the cap: the gateway hangs up', async () => {
    let written = 0;
    upstream.route((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const pump = () => {
        while (!response.destroyed && response.write('y'.repeat(16 * 1024))) written += 16 * 1024;
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
    });
    const closedBefore = upstream.closedSockets();
    const error = expectError(
      await executor.execute(get('/', { maxResponseBytes: 64 * 1024 }), {}, context()),
    );
    expect(error.error_code).toBe('response_too_large');
    await expect.poll(() => upstream.closedSockets()).toBeGreaterThan(closedBefore);
    expect(written).toBeLessThan(16 * 1024 * 1024);
  });

  it('JSON that does not parse is response_invalid, without the body', async () => {
    upstream.route((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"token": "abc123-leak", oops');
    });
    const outcome = await executor.execute(get('/'), {}, context());
    expect(expectError(outcome)).toMatchObject({
      error_code: 'response_invalid',
      outcome_certainty: 'executed',
    });
    expect(JSON.stringify(outcome)).not.toContain('abc123-leak');
  });

  it('JSON nested past the depth bound is response_invalid rather than a stack overflow later', async () => {
    upstream.route((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    });
    expect(expectError(await executor.execute(get('/'), {}, context())).error_code).toBe('response_invalid');
  });

  it('a compressed answer the gateway did not ask for is response_invalid', async () => {
    upstream.route((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end('xx');
    });
    expect(expectError(await executor.execute(get('/'), {}, context())).error_code).toBe('response_invalid');
  });
});

describe('failures of the connection', () => {
  it('a refused connection is upstream_connect_failed: not executed, safe to retry, even for a POST', async () => {
    const port = await closedPort();
    const binding = testBinding({ method: 'POST', baseUrl: `http://127.0.0.1:${port}`, path: '/' });
    expect(expectError(await executor.execute(binding, {}, context()))).toMatchObject({
      error_code: 'upstream_connect_failed',
      stage: 'dispatch',
      outcome_certainty: 'not_executed',
      retryability: 'retryable',
    });
  });

  it('no answer within the timeout: a GET may be retried, a POST is outcome_unknown and manual_reconcile', async () => {
    upstream.route(() => {}); // never answers
    const getError = expectError(await executor.execute(get('/', { timeoutMs: 300 }), {}, context()));
    expect(getError).toMatchObject({
      error_code: 'upstream_timeout',
      stage: 'upstream',
      outcome_certainty: 'outcome_unknown',
      retryability: 'retryable',
    });
    const postError = expectError(
      await executor.execute(get('/', { method: 'POST', timeoutMs: 300 }), {}, context()),
    );
    expect(postError).toMatchObject({
      error_code: 'upstream_timeout',
      outcome_certainty: 'outcome_unknown',
      retryability: 'manual_reconcile',
    });
    expect(upstream.requests.map((request) => request.method)).toEqual(['GET', 'POST']);
  });

  it('a body that stalls after a 2xx status is response_timeout: executed; a POST needs reconciling', async () => {
    upstream.route((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"partial":'); // and nothing more
    });
    expect(
      expectError(await executor.execute(get('/', { method: 'PATCH', timeoutMs: 300 }), {}, context())),
    ).toMatchObject({
      error_code: 'response_timeout',
      stage: 'response',
      outcome_certainty: 'executed',
      retryability: 'manual_reconcile',
    });
  });

  it('a connection reset after the request was sent: a POST is outcome_unknown + manual_reconcile, a GET retryable', async () => {
    upstream.route((_request, _response, socket) => {
      socket.destroy();
    });
    expect(expectError(await executor.execute(get('/', { method: 'POST' }), {}, context()))).toMatchObject({
      error_code: 'upstream_connection_lost',
      stage: 'upstream',
      outcome_certainty: 'outcome_unknown',
      retryability: 'manual_reconcile',
    });
    expect(expectError(await executor.execute(get('/'), {}, context()))).toMatchObject({
      error_code: 'upstream_connection_lost',
      retryability: 'retryable',
    });
  });

  it('a reset in the middle of a 2xx body is response_interrupted', async () => {
    upstream.route((_request, response, socket) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"a":', () => setImmediate(() => socket.destroy()));
    });
    expect(expectError(await executor.execute(get('/', { method: 'POST' }), {}, context()))).toMatchObject({
      error_code: 'response_interrupted',
      stage: 'response',
      outcome_certainty: 'executed',
      retryability: 'manual_reconcile',
    });
  });

  it('a cancelled call is call_cancelled; once sent, its outcome is unknown', async () => {
    upstream.route(() => {});
    const controller = new AbortController();
    const pending = executor.execute(
      get('/', { method: 'POST' }),
      {},
      context({ signal: controller.signal }),
    );
    await expect.poll(() => upstream.requests.length).toBe(1);
    controller.abort();
    expect(expectError(await pending)).toMatchObject({
      error_code: 'call_cancelled',
      outcome_certainty: 'outcome_unknown',
      retryability: 'manual_reconcile',
    });
    const aborted = AbortSignal.abort();
    expect(expectError(await executor.execute(get('/'), {}, context({ signal: aborted })))).toMatchObject({
      error_code: 'call_cancelled',
      outcome_certainty: 'not_executed',
      retryability: 'retryable',
    });
  });
});

describe('the executor', () => {
  it('refuses bad limits naming the option', () => {
    expect(() => createExecutor({ allowList: () => [], limits: { maxTextBytes: Number.NaN } })).toThrow(
      /limits\.maxTextBytes must be a positive integer/,
    );
    expect(() => createExecutor({ allowList: undefined as never })).toThrow(/allowList must be a function/);
  });

  it('a failing allow-list lookup is an internal tool error, not a rejection', async () => {
    const broken = createExecutor({
      allowList: () => {
        throw new Error('database is down: password=hunter2');
      },
    });
    const outcome = await broken.execute(get('/'), {}, context());
    expect(expectError(outcome)).toMatchObject({ error_code: 'internal', outcome_certainty: 'not_executed' });
    expect(JSON.stringify(expectError(outcome))).not.toContain('hunter2');
    await broken.close();
  });

  it('after close, calls are refused without reaching the upstream', async () => {
    const closing = createExecutor({ allowList: () => hosts });
    await closing.close();
    expect(expectError(await closing.execute(get('/'), {}, context())).error_code).toBe('internal');
    expect(upstream.requests).toEqual([]);
  });
});

describe('the idempotency header', () => {
  it("sends the call's idempotency key in the binding's header, and nothing when either is absent", async () => {
    upstream.route((_request, response) => {
      response.writeHead(201, { 'content-type': 'application/json' }).end('{}');
    });
    const binding = testBinding({
      method: 'POST',
      baseUrl: upstream.origin,
      path: '/orders',
      idempotency: { header: 'Idempotency-Key' },
    });
    expectResult(await executor.execute(binding, {}, context({ idempotencyKey: 'mcpforge-approval_1' })));
    expectResult(await executor.execute(binding, {}, context()));
    const plain = testBinding({ method: 'POST', baseUrl: upstream.origin, path: '/orders' });
    expectResult(await executor.execute(plain, {}, context({ idempotencyKey: 'mcpforge-approval_2' })));
    expect(upstream.requests.map((request) => request.headers['idempotency-key'])).toEqual([
      'mcpforge-approval_1',
      undefined,
      undefined,
    ]);
  });
});
