// biome-ignore-all lint/suspicious/noTemplateCurlyInString: bindings hold the literal ${VAR} syntax
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readOperationDefinition } from '../catalog/operation-definition.js';
import { GatewayError } from '../errors/gateway-error.js';
import { allowEntry, testBinding } from '../test-support/execute-fixtures.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';
import { type CallContext, createExecutor, type ExecuteOutcome, type Executor } from './executor.js';

/** The binding's cookie arguments, object query styles and static query, through a real exchange. */

const context: CallContext = {
  workspaceId: 'ws-1',
  requestId: 'req-1',
  traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
};

let upstream: TestUpstream;
let executor: Executor;

beforeAll(async () => {
  upstream = await startUpstream();
  const hosts = [allowEntry('127.0.0.1', { allowLoopback: true })];
  executor = createExecutor({
    allowList: () => hosts,
    env: { MCPFORGE_SECRET_PETS_KEY: 'k=1&x', MCPFORGE_SECRET_SESSION: 's3cr3t' },
  });
});
afterAll(async () => {
  await executor.close();
  await upstream.close();
});
afterEach(() => {
  upstream.requests.length = 0;
});

function get(path: string, more: Record<string, unknown>) {
  return testBinding({ method: 'GET', baseUrl: upstream.origin, path, timeoutMs: 5000, ...more });
}

function expectOk(outcome: ExecuteOutcome): void {
  if (!outcome.ok)
    throw new Error(`expected a result, got ${outcome.error.error_code} (${outcome.diagnostic})`);
}

describe('cookie arguments', () => {
  it('go into one cookie header after a static one, encoded so a value cannot add a cookie', async () => {
    const binding = get('/c', {
      arguments: { a: { in: 'cookie', name: 'alpha' }, b: { in: 'cookie', name: 'beta' } },
      headers: { cookie: 'session=${MCPFORGE_SECRET_SESSION}' },
    });
    expectOk(await executor.execute(binding, { a: 'x; admin=1', b: [1, 2] }, context));
    expect(upstream.requests[0]?.headers['cookie']).toBe('session=s3cr3t; alpha=x%3B%20admin=1; beta=1,2');
  });

  it('are left out when absent; an object is refused before anything is sent', async () => {
    const binding = get('/c', { arguments: { a: { in: 'cookie' } } });
    expectOk(await executor.execute(binding, {}, context));
    expect(upstream.requests[0]?.headers['cookie']).toBeUndefined();
    const refused = await executor.execute(binding, { a: { k: 1 } }, context);
    expect(refused.ok ? undefined : refused.error.error_code).toBe('argument_not_sendable');
    expect(upstream.requests).toHaveLength(1);
  });

  it('need a cookie-name token', () => {
    expect(() => get('/c', { arguments: { a: { in: 'cookie', name: 'a b' } } })).toThrow(GatewayError);
  });
});

describe('object query values', () => {
  const args = { color: { R: 100, G: 'a&b' } };
  it('flat writes each member as its own parameter (form, explode)', async () => {
    expectOk(
      await executor.execute(
        get('/q', { arguments: { color: { in: 'query', arrayStyle: 'flat' } } }),
        args,
        context,
      ),
    );
    expect(upstream.requests[0]?.url).toBe('/q?R=100&G=a%26b');
  });
  it('deep writes name[member] (deepObject)', async () => {
    expectOk(
      await executor.execute(
        get('/q', { arguments: { color: { in: 'query', arrayStyle: 'deep' } } }),
        args,
        context,
      ),
    );
    expect(upstream.requests[0]?.url).toBe('/q?color%5BR%5D=100&color%5BG%5D=a%26b');
  });
  it('comma writes name=k,v,k,v (form, no explode)', async () => {
    expectOk(
      await executor.execute(
        get('/q', { arguments: { color: { in: 'query', arrayStyle: 'comma' } } }),
        args,
        context,
      ),
    );
    expect(upstream.requests[0]?.url).toBe('/q?color=R,100,G,a%26b');
  });
  it('repeat, space and pipe refuse an object; deep refuses an array; flat writes an array as repeat', async () => {
    for (const arrayStyle of ['repeat', 'space', 'pipe']) {
      const outcome = await executor.execute(
        get('/q', { arguments: { color: { in: 'query', arrayStyle } } }),
        args,
        context,
      );
      expect(outcome.ok ? undefined : outcome.error.error_code).toBe('argument_not_sendable');
    }
    const deep = await executor.execute(
      get('/q', { arguments: { c: { in: 'query', arrayStyle: 'deep' } } }),
      { c: [1] },
      context,
    );
    expect(deep.ok ? undefined : deep.error.error_code).toBe('argument_not_sendable');
    expect(upstream.requests).toHaveLength(0);
    expectOk(
      await executor.execute(
        get('/q', { arguments: { c: { in: 'query', arrayStyle: 'flat' } } }),
        { c: [1, 2] },
        context,
      ),
    );
    expect(upstream.requests[0]?.url).toBe('/q?c=1&c=2');
  });
});

