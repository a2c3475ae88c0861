// biome-ignore-all lint/suspicious/noTemplateCurlyInString: descriptions show the literal ${VAR} syntax of header templates
/**
 * The component schemas of the admin API's OpenAPI document (JSON Schema 2020-12, as OpenAPI
 * 3.1 takes it). Operation and agent drafts are described by their members; the gateway's own
 * reader checks them exactly and names the field at fault.
 * @module
 */

import { APPROVAL_STATUSES } from '../approvals/approval-record.js';
import { CATALOG_WARNING_CODES } from '../catalog/quality/catalog-warning.js';
import { CONFIG_COMPONENT_SCHEMAS } from '../config/config-openapi.js';
import { CALL_OUTCOMES } from '../history/history-table.js';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const string: Schema = { type: 'string' };
const dateTime: Schema = { type: 'string', format: 'date-time' };
const nullableDateTime: Schema = { type: ['string', 'null'], format: 'date-time' };
const slug: Schema = { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64 };
const slugs: Schema = { type: 'array', items: slug };

function object(properties: Record<string, Schema>, required: string[] = Object.keys(properties)): Schema {
  return { type: 'object', properties, required, additionalProperties: false };
}

function page(item: string): Schema {
  return object({ items: { type: 'array', items: ref(item) }, nextCursor: { type: ['string', 'null'] } });
}

const operationDefinition = object(
  {
    name: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    title: string,
    description: string,
    sections: slugs,
    inputSchema: { type: 'object', description: 'JSON Schema 2020-12 of the arguments' },
    outputSchema: { type: 'object' },
    annotations: { type: 'object' },
    binding: {
      type: 'object',
      description:
        'The REST call: method, baseUrl, path, arguments, headers (${VAR} secrets), timeoutMs, maxResponseBytes',
    },
    approval: { enum: ['none', 'required'] },
  },
  ['name', 'description', 'inputSchema', 'binding'],
);

const searchSynonyms: Schema = {
  type: 'array',
  maxItems: 200,
  description:
    'Groups of words or short phrases that mean the same in this catalog: a search_tools query with one also finds tools that use the others. Entries are stored trimmed; each has 1..4 words',
  items: {
    type: 'array',
    minItems: 2,
    maxItems: 20,
    uniqueItems: true,
    items: { type: 'string', minLength: 1, maxLength: 64 },
  },
  examples: [[['workflow', 'pipeline', 'ci job']]],
};

const agentDefinition = object(
  {
    delivery: { enum: ['direct', 'search'] },
    sections: slugs,
    defaultSearchLimit: { type: 'integer', minimum: 1, maximum: 20 },
    operations: slugs,
    searchSynonyms,
  },
  [],
);

const integer: Schema = { type: 'integer', minimum: 0 };

const catalogMetrics = object({
  delivery: { enum: ['direct', 'search'] },
  toolCount: { ...integer, description: 'Operations of the catalog' },
  catalogBytes: {
    ...integer,
    description:
      "UTF-8 bytes of the compact JSON of direct mode's tools/list `tools` array (every operation)",
  },
  estimatedTokens: { ...integer, description: 'ceil(catalogBytes / 3)' },
  largestTool: { type: ['string', 'null'], description: 'The tool with the largest tools/list entry' },
  largestToolBytes: integer,
  toolsListCount: { ...integer, description: 'Tools tools/list serves now (2 in search mode)' },
  toolsListBytes: {
    ...integer,
    description: 'UTF-8 bytes of the compact JSON of the tools array tools/list serves now',
  },
  toolsListEstimatedTokens: { ...integer, description: 'ceil(toolsListBytes / 3)' },
  recommendedMaxTools: integer,
  exceedsRecommendation: { type: 'boolean', description: 'tools/list serves more than recommendedMaxTools' },
  qualityWarnings: { ...integer, description: 'Number of catalog quality warnings' },
});

const catalogWarning = object(
  {
    code: { enum: [...CATALOG_WARNING_CODES] },
    tool: { ...string, description: 'The tool it is about; absent for the whole catalog' },
    message: string,
  },
  ['code', 'message'],
);

