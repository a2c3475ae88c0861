import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UpstreamHost } from '../catalog/upstream-hosts-table.js';
import { allowEntry, testBinding } from '../test-support/execute-fixtures.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';
import { type CallContext, createExecutor, type ExecuteOutcome, type Executor } from './executor.js';

const context = (workspaceId = 'ws-1'): CallContext => ({
  workspaceId,
  requestId: 'req-ssrf',
  traceId: '0af7651916cd43dd8448eb211c80319c',
});

let upstream: TestUpstream;
const opened: Executor[] = [];

/** An executor whose every workspace has `hosts` as its allow-list. */
function executorFor(hosts: UpstreamHost[], lookup?: LookupFunction): Executor {
  const executor = createExecutor({ allowList: () => hosts, env: {}, lookup });
  opened.push(executor);
  return executor;
}

beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  await Promise.all(opened.map((executor) => executor.close()));
  await upstream.close();
});
afterEach(() => {
  upstream.requests.length = 0;
});

function errorOf(outcome: ExecuteOutcome) {
  if (outcome.ok) throw new Error('expected a tool error, got a result');
  return outcome.error;
}

const refused = {
  error_code: 'upstream_address_refused',
  stage: 'dispatch',
  outcome_certainty: 'not_executed',
  retryability: 'not_retryable',
};

