// biome-ignore-all lint/suspicious/noTemplateCurlyInString: documents and bindings hold literal template syntax
import { describe, expect, it } from 'vitest';
import { readOperationDefinition } from '../../catalog/operation-definition.js';
import { convertDocument } from './convert-document.js';
import type { ImportPlan, PlannedOperation } from './import-plan.js';

/** Small documents written for one rule each; the real documents are in oas-examples.test.ts. */

function openapi(
  paths: Record<string, unknown>,
  more: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1' },
    servers: [{ url: 'https://api.pets.test/v1' }],
    paths,
    ...more,
  };
}

function only(plan: ImportPlan): PlannedOperation {
  expect(plan.skipped).toEqual([]);
  expect(plan.operations).toHaveLength(1);
  return plan.operations[0] as PlannedOperation;
}

const ok = { responses: { '200': { description: 'ok' } } };

describe('names', () => {
  it('an operationId of 200 characters becomes a 64-character name with a stable hash suffix', () => {
    const plan = convertDocument(openapi({ '/a': { get: { operationId: 'x'.repeat(200), ...ok } } }));
    const name = String(only(plan).draft['name']);
    expect(name).toMatch(/^x{57}_[0-9a-f]{6}$/);
    expect(only(plan).slug.length).toBeLessThanOrEqual(64);
    expect(
      convertDocument(openapi({ '/a': { get: { operationId: 'x'.repeat(200), ...ok } } })).operations[0]
        ?.draft['name'],
    ).toBe(name);
  });

  it('two operations whose names collide after sanitising both get a suffix, unique and independent of order', () => {
    const a = { get: { operationId: 'list pets', ...ok } };
    const b = { get: { operationId: 'list.pets', ...ok } };
    const plan = convertDocument(openapi({ '/a': a, '/b': b }));
    const reversed = convertDocument(openapi({ '/b': b, '/a': a }));
    const names = plan.operations.map((operation) => String(operation.draft['name']));
    expect(names[0]).toMatch(/^list_pets_[0-9a-f]{6}$/);
    expect(names[1]).toMatch(/^list_pets_[0-9a-f]{6}$/);
    expect(names[0]).not.toBe(names[1]);
    const byKey = (p: ImportPlan) => Object.fromEntries(p.operations.map((o) => [o.key, o.draft['name']]));
    expect(byKey(reversed)).toEqual(byKey(plan));
  });

  it('without operationId: method and path; x-mcpforge-tool-name overrides; x-mcpforge-hidden skips', () => {
    const plan = convertDocument(
      openapi({
        '/pets/{petId}': {
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          get: ok,
          put: { operationId: 'replacePet', 'x-mcpforge-tool-name': 'pets.replace', ...ok },
          delete: { operationId: 'deletePet', 'x-mcpforge-hidden': true, ...ok },
        },
      }),
    );
    expect(plan.operations.map((operation) => operation.draft['name'])).toEqual([
      'get_pets_petId',
      'pets_replace',
    ]);
    expect(plan.skipped).toEqual([
      { key: 'DELETE /pets/{petId}', operationId: 'deletePet', reason: 'x-mcpforge-hidden is true' },
    ]);
  });
});

describe('descriptions containing {{ }}, ${ } and HTML', () => {
  it('are kept as inert text (HTML stripped) and never reach a header or URL template', () => {
    const plan = convertDocument(
      openapi({
        '/a': {
          get: {
            summary: 'Get ${SECRET} {{ user.token }}',
            description:
              '<p>Reads <b>${AWS_SECRET_ACCESS_KEY}</b> and {{ env "X" }}</p><img src=x onerror=alert(1)>',
            parameters: [
              {
                name: 'q',
                in: 'query',
                description: '${HOME}',
                schema: { type: 'string', default: '${PATH}' },
              },
            ],
            ...ok,
          },
        },
      }),
    );
    const draft = only(plan).draft;
    expect(draft['title']).toBe('Get ${SECRET} {{ user.token }}');
    expect(draft['description']).toBe('Reads ${AWS_SECRET_ACCESS_KEY} and {{ env "X" }}');
    const binding = draft['binding'] as Record<string, unknown>;
    expect(binding['headers']).toEqual({});
    expect(JSON.stringify(binding)).not.toContain('${');
    expect(plan.secrets).toEqual([]);
    expect(readOperationDefinition(draft).description).toContain('${AWS_SECRET_ACCESS_KEY}');
  });
});