const draftOwner = (draft: string): Schema =>
  object({
    id: string,
    workspace: slug,
    slug,
    draft: ref(draft),
    draftRevision: { type: 'integer' },
    latestVersion: { type: 'integer' },
    createdAt: dateTime,
    updatedAt: dateTime,
    archivedAt: nullableDateTime,
  });

const keyTypes = { enum: ['mcp_client', 'approval', 'admin'] };
const nullableString: Schema = { type: ['string', 'null'] };

const approval: Schema = {
  ...object({
    id: { type: 'string', pattern: '^approval_[0-9A-HJKMNP-TV-Z]{26}$' },
    workspace: slug,
    agent: slug,
    agentVersionId: string,
    operationVersionId: string,
    tool: string,
    status: { enum: [...APPROVAL_STATUSES] },
    payloadPreview: { description: 'A bounded copy of the arguments, secret-looking fields redacted' },
    payloadPreviewTruncated: { type: 'boolean', description: 'Whether the preview was cut' },
    requestedByKeyId: string,
    requestedByKeyName: string,
    requestedByKeyActive: { type: 'boolean', description: 'False once the requesting key was revoked' },
    requestId: string,
    traceId: string,
    createdAt: dateTime,
    expiresAt: dateTime,
    decidedAt: nullableDateTime,
    decidedByKeyId: nullableString,
    note: nullableString,
    attempts: { type: 'integer', minimum: 0 },
    leaseExpiresAt: nullableDateTime,
    completedAt: nullableDateTime,
    responsePayload: {
      description:
        'completed: { structuredContent?, content } of the result; failed: { error_code, message }',
    },
    errorCode: nullableString,
    executionRequestId: nullableString,
    executionTraceId: nullableString,
  }),
  description:
    'A human approval request: never the stored arguments, the lease owner or a key value. executionRequestId links to the history row of its execution.',
};

