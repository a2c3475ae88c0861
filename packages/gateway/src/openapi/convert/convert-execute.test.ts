// biome-ignore-all lint/suspicious/noTemplateCurlyInString: bindings hold the literal ${VAR} syntax
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readOperationDefinition } from '../../catalog/operation-definition.js';
import {
  type CallContext,
  createExecutor,
  type ExecuteOutcome,
  type Executor,
} from '../../execute/executor.js';
import { allowEntry } from '../../test-support/execute-fixtures.js';
import { startUpstream, type TestUpstream } from '../../test-support/upstream-server.js';
import { convertDocument } from './convert-document.js';
import type { ImportPlan } from './import-plan.js';

/** Imported operations run through the real executor against a local upstream. */

const context: CallContext = {
  workspaceId: 'ws',
  requestId: 'r',
  traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
};
const ok = { responses: { '200': { description: 'ok' } } };
let upstream: TestUpstream;
let executor: Executor;

beforeAll(async () => {
  upstream = await startUpstream();
  const hosts = [allowEntry('127.0.0.1', { allowLoopback: true })];
  executor = createExecutor({
    allowList: () => hosts,
    env: {
      MCPFORGE_SECRET_PETS_API_KEY: 'from-env',
      MCPFORGE_SECRET_PETS_BEARER: 'tok',
      MCPFORGE_SECRET_PETS_SESSION: 'c00kie',
    },
  });
});
afterAll(async () => {
  await executor.close();
  await upstream.close();
});
afterEach(() => {
  upstream.requests.length = 0;
});

function plan(paths: Record<string, unknown>, more: Record<string, unknown> = {}): ImportPlan {
  return convertDocument({
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1' },
    servers: [{ url: `${upstream.origin}/v1` }],
    paths,
    ...more,
  });
}

async function call(
  imported: ImportPlan,
  name: string,
  args: Record<string, unknown>,
): Promise<ExecuteOutcome> {
  const operation = imported.operations.find((candidate) => candidate.draft['name'] === name);
  if (operation === undefined) throw new Error(`no operation ${name}: ${JSON.stringify(imported.skipped)}`);
  return executor.execute(readOperationDefinition(operation.draft).binding, args, context);
}

function expectOk(outcome: ExecuteOutcome): void {
  if (!outcome.ok)
    throw new Error(`expected a result, got ${outcome.error.error_code} (${outcome.diagnostic})`);
}

describe('a path parameter value with ../ and /', () => {
  it('stays inside its segment of the imported path, and a bare .. is refused', async () => {
    const imported = plan({
      '/pets/{petId}/photos': {
        get: {
          operationId: 'photos',
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          ...ok,
        },
      },
    });
    expectOk(await call(imported, 'photos', { petId: '../../admin' }));
    expectOk(await call(imported, 'photos', { petId: 'a/b?c=d#e' }));
    expect(upstream.requests.map((request) => request.url)).toEqual([
      '/v1/pets/..%2F..%2Fadmin/photos',
      '/v1/pets/a%2Fb%3Fc%3Dd%23e/photos',
    ]);
    const refused = await call(imported, 'photos', { petId: '..' });
    expect(refused.ok ? undefined : refused.error.error_code).toBe('argument_not_sendable');
    expect(upstream.requests).toHaveLength(2);
  });
});

describe('array query parameters in each style', () => {
  it('form (explode and not), spaceDelimited, pipeDelimited and deepObject reach the upstream as OpenAPI says', async () => {
    const array = { type: 'array', items: { type: 'string' } };
    const imported = plan({
      '/search': {
        get: {
          operationId: 'search',
          parameters: [
            { name: 'exploded', in: 'query', schema: array },
            { name: 'csv', in: 'query', style: 'form', explode: false, schema: array },
            { name: 'ssv', in: 'query', style: 'spaceDelimited', explode: false, schema: array },
            { name: 'pipes', in: 'query', style: 'pipeDelimited', explode: false, schema: array },
            {
              name: 'filter',
              in: 'query',
              style: 'deepObject',
              explode: true,
              schema: { type: 'object', properties: { kind: { type: 'string' }, age: { type: 'integer' } } },
            },
            {
              name: 'point',
              in: 'query',
              schema: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } } },
            },
          ],
          ...ok,
        },
      },
    });
    expectOk(
      await call(imported, 'search', {
        exploded: ['a', 'b c'],
        csv: ['a', 'b,c'],
        ssv: ['a', 'b'],
        pipes: ['a', 'b|c'],
        filter: { kind: 'cat', age: 3 },
        point: { x: 1, y: 2 },
      }),
    );
    expect(upstream.requests[0]?.url).toBe(
      '/v1/search?exploded=a&exploded=b%20c&csv=a,b%2Cc&ssv=a%20b&pipes=a|b%7Cc&filter%5Bkind%5D=cat&filter%5Bage%5D=3&x=1&y=2',
    );
  });
});