describe('the input schema', () => {
  it('merges parameters and an object body into one flat object; a body member colliding with a parameter becomes body_<name>', () => {
    const plan = convertDocument(
      openapi({
        '/pets/{id}': {
          post: {
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
              { name: 'id', in: 'query', schema: { type: 'string' } },
              { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
              { name: 'session', in: 'cookie', schema: { type: 'string' } },
              { name: 'Accept', in: 'header', schema: { type: 'string' } },
            ],
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['name', 'id'],
                    properties: {
                      id: { type: 'integer', readOnly: true },
                      name: { type: 'string' },
                      'X-Trace': { type: 'string' },
                    },
                  },
                },
              },
            },
            ...ok,
          },
        },
      }),
      { approval: 'none' },
    );
    const draft = only(plan).draft;
    expect(draft['inputSchema']).toEqual({
      type: 'object',
      properties: {
        id: { type: 'integer' },
        query_id: { type: 'string' },
        'X-Trace': { type: 'string' },
        session: { type: 'string' },
        name: { type: 'string' },
        'body_X-Trace': { type: 'string' },
      },
      required: ['id', 'name'],
      additionalProperties: false,
    });
    expect((draft['binding'] as Record<string, unknown>)['arguments']).toEqual({
      id: { in: 'path', name: 'id' },
      query_id: { in: 'query', name: 'id', arrayStyle: 'repeat' },
      'X-Trace': { in: 'header', name: 'x-trace' },
      session: { in: 'cookie', name: 'session' },
      name: { in: 'body', name: 'name' },
      'body_X-Trace': { in: 'body', name: 'X-Trace' },
    });
    expect(draft['approval']).toBe('none');
  });

  it('an array body is one `body` argument sent as the whole body; path placeholders are renamed', () => {
    const plan = convertDocument(
      openapi({
        '/lists/{list-id}': {
          put: {
            parameters: [{ name: 'list-id', in: 'path', required: true, schema: { type: 'string' } }],
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
            },
            ...ok,
          },
        },
      }),
    );
    const draft = only(plan).draft;
    const binding = draft['binding'] as Record<string, unknown>;
    expect(binding['path']).toBe('/lists/{list_id}');
    expect(binding['arguments']).toEqual({
      'list-id': { in: 'path', name: 'list_id' },
      body: { in: 'payload', name: 'body' },
    });
    expect((draft['inputSchema'] as Record<string, unknown>)['required']).toEqual(['list-id', 'body']);
    expect(draft['approval']).toBe('required');
  });
});

