import type {
  NormalBody,
  NormalDocument,
  NormalOperation,
  NormalParameter,
  NormalSecurityScheme,
  NormalServer,
  ParameterLocation,
} from './normal-document.js';
import { mergeParameters, readSecurity, readTags } from './openapi3.js';
import { arrayOf, isRecord, type Json, PATH_METHODS, recordOf, stringOf } from './records.js';

/**
 * Swagger 2.0 in OpenAPI 3 terms: `host`/`basePath`/`schemes` become a server; a `body`
 * parameter becomes a request body with the operation's (or document's) `consumes` media
 * types; `formData` parameters make a form body (which is not imported); a non-body
 * parameter's `type`, `items`, `enum`... become its schema and `collectionFormat` its style;
 * `securityDefinitions` become security schemes (`basic` is http basic).
 * @module
 */

const SCHEMA_KEYS = [
  'type',
  'format',
  'items',
  'enum',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'multipleOf',
] as const;

/** A 2.0 parameter (or `items`) as a schema: its validation keywords, `items` recursively. */
function schemaOf(parameter: Json): Json {
  const schema: Json = {};
  for (const key of SCHEMA_KEYS) {
    if (parameter[key] === undefined) continue;
    schema[key] = key === 'items' && isRecord(parameter[key]) ? schemaOf(parameter[key]) : parameter[key];
  }
  return schema;
}

/** `collectionFormat` as an OpenAPI 3 style and explode. */
function styleOf(collectionFormat: unknown): { style: string; explode: boolean; unsupported?: string } {
  switch (collectionFormat) {
    case 'multi':
      return { style: 'form', explode: true };
    case 'ssv':
      return { style: 'spaceDelimited', explode: false };
    case 'pipes':
      return { style: 'pipeDelimited', explode: false };
    case 'tsv':
      return { style: 'form', explode: false, unsupported: 'collectionFormat tsv is not supported' };
    default:
      return { style: 'form', explode: false };
  }
}

function readParameter(value: unknown): NormalParameter | undefined {
  const parameter = recordOf(value);
  const name = stringOf(parameter['name']);
  const where = stringOf(parameter['in']);
  if (name === undefined || (where !== 'path' && where !== 'query' && where !== 'header')) return undefined;
  const { style, explode, unsupported } = styleOf(parameter['collectionFormat']);
  return {
    name,
    in: where as ParameterLocation,
    required: where === 'path' || parameter['required'] === true,
    description: stringOf(parameter['description']),
    schema: schemaOf(parameter),
    style: where === 'query' ? style : 'simple',
    explode,
    unsupported: parameter['type'] === 'array' ? unsupported : undefined,
  };
}

function serversOf(document: Json): NormalServer[] {
  const host = stringOf(document['host']);
  const basePath = stringOf(document['basePath']) ?? '';
  // No host: the API is on the host serving the document; the base path resolves against the base URL option.
  if (host === undefined) return basePath === '' ? [] : [{ url: basePath, variables: {} }];
  const schemes = arrayOf(document['schemes']).filter((s): s is string => s === 'https' || s === 'http');
  // https first: a document listing both is served over TLS too.
  const scheme = schemes.includes('https') || schemes.length === 0 ? 'https' : 'http';
  return [{ url: `${scheme}://${host}${basePath}`, variables: {} }];
}

function securitySchemesOf(value: unknown): Record<string, NormalSecurityScheme> {
  const schemes: Record<string, NormalSecurityScheme> = {};
  for (const [name, definition] of Object.entries(recordOf(value))) {
    const record = recordOf(definition);
    const type = stringOf(record['type']) ?? '';
    schemes[name] =
      type === 'basic'
        ? { type: 'http', scheme: 'basic' }
        : { type, in: stringOf(record['in']), name: stringOf(record['name']) };
  }
  return schemes;
}

function bodyOf(parameters: unknown[], consumes: string[]): { body?: NormalBody; form: boolean } {
  let body: NormalBody | undefined;
  let form = false;
  for (const value of parameters) {
    const parameter = recordOf(value);
    if (parameter['in'] === 'formData') form = true;
    if (parameter['in'] !== 'body') continue;
    const mediaTypes = consumes.length > 0 ? consumes : ['application/json'];
    const content: Record<string, { schema?: unknown }> = {};
    for (const mediaType of mediaTypes) content[mediaType.toLowerCase()] = { schema: parameter['schema'] };
    body = {
      required: parameter['required'] === true,
      description: stringOf(parameter['description']),
      content,
    };
  }
  return body === undefined ? { form } : { body, form };
}

export function readSwagger2(document: Json): NormalDocument {
  const servers = serversOf(document);
  const documentSecurity = readSecurity(document['security']) ?? [];
  const documentConsumes = arrayOf(document['consumes']).filter((c): c is string => typeof c === 'string');
  const operations: NormalOperation[] = [];
  for (const [path, item] of Object.entries(recordOf(document['paths']))) {
    if (!isRecord(item)) continue;
    for (const method of PATH_METHODS) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      const consumes = Array.isArray(operation['consumes'])
        ? operation['consumes'].filter((c): c is string => typeof c === 'string')
        : documentConsumes;
      const allParameters = [...arrayOf(item['parameters']), ...arrayOf(operation['parameters'])];
      const { body, form } = bodyOf(allParameters, consumes);
      const formType = consumes.find((c) => c.includes('form')) ?? 'application/x-www-form-urlencoded';
      const formBody: NormalBody = { required: true, content: { [formType.toLowerCase()]: {} } };
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: stringOf(operation['operationId']),
        summary: operation['summary'],
        description: operation['description'],
        deprecated: operation['deprecated'] === true,
        tags: arrayOf(operation['tags']).filter((tag): tag is string => typeof tag === 'string'),
        parameters: mergeParameters(item['parameters'], operation['parameters'], readParameter),
        body: form ? formBody : body,
        servers:
          operation['schemes'] === undefined
            ? servers
            : serversOf({ ...document, schemes: operation['schemes'] }),
        security: readSecurity(operation['security']) ?? documentSecurity,
        hasCallbacks: false,
        source: operation,
      });
    }
  }
  return {
    version: '2.0',
    title: stringOf(recordOf(document['info'])['title']) ?? '',
    servers,
    securitySchemes: securitySchemesOf(document['securityDefinitions']),
    tags: readTags(document['tags']),
    operations,
    notes: [],
  };
}
