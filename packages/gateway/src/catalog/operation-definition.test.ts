// biome-ignore-all lint/suspicious/noTemplateCurlyInString: header templates hold literal ${VAR} placeholders
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../errors/gateway-error.js';
import { frankfurterDraft } from '../test-support/catalog-fixtures.js';
import { readOperationDefinition } from './operation-definition.js';

function refusal(input: unknown): { field: string | undefined; message: string } {
  try {
    readOperationDefinition(input);
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'invalid_field') {
      return { field: error.field, message: error.message };
    }
    throw error;
  }
  throw new Error('expected the definition to be refused');
}

function withBinding(binding: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const base = frankfurterDraft() as { binding: Record<string, unknown> };
  return frankfurterDraft({ binding: { ...base.binding, ...binding }, ...overrides });
}

const PATH_SCHEMA = {
  type: 'object',
  properties: { id: { type: 'string' }, filter: { type: 'array', items: { type: 'string' } } },
  required: ['id'],
};

describe('readOperationDefinition', () => {
  it("reads the seed's demo operation and fills every default", () => {
    const definition = readOperationDefinition(frankfurterDraft());
    expect(definition.binding).toEqual({
      method: 'GET',
      baseUrl: 'https://api.frankfurter.dev',
      path: '/v1/latest',
      arguments: {
        base: { in: 'query', name: 'base', arrayStyle: 'repeat' },
        quote: { in: 'query', name: 'symbols', arrayStyle: 'repeat' },
      },
      headers: {},
      timeoutMs: 10_000,
      maxResponseBytes: 1024 * 1024,
    });
    expect(definition.approval).toBe('none');
    expect(definition.annotations).toEqual({ readOnlyHint: true, openWorldHint: true });
    expect(definition.title).toBe('Latest exchange rate');
  });

  it('the tool name is 1..64 characters of A-Za-z0-9_-', () => {
    expect(readOperationDefinition(frankfurterDraft({ name: `A-z_9${'x'.repeat(59)}` })).name).toHaveLength(
      64,
    );
    for (const name of ['', 'x'.repeat(65), 'has space', 'dotted.name', 'ünï']) {
      expect(refusal(frankfurterDraft({ name })).field).toBe('name');
    }
    expect(refusal(frankfurterDraft({ name: 'a.b' })).message).toBe(
      'name: must match 1..64 characters of A-Z, a-z, 0-9, _ and -',
    );
  });

  it('needs a description that says something, and refuses unknown fields by name', () => {
    expect(refusal(frankfurterDraft({ description: '   ' })).message).toBe(
      'description: must say what the tool does',
    );
    expect(refusal(frankfurterDraft({ descripton: 'typo' })).field).toBe('descripton');
    expect(refusal(frankfurterDraft({ approval: 'maybe' })).message).toBe(
      "approval: must be one of 'none', 'required'",
    );
    expect(readOperationDefinition(frankfurterDraft({ approval: 'required' })).approval).toBe('required');
  });

  it("the input schema is an object schema the toolkit's validator compiles", () => {
    expect(refusal(frankfurterDraft({ inputSchema: { type: 'string' } })).field).toBe('inputSchema.type');
    expect(refusal(frankfurterDraft({ inputSchema: { type: 'object', properties: null } })).field).toBe(
      'inputSchema.properties',
    );
    const unknownKeyword = refusal(frankfurterDraft({ inputSchema: { type: 'object', minimumm: 1 } }));
    expect(unknownKeyword.field).toBe('inputSchema');
    expect(unknownKeyword.message).toContain('minimumm');
    const remote = refusal(
      frankfurterDraft({ inputSchema: { type: 'object', $ref: 'https://example.com/schema.json' } }),
    );
    expect(remote.field).toBe('inputSchema');
    expect(remote.message).toContain('https://example.com/schema.json');
  });

  it('a schema pattern the linear-time engine cannot run is refused, naming it (issue 19)', () => {
    const lookahead = refusal(
      frankfurterDraft({
        inputSchema: {
          type: 'object',
          properties: { base: { type: 'string', pattern: '^(?!XXX)[A-Z]{3}$' }, quote: { type: 'string' } },
          required: ['base', 'quote'],
        },
      }),
    );
    expect(lookahead).toEqual({
      field: 'inputSchema.properties.base.pattern',
      message:
        'inputSchema.properties.base.pattern: pattern "^(?!XXX)[A-Z]{3}$" cannot run in linear time: lookahead (?!...) is not supported',
    });
    const keyed = refusal(
      frankfurterDraft({
        outputSchema: { type: 'object', patternProperties: { '^(\\w)\\1$': { type: 'number' } } },
      }),
    );
    expect(keyed.field).toBe('outputSchema.patternProperties.^(\\w)\\1$');
    expect(keyed.message).toContain('backreferences (\\1) are not supported');
    // A pathological pattern that runs in linear time is accepted as it is.
    const ok = frankfurterDraft({
      inputSchema: {
        type: 'object',
        properties: { base: { type: 'string', pattern: '^(a+)+$' }, quote: { type: 'string' } },
        required: ['base', 'quote'],
      },
    });
    expect(readOperationDefinition(ok).inputSchema).toEqual(ok['inputSchema']);
  });

  it('an output schema, when given, is an object schema too', () => {
    const outputSchema = { type: 'object', properties: { rates: { type: 'object' } } };
    expect(readOperationDefinition(frankfurterDraft({ outputSchema })).outputSchema).toEqual(outputSchema);
    expect(refusal(frankfurterDraft({ outputSchema: { type: 'array' } })).field).toBe('outputSchema.type');
  });

  it('annotations are the known hints, booleans', () => {
    expect(refusal(frankfurterDraft({ annotations: { readOnly: true } })).field).toBe('annotations.readOnly');
    expect(refusal(frankfurterDraft({ annotations: { readOnlyHint: 'yes' } })).field).toBe(
      'annotations.readOnlyHint',
    );
  });
});

