import type { JsonSchema, ToolDefinition } from '@mcpforge/server';
import { MAX_SEARCH_LIMIT } from '../../catalog/agent-definition.js';

/**
 * The two tools a search-mode agent lists instead of its operations (seed 003): `search_tools`
 * finds operations by a task's words, `call_tool` runs one of them by name with the
 * `catalog_revision` the search returned.
 * @module
 */

export const SEARCH_TOOLS = 'search_tools';
export const CALL_TOOL = 'call_tool';

/** Longest `catalog_revision` accepted: ours are 64 hex characters; anything far longer is not one. */
export const MAX_REVISION_LENGTH = 128;
/** Longest query: a task's words, not a document. */
export const MAX_QUERY_LENGTH = 2048;
/** Longest tool name `call_tool` accepts (the toolkit's own bound on tool names). */
export const MAX_TOOL_NAME_LENGTH = 128;

const toolDefinitionSchema: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    inputSchema: { type: 'object' },
    outputSchema: { type: 'object' },
    annotations: { type: 'object' },
    _meta: { type: 'object' },
  },
  required: ['name', 'inputSchema'],
};

/** `search_tools`: read-only, answers the matching tools' full definitions and the revision. */
export const searchToolsDefinition: ToolDefinition = {
  name: SEARCH_TOOLS,
  title: 'Search tools',
  description:
    "Finds this agent's tools for a task. Give the task in a few words; optionally the section slugs to search in and how many tools to return. Returns each tool's full definition (input schema included) and the catalog_revision to pass to call_tool.",
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', maxLength: MAX_QUERY_LENGTH, description: 'What the tool should do.' },
      sections: {
        type: 'array',
        items: { type: 'string', maxLength: 64 },
        maxItems: 64,
        description: 'Only tools of these sections (slugs); the filter applies before ranking.',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_SEARCH_LIMIT,
        description: `Most tools to return (1..${MAX_SEARCH_LIMIT}); the agent's default when absent.`,
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      tools: { type: 'array', items: toolDefinitionSchema },
      catalog_revision: { type: 'string' },
    },
    required: ['tools', 'catalog_revision'],
  },
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
};

/** `call_tool`: runs a tool `search_tools` returned, exactly as a direct `tools/call` of it. */
export const callToolDefinition: ToolDefinition = {
  name: CALL_TOOL,
  title: 'Call a tool',
  description:
    "Calls one of this agent's tools found by search_tools: its name, its arguments (matching its inputSchema) and the catalog_revision of that search. If the catalog changed since, the call is refused with agent_catalog_result_stale: search again.",
  inputSchema: {
    type: 'object',
    properties: {
      name: {
        type: 'string',
        minLength: 1,
        maxLength: MAX_TOOL_NAME_LENGTH,
        description: 'The name of a tool that search_tools returned.',
      },
      arguments: {
        type: 'object',
        description: "The tool's arguments, matching the inputSchema that search_tools returned for it.",
      },
      catalog_revision: {
        type: 'string',
        minLength: 1,
        maxLength: MAX_REVISION_LENGTH,
        description:
          'The catalog_revision of the search_tools answer the tool came from, unchanged (do not invent one: search first).',
      },
    },
    required: ['name', 'catalog_revision'],
    additionalProperties: false,
  },
  annotations: { openWorldHint: true },
};
