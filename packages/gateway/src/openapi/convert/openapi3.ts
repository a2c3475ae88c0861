import type {
  NormalBody,
  NormalDocument,
  NormalOperation,
  NormalParameter,
  NormalSecurityScheme,
  NormalServer,
  ParameterLocation,
  SecurityRequirement,
} from './normal-document.js';
import { arrayOf, isRecord, type Json, PATH_METHODS, recordOf, stringOf } from './records.js';

/** Reading an OpenAPI 3.0 or 3.1 document into the converter's shape. */

const LOCATIONS = new Set<string>(['path', 'query', 'header', 'cookie']);

export function readServers(value: unknown): NormalServer[] {
  const servers: NormalServer[] = [];
  for (const server of arrayOf(value)) {
    if (!isRecord(server) || typeof server['url'] !== 'string') continue;
    const variables: Record<string, string> = {};
    for (const [name, variable] of Object.entries(recordOf(server['variables']))) {
      const fallback = recordOf(variable)['default'];
      const enums = arrayOf(recordOf(variable)['enum']);
      if (fallback !== undefined) variables[name] = String(fallback);
      else if (enums.length > 0) variables[name] = String(enums[0]);
    }
    servers.push({ url: server['url'], variables });
  }
  return servers;
}

function readParameter(value: unknown): NormalParameter | undefined {
  const parameter = recordOf(value);
  const name = stringOf(parameter['name']);
  const where = stringOf(parameter['in']);
  if (name === undefined || where === undefined || !LOCATIONS.has(where)) return undefined;
  let schema = parameter['schema'];
  let unsupported: string | undefined;
  if (schema === undefined && isRecord(parameter['content'])) {
    const [mediaType, media] = Object.entries(parameter['content'])[0] ?? [];
    schema = recordOf(media)['schema'];
    unsupported = `parameter '${name}' is sent as ${mediaType ?? 'content'} (serialised content is not supported)`;
  }
  return {
    name,
    in: where as ParameterLocation,
    required: where === 'path' || parameter['required'] === true,
    description: stringOf(parameter['description']),
    schema: schema ?? {},
    style: stringOf(parameter['style']),
    explode: typeof parameter['explode'] === 'boolean' ? parameter['explode'] : undefined,
    unsupported,
  };
}

/** Operation-level parameters override path-level ones with the same name and location. */
export function mergeParameters(
  pathLevel: unknown,
  operationLevel: unknown,
  read = readParameter,
): NormalParameter[] {
  const merged = new Map<string, NormalParameter>();
  for (const value of [...arrayOf(pathLevel), ...arrayOf(operationLevel)]) {
    const parameter = read(value);
    if (parameter !== undefined) merged.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  return [...merged.values()];
}

function readBody(value: unknown): NormalBody | undefined {
  if (!isRecord(value)) return undefined;
  const content: Record<string, { schema?: unknown }> = {};
  for (const [mediaType, media] of Object.entries(recordOf(value['content']))) {
    content[mediaType.toLowerCase()] = { schema: recordOf(media)['schema'] };
  }
  return { required: value['required'] === true, description: stringOf(value['description']), content };
}

export function readSecuritySchemes(value: unknown): Record<string, NormalSecurityScheme> {
  const schemes: Record<string, NormalSecurityScheme> = {};
  for (const [name, scheme] of Object.entries(recordOf(value))) {
    const record = recordOf(scheme);
    schemes[name] = {
      type: stringOf(record['type']) ?? '',
      in: stringOf(record['in']),
      name: stringOf(record['name']),
      scheme: stringOf(record['scheme'])?.toLowerCase(),
    };
  }
  return schemes;
}

export function readSecurity(value: unknown): SecurityRequirement[] | undefined {
  return Array.isArray(value) ? value.filter(isRecord) : undefined;
}

export function readTags(value: unknown): Array<{ name: string; description: string }> {
  return arrayOf(value)
    .filter(isRecord)
    .filter((tag) => typeof tag['name'] === 'string')
    .map((tag) => ({ name: tag['name'] as string, description: stringOf(tag['description']) ?? '' }));
}

export function readOpenApi3(document: Json, version: '3.0' | '3.1'): NormalDocument {
  const documentServers = readServers(document['servers']);
  const documentSecurity = readSecurity(document['security']) ?? [];
  const operations: NormalOperation[] = [];
  for (const [path, item] of Object.entries(recordOf(document['paths']))) {
    if (!isRecord(item)) continue;
    const pathServers = readServers(item['servers']);
    for (const method of PATH_METHODS) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      const operationServers = readServers(operation['servers']);
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: stringOf(operation['operationId']),
        summary: operation['summary'] ?? item['summary'],
        description: operation['description'] ?? item['description'],
        deprecated: operation['deprecated'] === true,
        tags: arrayOf(operation['tags']).filter((tag): tag is string => typeof tag === 'string'),
        parameters: mergeParameters(item['parameters'], operation['parameters']),
        body: readBody(operation['requestBody']),
        servers:
          operationServers.length > 0
            ? operationServers
            : pathServers.length > 0
              ? pathServers
              : documentServers,
        security: readSecurity(operation['security']) ?? documentSecurity,
        hasCallbacks: isRecord(operation['callbacks']) && Object.keys(operation['callbacks']).length > 0,
        source: operation,
      });
    }
  }
  const notes: string[] = [];
  if (isRecord(document['webhooks']) && Object.keys(document['webhooks']).length > 0) {
    notes.push('webhooks describe calls the API makes, not operations: they are not imported');
  }
  return {
    version,
    title: stringOf(recordOf(document['info'])['title']) ?? '',
    servers: documentServers,
    securitySchemes: readSecuritySchemes(recordOf(document['components'])['securitySchemes']),
    tags: readTags(document['tags']),
    operations,
    notes,
  };
}