describe('the REST binding', () => {
  it('normalises the base URL and refuses credentials, a query, a fragment or another scheme', () => {
    const read = (baseUrl: string) => readOperationDefinition(withBinding({ baseUrl })).binding.baseUrl;
    expect(read('HTTPS://API.Example.com:443/api/v2/')).toBe('https://api.example.com/api/v2');
    expect(read('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    for (const baseUrl of [
      'ftp://x.com',
      'https://user:pw@x.com',
      'https://x.com/?a=1',
      'https://x.com/#f',
      'x.com',
    ]) {
      expect(refusal(withBinding({ baseUrl })).field, baseUrl).toBe('binding.baseUrl');
    }
  });

  it('the method is required and one of GET, POST, PUT, PATCH, DELETE', () => {
    expect(refusal(withBinding({ method: undefined })).message).toBe(
      'binding.method: is required: GET, POST, PUT, PATCH, DELETE',
    );
    expect(refusal(withBinding({ method: 'get' })).field).toBe('binding.method');
  });

  it('the path template holds path characters and {param} placeholders only, no dot segments', () => {
    const good = withBinding(
      {
        path: '/items/{id}.json',
        arguments: { id: { in: 'path' }, filter: { in: 'query', arrayStyle: 'comma' } },
      },
      { inputSchema: PATH_SCHEMA },
    );
    expect(readOperationDefinition(good).binding.arguments['filter']).toEqual({
      in: 'query',
      name: 'filter',
      arrayStyle: 'comma',
    });
    for (const path of ['items', '/a?b=1', '/a#x', '/a b', '/a/../b', '/./a']) {
      expect(refusal(withBinding({ path })).field, path).toBe('binding.path');
    }
  });

  it('every placeholder has a path argument, which the schema requires, and every argument is placed once', () => {
    const path = (
      argumentsMap: Record<string, unknown>,
      pathTemplate = '/items/{id}',
      schema: object = PATH_SCHEMA,
    ) => refusal(withBinding({ path: pathTemplate, arguments: argumentsMap }, { inputSchema: schema }));
    expect(path({ filter: { in: 'query' } }, '/items/{id}').message).toBe(
      "binding.arguments: inputSchema property 'id' has no placement (path, query, header or body)",
    );
    expect(path({ id: { in: 'query' }, filter: { in: 'query' } }).message).toBe(
      "binding.path: '{id}' has no path argument",
    );
    expect(path({ id: { in: 'path' }, filter: { in: 'path' } }).message).toBe(
      "binding.arguments.filter.name: '{filter}' is not in binding.path",
    );
    expect(
      path({ id: { in: 'path' }, filter: { in: 'query' } }, '/items/{id}', { ...PATH_SCHEMA, required: [] })
        .message,
    ).toBe('binding.arguments.id: is a path argument, so inputSchema must list it in required');
    expect(
      path({ id: { in: 'path' }, filter: { in: 'query', name: 'id' }, extra: { in: 'query' } }).message,
    ).toBe('binding.arguments.extra: is not a property of inputSchema');
    expect(
      refusal(withBinding({ arguments: { base: { in: 'query' }, quote: { in: 'query', name: 'base' } } }))
        .message,
    ).toBe("binding.arguments.quote.name: another argument already goes to query 'base'");
    expect(
      refusal(withBinding({ arguments: { base: { in: 'query' }, quote: { in: 'matrix' } } })).field,
    ).toBe('binding.arguments.quote.in');
    expect(refusal(withBinding({ arguments: { base: { in: 'query' }, quote: {} } })).message).toBe(
      "binding.arguments.quote.in: is required: 'path', 'query', 'header', 'cookie', 'body' or 'payload'",
    );
  });

  it('body arguments need a method with a body; header arguments a name the gateway does not own', () => {
    expect(
      refusal(withBinding({ arguments: { base: { in: 'body' }, quote: { in: 'query' } } })).message,
    ).toBe('binding.arguments.base: a GET request has no body');
    const post = readOperationDefinition(
      withBinding({
        method: 'POST',
        arguments: { base: { in: 'body' }, quote: { in: 'header', name: 'X-Quote' } },
      }),
    );
    expect(post.binding.arguments).toEqual({
      base: { in: 'body', name: 'base' },
      quote: { in: 'header', name: 'x-quote' },
    });
    expect(
      refusal(withBinding({ arguments: { base: { in: 'query' }, quote: { in: 'header', name: 'Host' } } }))
        .message,
    ).toBe("binding.arguments.quote.name: 'host' is set by the gateway");
    expect(
      refusal(withBinding({ arguments: { base: { in: 'query' }, quote: { in: 'header' } } })).message,
    ).toBe('binding.arguments.quote.name: is required for a header argument');
  });

  it('static headers keep ${VAR} references unresolved; a credential header must use one', () => {
    const headers = { Authorization: 'Bearer ${MCPFORGE_SECRET_RATES_TOKEN}', 'X-Client': 'mcpforge' };
    expect(readOperationDefinition(withBinding({ headers })).binding.headers).toEqual({
      authorization: 'Bearer ${MCPFORGE_SECRET_RATES_TOKEN}',
      'x-client': 'mcpforge',
    });
    expect(refusal(withBinding({ headers: { Authorization: 'Bearer sk-live-123' } })).message).toContain(
      "binding.headers.authorization: carries a credential: take it from the gateway's environment",
    );
    expect(refusal(withBinding({ headers: { 'X-Api-Key': 'literal' } })).field).toBe(
      'binding.headers.x-api-key',
    );
    expect(refusal(withBinding({ headers: { 'X-Client': '${lower}' } })).message).toContain(
      'is not a variable name',
    );
    expect(refusal(withBinding({ headers: { 'X-Client': '${OPEN' } })).message).toBe(
      'binding.headers.x-client: has a ${ without its closing }',
    );
    expect(refusal(withBinding({ headers: { 'X-Client': 'a\r\nInjected: 1' } })).field).toBe(
      'binding.headers.x-client',
    );
    expect(refusal(withBinding({ headers: { 'X-A': '1', 'x-a': '2' } })).message).toBe(
      'binding.headers.x-a: is given twice (names are case-insensitive)',
    );
    expect(refusal(withBinding({ headers: { 'Content-Length': '1' } })).field).toBe(
      'binding.headers.Content-Length',
    );
  });

  it('the timeout defaults to 10 s and is at most 60 s; the response cap defaults to 1 MiB', () => {
    expect(readOperationDefinition(withBinding({ timeoutMs: 60_000 })).binding.timeoutMs).toBe(60_000);
    expect(refusal(withBinding({ timeoutMs: 60_001 })).message).toBe(
      'binding.timeoutMs: must be 1..60000 (got 60001)',
    );
    expect(refusal(withBinding({ timeoutMs: 1.5 })).message).toBe('binding.timeoutMs: must be an integer');
    expect(refusal(withBinding({ maxResponseBytes: 0 })).field).toBe('binding.maxResponseBytes');
    expect(readOperationDefinition(withBinding({ maxResponseBytes: 4096 })).binding.maxResponseBytes).toBe(
      4096,
    );
  });
});