describe('what is skipped, with a reason', () => {
  it('multipart and form bodies, a required XML body; callbacks only warn; HEAD is not called', () => {
    const plan = convertDocument(
      openapi({
        '/upload': {
          post: {
            requestBody: { content: { 'multipart/form-data': { schema: { type: 'object' } } } },
            ...ok,
          },
        },
        '/form': { post: { requestBody: { content: { 'application/x-www-form-urlencoded': {} } }, ...ok } },
        '/xml': { post: { requestBody: { required: true, content: { 'application/xml': {} } }, ...ok } },
        '/hook': {
          post: { callbacks: { done: {}, again: { '{$request.body#/url}': { post: ok } } }, ...ok },
          head: ok,
        },
      }),
    );
    expect(plan.skipped.map((skip) => [skip.key, skip.reason])).toEqual([
      ['HEAD /hook', 'HEAD is not a method the gateway calls (GET, POST, PUT, PATCH, DELETE)'],
      ['POST /upload', 'the request body is multipart/form-data (forms and file uploads are not imported)'],
      [
        'POST /form',
        'the request body is application/x-www-form-urlencoded (forms and file uploads are not imported)',
      ],
      ['POST /xml', 'the request body is application/xml, not JSON'],
    ]);
    expect(plan.operations.map((operation) => operation.key)).toEqual(['POST /hook']);
    expect(plan.warnings).toContainEqual({
      key: 'POST /hook',
      message: 'callbacks are not imported: the operation is, without them',
    });
  });

  it('a 2.0 document without host takes its basePath on the base URL', () => {
    const doc = {
      swagger: '2.0',
      info: { title: 't', version: '1' },
      basePath: '/api',
      paths: { '/a': { get: ok } },
    };
    expect(convertDocument(doc).skipped[0]?.reason).toContain('--base-url');
    const binding = only(convertDocument(doc, { baseUrl: 'https://h.test' })).draft['binding'] as Record<
      string,
      unknown
    >;
    expect(binding['baseUrl']).toBe('https://h.test/api');
  });

  it('a document without an absolute server needs a base URL', () => {
    const doc = openapi({ '/a': { get: ok } }, { servers: [{ url: '/v2' }] });
    expect(convertDocument(doc).skipped[0]?.reason).toContain('--base-url');
    const plan = convertDocument(doc, { baseUrl: 'https://api.test/base' });
    expect((only(plan).draft['binding'] as Record<string, unknown>)['baseUrl']).toBe(
      'https://api.test/base/v2',
    );
    expect(plan.hosts).toEqual(['api.test']);
  });
});

describe('servers', () => {
  it('fill variables with their defaults; path-level and operation-level servers win', () => {
    const plan = convertDocument(
      openapi(
        {
          '/a': { get: ok },
          '/b': {
            servers: [{ url: 'https://b.test' }],
            get: ok,
            post: { servers: [{ url: 'http://c.test:8080/x/' }], ...ok },
          },
        },
        {
          servers: [
            {
              url: 'https://{region}.api.test/{version}',
              variables: { region: { default: 'eu' }, version: { default: 'v2', enum: ['v1', 'v2'] } },
            },
          ],
        },
      ),
    );
    expect(plan.baseUrl).toBe('https://eu.api.test/v2');
    expect(
      plan.operations.map((operation) => (operation.draft['binding'] as Record<string, unknown>)['baseUrl']),
    ).toEqual(['https://eu.api.test/v2', 'https://b.test', 'http://c.test:8080/x']);
    expect(plan.hosts).toEqual(['eu.api.test', 'b.test', 'c.test:8080']);
  });
});

describe('tags', () => {
  it('become sections with the tag description, declared or not', () => {
    const plan = convertDocument(
      openapi(
        { '/a': { get: { tags: ['Pet Store', 'extra'], ...ok } } },
        { tags: [{ name: 'Pet Store', description: '<b>Everything</b> about pets' }, { name: 'unused' }] },
      ),
    );
    expect(plan.sections).toEqual([
      { slug: 'pet-store', title: 'Pet Store', description: 'Everything about pets' },
      { slug: 'unused', title: 'unused', description: '' },
      { slug: 'extra', title: 'extra', description: '' },
    ]);
    expect(only(plan).draft['sections']).toEqual(['pet-store', 'extra']);
  });
});

describe('approval', () => {
  const doc = openapi({ '/a': { get: ok, post: ok, delete: { 'x-mcpforge-approval': 'none', ...ok } } });
  const approvals = (plan: ImportPlan) => plan.operations.map((operation) => operation.draft['approval']);
  it('unsafe methods require approval by default; the option and x-mcpforge-approval change it', () => {
    expect(approvals(convertDocument(doc))).toEqual(['none', 'required', 'none']);
    expect(approvals(convertDocument(doc, { approval: 'all' }))).toEqual(['required', 'required', 'none']);
    expect(approvals(convertDocument(doc, { approval: 'none' }))).toEqual(['none', 'none', 'none']);
  });
});

