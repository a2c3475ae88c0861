import { APPROVAL_STATUSES } from '../approvals/approval-record.js';
import { errorInfo, type GatewayErrorCode } from '../errors/error-table.js';
import { PROBLEM_CONTENT_TYPE } from '../errors/problem.js';
import { CALL_OUTCOMES } from '../history/history-table.js';
import { COMPONENT_SCHEMAS } from './openapi-schemas.js';
import { compilePathTemplate } from './path-template.js';
import type { Route } from './route.js';
import { ADMIN_ROUTES, OPENAPI_PATH } from './route-table.js';

/** Version of the admin API the document describes. */
export const ADMIN_API_VERSION = '1.0.0';

type Json = Record<string, unknown>;

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

const QUERY_SCHEMAS: Record<string, Json> = {
  limit: { type: 'integer', minimum: 1, maximum: 500, description: 'Items per page (default 50)' },
  cursor: { type: 'string', description: "The previous page's nextCursor" },
  includeArchived: { type: 'boolean' },
  includeRevoked: { type: 'boolean' },
  workspace: { type: 'string' },
  type: { enum: ['mcp_client', 'approval', 'admin'] },
  agent: { type: 'string', description: 'An agent slug (with workspace)' },
  key: { type: 'string', description: 'A key id' },
  outcome: { enum: [...CALL_OUTCOMES] },
  since: { type: 'string', format: 'date-time', description: 'Calls at or after this time' },
  until: { type: 'string', format: 'date-time', description: 'Calls before this time' },
  status: { enum: [...APPROVAL_STATUSES] },
};

function problem(code: GatewayErrorCode): Json {
  return {
    description: errorInfo(code).title,
    content: { [PROBLEM_CONTENT_TYPE]: { schema: ref('Problem') } },
  };
}

function errorResponses(route: Route): Json {
  const responses: Json = { '401': problem('key_invalid'), '403': problem('key_wrong_type') };
  if (route.path.includes('{')) responses['404'] = problem('not_found');
  if (route.method !== 'GET') {
    responses['400'] = problem('invalid_field');
    responses['409'] = problem('already_exists');
    responses['413'] = problem('body_too_large');
    responses['415'] = problem('unsupported_media_type');
  } else if (route.queryParameters !== undefined) {
    responses['400'] = problem('invalid_field');
  }
  return responses;
}

function operationOf(route: Route): Json {
  const parameters = [
    ...compilePathTemplate(route.path).names.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
    ...(route.queryParameters ?? []).map((name) => ({
      name,
      in: 'query',
      required: false,
      schema: QUERY_SCHEMAS[name] ?? { type: 'string' },
    })),
  ];
  const responses: Json = {};
  for (const status of route.successStatuses) {
    responses[String(status)] =
      route.responseSchema === undefined
        ? { description: 'Done' }
        : { description: 'OK', content: { 'application/json': { schema: ref(route.responseSchema) } } };
  }
  const operation: Json = {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    responses: { ...responses, ...errorResponses(route) },
  };
  if (parameters.length > 0) operation['parameters'] = parameters;
  if (route.requestSchema !== undefined) {
    operation['requestBody'] = {
      required: true,
      content: { 'application/json': { schema: ref(route.requestSchema) } },
    };
  }
  return operation;
}

/** The OpenAPI 3.1 document of the admin API served under `basePath`, built from the route table. */
export function buildOpenApiDocument(basePath: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of ADMIN_ROUTES) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route) };
  }
  paths[OPENAPI_PATH] = {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This document',
      tags: ['Meta'],
      responses: { '200': { description: 'OpenAPI 3.1 document', content: { 'application/json': {} } } },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'mcpforge gateway admin API',
      version: ADMIN_API_VERSION,
      description:
        'Workspaces, sections, the upstream allow-list, operations, agents, keys, history and approval requests. Errors are RFC 9457 problem+json.',
    },
    servers: [{ url: basePath }],
    security: [{ adminKey: [] }],
    paths,
    components: {
      schemas: COMPONENT_SCHEMAS,
      securitySchemes: {
        adminKey: { type: 'http', scheme: 'bearer', description: 'An admin key (mcpf_adm_…)' },
      },
    },
  };
}
