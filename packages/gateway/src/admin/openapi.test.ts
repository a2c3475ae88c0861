import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi.js';
import { compilePathTemplate } from './path-template.js';
import { ADMIN_ROUTES, OPENAPI_PATH } from './route-table.js';

// biome-ignore lint/suspicious/noExplicitAny: walking a JSON document
type Json = any;

const document = buildOpenApiDocument('/mcp/admin/v1') as Json;

function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : refsOf(inner),
  );
}

describe('the OpenAPI document of the admin API', () => {
  it('is OpenAPI 3.1 JSON with info, a server at the base path and bearer security', () => {
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
    expect(document).toMatchObject({
      openapi: '3.1.0',
      info: { title: expect.any(String), version: expect.any(String) },
      servers: [{ url: '/mcp/admin/v1' }],
      security: [{ adminKey: [] }],
      components: { securitySchemes: { adminKey: { type: 'http', scheme: 'bearer' } } },
    });
  });

  it('has every route of the table, with its path parameters, success statuses and problem answers', () => {
    for (const route of ADMIN_ROUTES) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation.operationId).toBe(route.operationId);
      const pathParameters = operation.parameters
        ?.filter((p: Json) => p.in === 'path')
        .map((p: Json) => p.name);
      expect(pathParameters ?? []).toEqual(compilePathTemplate(route.path).names);
      for (const status of route.successStatuses) expect(operation.responses[String(status)]).toBeDefined();
      expect(operation.responses['401'].content['application/problem+json'].schema.$ref).toBe(
        '#/components/schemas/Problem',
      );
      if (route.requestSchema !== undefined) expect(operation.requestBody.required).toBe(true);
    }
    const operationIds = ADMIN_ROUTES.map((route) => route.operationId);
    expect(new Set(operationIds).size).toBe(operationIds.length);
    expect(document.paths[OPENAPI_PATH].get).toBeDefined();
  });

  it('every $ref resolves, and every component is a schema that compiles as JSON Schema 2020-12', () => {
    const names = Object.keys(document.components.schemas);
    for (const ref of refsOf(document)) {
      expect(names).toContain(ref.replace('#/components/schemas/', ''));
    }
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    ajv.addSchema(document, 'admin-openapi');
    for (const name of names) {
      expect(() => ajv.compile({ $ref: `admin-openapi#/components/schemas/${name}` }), name).not.toThrow();
    }
  });
});