describe('a security scheme', () => {
  const schemes = {
    components: {
      securitySchemes: {
        // Values in the document (examples, defaults, descriptions) are never used as secrets.
        api_key: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'use sk_live_FROM_SPEC',
          'x-default': 'sk_live_FROM_SPEC',
        },
        bearer: { type: 'http', scheme: 'bearer' },
        session: { type: 'apiKey', in: 'cookie', name: 'sid' },
        query_key: { type: 'apiKey', in: 'query', name: 'key' },
      },
    },
  };
  const parameters = [
    { name: 'X-API-Key', in: 'header', schema: { type: 'string', default: 'sk_live_FROM_SPEC' } },
  ];

  it('the secret comes only from the environment: ${VAR} in the binding, the value at call time', async () => {
    const imported = plan(
      {
        '/a': { get: { operationId: 'a', parameters, ...ok } },
        '/b': { get: { operationId: 'b', security: [{ bearer: [], session: [] }], ...ok } },
        '/c': {
          get: {
            operationId: 'c',
            security: [{ query_key: [] }],
            parameters: [
              { name: 'key', in: 'query', schema: { type: 'string', example: 'sk_live_FROM_SPEC' } },
            ],
            ...ok,
          },
        },
        '/d': { get: { operationId: 'd', security: [{}], ...ok } },
      },
      { ...schemes, security: [{ api_key: [] }] },
    );
    const bindings = imported.operations.map(
      (operation) => operation.draft['binding'] as Record<string, unknown>,
    );
    expect(bindings.map((binding) => binding['headers'])).toEqual([
      { 'x-api-key': '${MCPFORGE_SECRET_PETS_API_KEY}' },
      {
        authorization: 'Bearer ${MCPFORGE_SECRET_PETS_BEARER}',
        cookie: 'sid=${MCPFORGE_SECRET_PETS_SESSION}',
      },
      {},
      {},
    ]);
    expect(bindings[2]?.['query']).toEqual({ key: '${MCPFORGE_SECRET_PETS_QUERY_KEY}' });
    expect(imported.operations[2]?.draft['inputSchema']).toMatchObject({ properties: {} });
    // The header parameter of the same name is the scheme's: left out of the tool's input.
    expect(imported.operations[0]?.draft['inputSchema']).toMatchObject({ properties: {} });
    expect(JSON.stringify(imported)).not.toContain('sk_live_FROM_SPEC');
    expect(imported.secrets).toEqual([
      { variable: 'MCPFORGE_SECRET_PETS_API_KEY', scheme: 'api_key', in: 'header', name: 'x-api-key' },
      { variable: 'MCPFORGE_SECRET_PETS_BEARER', scheme: 'bearer', in: 'header', name: 'authorization' },
      { variable: 'MCPFORGE_SECRET_PETS_SESSION', scheme: 'session', in: 'cookie', name: 'sid' },
      { variable: 'MCPFORGE_SECRET_PETS_QUERY_KEY', scheme: 'query_key', in: 'query', name: 'key' },
    ]);

    expectOk(await call(imported, 'a', {}));
    expectOk(await call(imported, 'b', {}));
    expect(upstream.requests[0]?.headers['x-api-key']).toBe('from-env');
    expect(upstream.requests[1]?.headers['authorization']).toBe('Bearer tok');
    expect(upstream.requests[1]?.headers['cookie']).toBe('sid=c00kie');
    // MCPFORGE_SECRET_PETS_QUERY_KEY is not set: refused before anything is sent, naming the variable.
    const missing = await call(imported, 'c', {});
    expect(missing.ok ? undefined : [missing.error.error_code, missing.diagnostic]).toEqual([
      'upstream_credential_unavailable',
      "environment variable MCPFORGE_SECRET_PETS_QUERY_KEY (query 'key') is not set",
    ]);
    expect(upstream.requests).toHaveLength(2);
  });
});