describe('the allow-list', () => {
  it("refuses a host that is not on the workspace's allow-list, before connecting", async () => {
    const executor = executorFor([allowEntry('api.example.com')]);
    const binding = testBinding({ method: 'GET', baseUrl: upstream.origin, path: '/' });
    expect(errorOf(await executor.execute(binding, {}, context()))).toMatchObject({
      error_code: 'upstream_host_not_allowed',
      stage: 'authorize',
      outcome_certainty: 'not_executed',
    });
    expect(upstream.requests).toEqual([]);
  });

  it('a listed loopback literal is still refused without allowLoopback', async () => {
    const executor = executorFor([allowEntry('127.0.0.1')]);
    const binding = testBinding({ method: 'GET', baseUrl: upstream.origin, path: '/' });
    expect(errorOf(await executor.execute(binding, {}, context()))).toMatchObject(refused);
    expect(upstream.requests).toEqual([]);
  });

  it('refuses private, metadata and IPv4-mapped literals that are listed without their flag', async () => {
    const cases: [string, string, Partial<UpstreamHost>][] = [
      ['http://10.1.2.3', '10.1.2.3', { allowLoopback: true, allowLinkLocal: true }],
      ['http://192.168.0.10:8080', '192.168.0.10', {}],
      ['http://100.64.0.1', '100.64.0.1', { allowLoopback: true }],
      // Metadata services count as link-local, even with every other flag on.
      ['http://169.254.169.254', '169.254.169.254', { allowLoopback: true, allowPrivate: true }],
      ['http://[fd00:ec2::254]', '[fd00:ec2::254]', { allowLoopback: true, allowPrivate: true }],
      [`http://[::ffff:127.0.0.1]:${upstream.port}`, '[::ffff:7f00:1]', {}],
      ['http://[::ffff:10.0.0.1]', '[::ffff:a00:1]', { allowLoopback: true }],
      ['http://0.0.0.0', '0.0.0.0', { allowLoopback: true, allowPrivate: true, allowLinkLocal: true }],
    ];
    for (const [baseUrl, pattern, flags] of cases) {
      const executor = executorFor([allowEntry(pattern, flags)]);
      const binding = testBinding({ method: 'GET', baseUrl, path: '/', timeoutMs: 2000 });
      expect({ baseUrl, error: errorOf(await executor.execute(binding, {}, context())) }).toMatchObject({
        baseUrl,
        error: refused,
      });
    }
    expect(upstream.requests).toEqual([]);
  });

  it('a DNS name that resolves to loopback (localhost) is refused unless the entry allows loopback', async () => {
    const binding = testBinding({ method: 'GET', baseUrl: `http://localhost:${upstream.port}`, path: '/' });
    const strict = executorFor([allowEntry('localhost')]);
    const outcome = await strict.execute(binding, {}, context());
    expect(errorOf(outcome)).toMatchObject(refused);
    expect(outcome.ok ? '' : outcome.diagnostic).toMatch(/localhost resolves to a loopback address/);
    expect(upstream.requests).toEqual([]);

    const trusting = executorFor([allowEntry('localhost', { allowLoopback: true })]);
    expect((await trusting.execute(binding, {}, context())).ok).toBe(true);
    expect(upstream.requests).toHaveLength(1);
  });

  it('workspaces with different flags for one origin never share a pooled connection', async () => {
    const binding = testBinding({ method: 'GET', baseUrl: upstream.origin, path: '/' });
    const byWorkspace: Record<string, UpstreamHost[]> = {
      trusting: [allowEntry('127.0.0.1', { allowLoopback: true })],
      strict: [allowEntry('127.0.0.1')],
    };
    const executor = createExecutor({ allowList: (workspace) => byWorkspace[workspace] ?? [], env: {} });
    opened.push(executor);
    expect((await executor.execute(binding, {}, context('trusting'))).ok).toBe(true);
    // The trusting workspace's keep-alive socket to 127.0.0.1 is open now.
    expect(errorOf(await executor.execute(binding, {}, context('strict')))).toMatchObject(refused);
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('the check at connect time', () => {
  /**
   * No real name answers differently on each query, so these tests inject the resolver (the
   * executor's `lookup` option, which the SSRF guard wraps like the system's `dns.lookup`).
   */
  function scriptedLookup(answers: LookupAddress[][]): { lookup: LookupFunction; calls: () => number } {
    let calls = 0;
    const lookup: LookupFunction = (_hostname, options, callback) => {
      const answer = answers[Math.min(calls, answers.length - 1)] ?? [];
      calls++;
      if (options.all === true) callback(null, answer);
      else callback(null, answer[0]?.address ?? '', answer[0]?.family ?? 4);
    };
    return { lookup, calls: () => calls };
  }

  it('DNS rebinding gains nothing: each new connection checks the address it resolved and connects to', async () => {
    // A name that first answers an allowed address, then one that is always refused (0.0.0.0
    // reaches the local host on Linux). The upstream closes every connection, so each call
    // resolves again.
    upstream.route((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', connection: 'close' }).end('{"n":1}');
    });
    const { lookup, calls } = scriptedLookup([
      [{ address: '127.0.0.1', family: 4 }],
      [{ address: '0.0.0.0', family: 4 }],
    ]);
    const executor = executorFor([allowEntry('rebind.test', { allowLoopback: true })], lookup);
    const binding = testBinding({ method: 'GET', baseUrl: `http://rebind.test:${upstream.port}`, path: '/' });
    expect((await executor.execute(binding, {}, context())).ok).toBe(true);
    expect(errorOf(await executor.execute(binding, {}, context()))).toMatchObject(refused);
    expect(calls()).toBe(2);
    expect(upstream.requests).toHaveLength(1);
  });

  it('every address of an answer is checked: one private address among allowed ones refuses the name', async () => {
    const { lookup } = scriptedLookup([
      [
        { address: '127.0.0.1', family: 4 },
        { address: '10.9.8.7', family: 4 },
      ],
    ]);
    const executor = executorFor([allowEntry('mixed.test', { allowLoopback: true })], lookup);
    const binding = testBinding({ method: 'GET', baseUrl: `http://mixed.test:${upstream.port}`, path: '/' });
    expect(errorOf(await executor.execute(binding, {}, context()))).toMatchObject(refused);
    expect(upstream.requests).toEqual([]);
  });

  it('an IPv4-mapped IPv6 answer is judged by its IPv4 address', async () => {
    const { lookup } = scriptedLookup([[{ address: '::ffff:169.254.169.254', family: 6 }]]);
    const executor = executorFor(
      [allowEntry('mapped.test', { allowLoopback: true, allowPrivate: true })],
      lookup,
    );
    const binding = testBinding({ method: 'GET', baseUrl: 'http://mapped.test', path: '/' });
    expect(errorOf(await executor.execute(binding, {}, context()))).toMatchObject(refused);
  });

  it('a name that does not resolve is upstream_dns_failed, not executed', async () => {
    const executor = executorFor([allowEntry('*.invalid')], dnsLookup as LookupFunction);
    const binding = testBinding({ method: 'POST', baseUrl: 'http://no-such-host.invalid', path: '/' });
    expect(errorOf(await executor.execute(binding, {}, context()))).toMatchObject({
      error_code: 'upstream_dns_failed',
      outcome_certainty: 'not_executed',
      retryability: 'retryable',
    });
  });
});

describe('path arguments', () => {
  const binding = () =>
    testBinding({
      method: 'GET',
      baseUrl: `${upstream.origin}/api`,
      path: '/files/{name}',
      arguments: { name: { in: 'path' } },
    });

  it("refuses '.', '..' and empty as a whole segment value: nothing is sent", async () => {
    const executor = executorFor([allowEntry('127.0.0.1', { allowLoopback: true })]);
    for (const name of ['..', '.', '']) {
      expect(errorOf(await executor.execute(binding(), { name }, context()))).toMatchObject({
        error_code: 'argument_not_sendable',
        stage: 'validate',
        outcome_certainty: 'not_executed',
        argument: 'name',
      });
    }
    expect(upstream.requests).toEqual([]);
  });

  it('a traversal inside a value stays inside its segment', async () => {
    const executor = executorFor([allowEntry('127.0.0.1', { allowLoopback: true })]);
    for (const name of ['../../admin', '..%2F..%2Fadmin', '..\\admin', 'a?b=1#c']) {
      expect((await executor.execute(binding(), { name }, context())).ok).toBe(true);
    }
    expect(upstream.requests.map((request) => request.url)).toEqual([
      '/api/files/..%2F..%2Fadmin',
      '/api/files/..%252F..%252Fadmin',
      '/api/files/..%5Cadmin',
      '/api/files/a%3Fb%3D1%23c',
    ]);
  });
});

describe('redirects', () => {
  it('a redirect to a private host is not followed', async () => {
    upstream.route((_request, response) => {
      response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    });
    const executor = executorFor([allowEntry('127.0.0.1', { allowLoopback: true })]);
    const binding = testBinding({ method: 'GET', baseUrl: upstream.origin, path: '/' });
    const outcome = await executor.execute(binding, {}, context());
    expect(errorOf(outcome)).toMatchObject({ error_code: 'upstream_redirect', upstream_status: 307 });
    expect(JSON.stringify(outcome)).not.toContain('169.254');
    expect(upstream.requests).toHaveLength(1);
  });
});
