// biome-ignore-all lint/suspicious/noTemplateCurlyInString: descriptions show the literal ${VAR} syntax of header templates
/**
 * The JSON Schema (2020-12) of a gateway configuration document: one workspace's sections,
 * upstream allow-list, operations and agents. It checks the document's shape and names the path
 * at fault; the catalog's own readers then check each draft exactly, as the admin API does. The
 * same schema ships as `config-schema.json` (`@mcpforge/gateway/config-schema.json`) and is
 * served at `{prefix}/admin/v1/config-schema`; a test keeps the file equal to this constant.
 * @module
 */

/** The `apiVersion` every document of this shape carries. */
export const CONFIG_API_VERSION = 'mcpforge.dev/gateway-config/v1';

/** Where the schema says it lives (its `$id`). */
export const CONFIG_SCHEMA_ID = 'https://mcpforge.dev/schemas/gateway-config-v1.json';

type Schema = Record<string, unknown>;

const SLUG: Schema = {
  type: 'string',
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
  maxLength: 64,
  description: 'lowercase letters and digits, single hyphens between',
};

function object(properties: Record<string, Schema>, required: string[], description?: string): Schema {
  return {
    type: 'object',
    ...(description === undefined ? {} : { description }),
    properties,
    required,
    additionalProperties: false,
  };
}

const uniqueSlugs: Schema = { type: 'array', items: { $ref: '#/$defs/slug' }, uniqueItems: true };

const operationDefinition = object(
  {
    name: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'the MCP tool name' },
    title: { type: 'string', minLength: 1, maxLength: 128 },
    description: { type: 'string', minLength: 1, maxLength: 8192 },
    sections: { ...uniqueSlugs, maxItems: 16, description: 'section slugs of this document' },
    inputSchema: { type: 'object', description: 'JSON Schema 2020-12 of the arguments (type: object)' },
    outputSchema: { type: 'object' },
    annotations: {
      type: 'object',
      properties: {
        title: { type: 'string' },
        readOnlyHint: { type: 'boolean' },
        destructiveHint: { type: 'boolean' },
        idempotentHint: { type: 'boolean' },
        openWorldHint: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    binding: {
      type: 'object',
      description:
        'The REST call: method, baseUrl, path, arguments, headers and query (values may hold ${VAR} secrets, stored unresolved), timeoutMs, maxResponseBytes, idempotency',
      properties: {
        method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
        baseUrl: { type: 'string', pattern: '^https?://' },
        path: { type: 'string', pattern: '^/' },
        arguments: { type: 'object' },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        query: { type: 'object', additionalProperties: { type: 'string' } },
        timeoutMs: { type: 'integer', minimum: 1 },
        maxResponseBytes: { type: 'integer', minimum: 1 },
        idempotency: { type: 'object' },
      },
      required: ['method', 'baseUrl', 'path'],
      additionalProperties: false,
    },
    approval: { enum: ['none', 'required'], description: 'required: a person approves every call' },
  },
  ['name', 'description', 'inputSchema', 'binding'],
  "An operation's definition, as the admin API's draft",
);

const agentDefinition = object(
  {
    delivery: {
      enum: ['direct', 'search'],
      description: 'direct: tools/list lists every tool; search: search_tools and call_tool',
    },
    sections: { ...uniqueSlugs, maxItems: 64, description: "section slugs: the agent's search filters" },
    defaultSearchLimit: { type: 'integer', minimum: 1, maximum: 20 },
    operations: {
      ...uniqueSlugs,
      maxItems: 5000,
      description: 'operation slugs of this document, in tools/list order',
    },
    searchSynonyms: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'array',
        minItems: 2,
        maxItems: 20,
        items: { type: 'string', minLength: 1, maxLength: 64 },
      },
    },
  },
  [],
  "An agent's settings, as the admin API's draft",
);

/** The schema of a configuration document. */
export const CONFIG_SCHEMA: Schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: CONFIG_SCHEMA_ID,
  title: 'mcpforge gateway configuration',
  description:
    'One workspace of an mcpforge gateway as code: its sections, upstream allow-list, operations and agents. Never keys or secret values: header templates keep their ${VAR} names.',
  type: 'object',
  properties: {
    apiVersion: { const: CONFIG_API_VERSION },
    workspace: { $ref: '#/$defs/slug' },
    sections: {
      type: 'array',
      items: object(
        {
          slug: { $ref: '#/$defs/slug' },
          title: { type: 'string', minLength: 1, maxLength: 128 },
          description: { type: 'string', maxLength: 2048 },
        },
        ['slug', 'title'],
        'A group of operations, described for the model and used as a search filter',
      ),
    },
    upstreamHosts: {
      type: 'array',
      items: object(
        {
          hostPattern: {
            type: 'string',
            minLength: 1,
            maxLength: 300,
            description: 'api.example.com, *.example.com, 127.0.0.1:4010, [::1]; without :port any port',
          },
          allowLoopback: { type: 'boolean' },
          allowPrivate: { type: 'boolean' },
          allowLinkLocal: { type: 'boolean' },
        },
        ['hostPattern'],
        'An entry of the allow-list of hosts the operations may call',
      ),
    },
    operations: {
      type: 'array',
      items: object(
        {
          slug: { $ref: '#/$defs/slug' },
          draft: { $ref: '#/$defs/operationDefinition' },
          published: {
            description:
              'true: the draft is the latest published version; false: not published by apply; an operation definition: the latest published version, which differs from the draft',
            oneOf: [{ type: 'boolean' }, { $ref: '#/$defs/operationDefinition' }],
          },
        },
        ['slug', 'draft'],
      ),
    },
    agents: {
      type: 'array',
      items: object(
        {
          slug: { $ref: '#/$defs/slug' },
          draft: { $ref: '#/$defs/agentDefinition' },
          published: {
            description:
              'true: the agent serves its draft (published over the latest operation versions); false: not published by apply; agent settings: those of the latest published version, which differ from the draft',
            oneOf: [{ type: 'boolean' }, { $ref: '#/$defs/agentDefinition' }],
          },
        },
        ['slug'],
      ),
    },
  },
  required: ['apiVersion', 'workspace'],
  additionalProperties: false,
  $defs: { slug: SLUG, operationDefinition, agentDefinition },
};