/** Every schema the route table names, plus `Problem`. */
export const COMPONENT_SCHEMAS: Record<string, Schema> = {
  Problem: object(
    {
      type: string,
      title: string,
      status: { type: 'integer' },
      detail: string,
      code: string,
      request_id: string,
      field: string,
      errors: { type: 'array', items: object({ field: string, message: string }) },
    },
    ['type', 'title', 'status', 'detail', 'code', 'request_id'],
  ),
  Workspace: object({ id: string, slug, createdAt: dateTime }),
  WorkspaceCreate: object({ slug }),
  WorkspacePage: page('Workspace'),
  Section: object({
    id: string,
    slug,
    title: string,
    description: string,
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
  SectionCreate: object({ slug, title: string, description: string }, ['slug', 'title']),
  SectionUpdate: object({ title: string, description: string }, []),
  SectionPage: page('Section'),
  UpstreamHost: object({
    id: string,
    hostPattern: string,
    allowLoopback: { type: 'boolean' },
    allowPrivate: { type: 'boolean' },
    allowLinkLocal: { type: 'boolean' },
    createdAt: dateTime,
  }),
  UpstreamHostInput: object(
    {
      hostPattern: { type: 'string', description: 'api.example.com, *.example.com, 10.0.0.1:8080 or [::1]' },
      allowLoopback: { type: 'boolean' },
      allowPrivate: { type: 'boolean' },
      allowLinkLocal: { type: 'boolean' },
    },
    ['hostPattern'],
  ),
  UpstreamHostPage: page('UpstreamHost'),
  OperationDefinition: operationDefinition,
  Operation: draftOwner('OperationDefinition'),
  OperationCreate: object({ slug, draft: ref('OperationDefinition') }),
  OperationPage: page('Operation'),
  DraftUpdate: object(
    {
      draft: { type: 'object', description: 'An OperationDefinition or an AgentDefinition' },
      expectedDraftRevision: {
        type: 'integer',
        description: 'Refuse (409 draft_conflict) if the draft moved on',
      },
    },
    ['draft'],
  ),
  OperationVersion: object({
    id: string,
    operation: slug,
    version: { type: 'integer' },
    definition: ref('OperationDefinition'),
    publishedAt: dateTime,
  }),
  OperationVersionPage: page('OperationVersion'),
  PublishedOperation: object({ version: ref('OperationVersion'), created: { type: 'boolean' } }),
  AgentDefinition: agentDefinition,
  Agent: draftOwner('AgentDefinition'),
  AgentCreate: object({ slug, draft: ref('AgentDefinition') }, ['slug']),
  AgentPage: page('Agent'),
  AgentVersionSummary: object({
    version: { type: 'integer' },
    revision: string,
    publishedAt: dateTime,
    tools: {
      type: 'array',
      items: object({ operation: slug, operationVersion: { type: 'integer' }, name: string }),
    },
    metrics: ref('CatalogMetrics'),
  }),
  CatalogMetrics: catalogMetrics,
  CatalogWarning: catalogWarning,
  AgentVersionPage: page('AgentVersionSummary'),
  PublishedCatalog: {
    type: 'object',
    description: 'An immutable published agent version: settings, sections and pinned tools',
    properties: {
      workspace: slug,
      agent: slug,
      agentVersion: { type: 'integer' },
      revision: { type: 'string', description: 'catalog_revision: a digest of the catalog' },
      publishedAt: dateTime,
      tools: { type: 'array', items: { type: 'object' } },
      searchSynonyms: {
        ...searchSynonyms,
        description: "The agent's synonym groups at publish; absent when it had none",
      },
      metrics: ref('CatalogMetrics'),
      warnings: {
        type: 'array',
        items: ref('CatalogWarning'),
        description:
          'Catalog quality warnings found at publish (at most 1000; metrics.qualityWarnings counts all)',
      },
    },
    required: [
      'workspace',
      'agent',
      'agentVersion',
      'revision',
      'publishedAt',
      'tools',
      'metrics',
      'warnings',
    ],
  },
  PublishedAgent: object({
    catalog: ref('PublishedCatalog'),
    created: { type: 'boolean' },
    excluded: { type: 'array', items: object({ operation: slug, reason: { enum: ['archived'] } }) },
  }),
  ApiKey: object({
    id: string,
    type: keyTypes,
    name: string,
    workspace: { type: ['string', 'null'] },
    agent: { type: ['string', 'null'] },
    allowedOrigins: { type: 'array', items: string },
    displayPrefix: string,
    createdAt: dateTime,
    lastUsedAt: nullableDateTime,
    revokedAt: nullableDateTime,
  }),
  ApiKeyPage: page('ApiKey'),
  KeyCreate: object(
    {
      type: keyTypes,
      name: string,
      workspace: slug,
      agent: slug,
      allowedOrigins: { type: 'array', items: string },
    },
    ['type', 'name'],
  ),
  Invocation: {
    type: 'object',
    description: 'One tools/call: ids, names, times and outcome; never arguments, payloads or bearer values',
    properties: {
      id: string,
      keyId: string,
      workspace: slug,
      agent: slug,
      agentVersionId: string,
      operation: { type: ['string', 'null'] },
      operationVersion: { type: ['integer', 'null'] },
      operationVersionId: { type: ['string', 'null'] },
      tool: { type: ['string', 'null'] },
      era: { enum: ['legacy', 'modern'] },
      calledAt: dateTime,
      requestId: string,
      traceId: string,
      outcome: { enum: [...CALL_OUTCOMES] },
      errorCode: { type: ['string', 'null'] },
      durationMs: { type: 'integer' },
      handshakeComplete: { type: 'boolean' },
    },
    required: ['id', 'keyId', 'workspace', 'agent', 'calledAt', 'requestId', 'traceId', 'outcome'],
  },
  InvocationPage: page('Invocation'),
  FirstCallEvidence: {
    oneOf: [
      object({ keyId: string, state: { const: 'confirmed' }, invocation: ref('Invocation') }),
      object({
        keyId: string,
        state: { const: 'actionable' },
        reason: { enum: ['key_revoked', 'not_mcp_client', 'no_qualifying_call'] },
      }),
    ],
  },
  Approval: approval,
  ApprovalPage: page('Approval'),
  CreatedKey: object({
    key: ref('ApiKey'),
    value: { type: 'string', description: 'The key itself: shown in this answer only, never again' },
  }),
  ...CONFIG_COMPONENT_SCHEMAS,
};