describe('static query parameters', () => {
  it('resolve ${VAR} at call time, encoded, before the arguments', async () => {
    const binding = get('/s', {
      arguments: { q: { in: 'query' } },
      query: { api_key: '${MCPFORGE_SECRET_PETS_KEY}' },
    });
    expect(binding.query).toEqual({ api_key: '${MCPFORGE_SECRET_PETS_KEY}' });
    expectOk(await executor.execute(binding, { q: 'x' }, context));
    expect(upstream.requests[0]?.url).toBe('/s?api_key=k%3D1%26x&q=x');
  });

  it('an unset variable refuses the call as upstream_credential_unavailable, naming it', async () => {
    const outcome = await executor.execute(
      get('/s', { query: { key: '${MCPFORGE_SECRET_NOT_SET}' } }),
      {},
      context,
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.error_code).toBe('upstream_credential_unavailable');
      expect(outcome.diagnostic).toContain('MCPFORGE_SECRET_NOT_SET');
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuse a literal credential and are left out of the definition when empty', () => {
    expect(() => get('/s', { query: { api_key: 'literal' } })).toThrow(/credential/);
    expect(() => get('/s', { query: { token: 'literal' } })).toThrow(/credential/);
    expect('query' in get('/s', { query: {} })).toBe(false);
    expect(get('/s', { query: { page: '1' } }).query).toEqual({ page: '1' });
  });
});

describe('a path argument value holding ../ and /', () => {
  it('stays inside its segment: the upstream sees one encoded segment, never another resource', async () => {
    const definition = readOperationDefinition({
      name: 'get_pet',
      description: 'Gets a pet.',
      inputSchema: { type: 'object', properties: { petId: { type: 'string' } }, required: ['petId'] },
      binding: {
        method: 'GET',
        baseUrl: `${upstream.origin}/v1`,
        path: '/pets/{petId}',
        arguments: { petId: { in: 'path' } },
        timeoutMs: 5000,
      },
    });
    expectOk(await executor.execute(definition.binding, { petId: '../../admin/x' }, context));
    expectOk(await executor.execute(definition.binding, { petId: '/etc/passwd' }, context));
    expect(upstream.requests.map((request) => request.url)).toEqual([
      '/v1/pets/..%2F..%2Fadmin%2Fx',
      '/v1/pets/%2Fetc%2Fpasswd',
    ]);
    const dots = await executor.execute(definition.binding, { petId: '..' }, context);
    expect(dots.ok ? undefined : dots.error.error_code).toBe('argument_not_sendable');
    expect(upstream.requests).toHaveLength(2);
  });
});

describe('a payload argument', () => {
  function post(placements: Record<string, unknown>) {
    return testBinding({
      method: 'POST',
      baseUrl: upstream.origin,
      path: '/p',
      timeoutMs: 5000,
      arguments: placements,
    });
  }

  it('is the whole JSON body (an array or a scalar); absent, no body is sent', async () => {
    const binding = post({ items: { in: 'payload' } });
    expect(binding.arguments['items']).toEqual({ in: 'payload', name: 'items' });
    expectOk(await executor.execute(binding, { items: ['a', { b: 1 }] }, context));
    expectOk(await executor.execute(binding, { items: 'plain' }, context));
    expectOk(await executor.execute(binding, {}, context));
    expect(upstream.requests.map((request) => [request.headers['content-type'], request.body])).toEqual([
      ['application/json', '["a",{"b":1}]'],
      ['application/json', '"plain"'],
      [undefined, ''],
    ]);
  });

  it('is alone in the body, never on a GET, and has no name of its own', () => {
    expect(() => post({ a: { in: 'payload' }, b: { in: 'body' } })).toThrow(/whole body/);
    expect(() => post({ a: { in: 'payload' }, b: { in: 'payload' } })).toThrow(/whole body/);
    expect(() => get('/p', { arguments: { a: { in: 'payload' } } })).toThrow(/GET request has no body/);
    expect(() => post({ a: { in: 'payload', name: 'other' } })).toThrow(/no name of its own/);
  });
});