describe('the idempotency header of a binding', () => {
  const post = (more: Record<string, unknown>) =>
    withBinding({ method: 'POST', arguments: { base: { in: 'body' }, quote: { in: 'body' } }, ...more });

  it('is read as a lowercase header name, and left out when not given', () => {
    const definition = readOperationDefinition(post({ idempotency: { header: 'Idempotency-Key' } }));
    expect(definition.binding.idempotency).toEqual({ header: 'idempotency-key' });
    expect('idempotency' in readOperationDefinition(post({})).binding).toBe(false);
  });

  it('needs a valid header name the gateway does not own, used by nothing else', () => {
    expect(refusal(post({ idempotency: {} }))).toMatchObject({ field: 'binding.idempotency.header' });
    expect(refusal(post({ idempotency: 'Idempotency-Key' })).field).toBe('binding.idempotency');
    expect(refusal(post({ idempotency: { header: 'Idempotency Key' } })).field).toBe(
      'binding.idempotency.header',
    );
    expect(refusal(post({ idempotency: { header: 'Traceparent' } })).message).toBe(
      "binding.idempotency.header: 'traceparent' is set by the gateway",
    );
    expect(refusal(post({ idempotency: { header: 'x-req', other: 1 } })).field).toBe(
      'binding.idempotency.other',
    );
    expect(
      refusal(post({ idempotency: { header: 'X-Request-Id' }, headers: { 'x-request-id': 'fixed' } }))
        .message,
    ).toBe("binding.idempotency.header: 'x-request-id' is also a static header");
    expect(
      refusal(
        post({
          idempotency: { header: 'x-dedupe' },
          arguments: { base: { in: 'header', name: 'X-Dedupe' }, quote: { in: 'body' } },
        }),
      ).message,
    ).toBe("binding.idempotency.header: 'x-dedupe' is also the header of argument 'base'");
  });
});