describe('Swagger 2.0', () => {
  it('normalises host/basePath/schemes, body and formData parameters, collectionFormat and securityDefinitions', () => {
    const plan = convertDocument({
      swagger: '2.0',
      info: { title: 'Petstore', version: '1' },
      host: 'petstore.test',
      basePath: '/v2',
      schemes: ['http', 'https'],
      consumes: ['application/json'],
      securityDefinitions: {
        basicAuth: { type: 'basic' },
        api_key: { type: 'apiKey', in: 'header', name: 'api_key' },
      },
      security: [{ api_key: [] }],
      paths: {
        '/pets': {
          get: {
            parameters: [
              {
                name: 'tags',
                in: 'query',
                type: 'array',
                items: { type: 'string' },
                collectionFormat: 'pipes',
              },
            ],
            ...ok,
          },
          post: {
            security: [{ basicAuth: [] }],
            parameters: [
              {
                name: 'pet',
                in: 'body',
                required: true,
                schema: { type: 'object', properties: { name: { type: 'string', example: 'Rex' } } },
              },
            ],
            ...ok,
          },
        },
        '/pets/{id}/photo': {
          post: {
            consumes: ['multipart/form-data'],
            parameters: [
              { name: 'id', in: 'path', required: true, type: 'integer' },
              { name: 'file', in: 'formData', type: 'file' },
            ],
            ...ok,
          },
        },
      },
    });
    const [list, create] = plan.operations as [PlannedOperation, PlannedOperation];
    expect((list.draft['binding'] as Record<string, unknown>)['baseUrl']).toBe('https://petstore.test/v2');
    expect((list.draft['binding'] as Record<string, unknown>)['arguments']).toEqual({
      tags: { in: 'query', name: 'tags', arrayStyle: 'pipe' },
    });
    expect((list.draft['binding'] as Record<string, unknown>)['headers']).toEqual({
      api_key: '${MCPFORGE_SECRET_PETSTORE_API_KEY}',
    });
    expect((create.draft['binding'] as Record<string, unknown>)['headers']).toEqual({
      authorization: 'Basic ${MCPFORGE_SECRET_PETSTORE_BASICAUTH}',
    });
    expect((create.draft['inputSchema'] as Record<string, unknown>)['properties']).toEqual({
      name: { type: 'string', examples: ['Rex'] },
    });
    expect(plan.skipped).toEqual([
      {
        key: 'POST /pets/{id}/photo',
        reason: 'the request body is multipart/form-data (forms and file uploads are not imported)',
      },
    ]);
    expect(plan.secrets.map((secret) => secret.variable).sort()).toEqual([
      'MCPFORGE_SECRET_PETSTORE_API_KEY',
      'MCPFORGE_SECRET_PETSTORE_BASICAUTH',
    ]);
  });
});

describe('hostile documents', () => {
  it('cyclic allOf, cyclic enum values and a huge description neither hang nor throw', () => {
    const loop: Record<string, unknown> = { type: 'object' };
    loop['allOf'] = [loop];
    const cyclicValue: Record<string, unknown> = {};
    cyclicValue['self'] = cyclicValue;
    const plan = convertDocument(
      openapi({
        '/a': {
          post: {
            description: `${'<!--'.repeat(200_000)}end`,
            parameters: [
              {
                name: 'e',
                in: 'query',
                schema: { type: 'string', enum: [cyclicValue, 'x'], const: cyclicValue },
              },
            ],
            requestBody: { required: true, content: { 'application/json': { schema: loop } } },
            ...ok,
          },
        },
      }),
    );
    const draft = only(plan).draft;
    expect(String(draft['description']).length).toBeLessThanOrEqual(8192);
    expect(readOperationDefinition(draft).inputSchema['type']).toBe('object');
  });

  it('refuses what is not an OpenAPI document, naming what it is', () => {
    expect(() => convertDocument([])).toThrow(TypeError);
    expect(() => convertDocument({ openapi: '4.0.0' })).toThrow(/not an OpenAPI 2.0, 3.0 or 3.1 document/);
  });
});
