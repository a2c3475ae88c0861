import type { McpServer } from '@mcpforge/server';
import { PNG_1X1, WAV_EMPTY } from './media.js';

const NO_ARGS = { type: 'object', properties: {}, additionalProperties: false } as const;

/** Tools answering fixed content of every kind, and the deliberate tool error. */
export function addContentTools(server: McpServer): void {
  server.tool(
    { name: 'test_simple_text', description: 'Returns simple text content', inputSchema: NO_ARGS },
    () => ({
      content: [{ type: 'text', text: 'This is a simple text response for testing.' }],
    }),
  );
  server.tool(
    { name: 'test_image_content', description: 'Returns image content', inputSchema: NO_ARGS },
    () => ({
      content: [{ type: 'image', data: PNG_1X1, mimeType: 'image/png' }],
    }),
  );
  server.tool(
    { name: 'test_audio_content', description: 'Returns audio content', inputSchema: NO_ARGS },
    () => ({
      content: [{ type: 'audio', data: WAV_EMPTY, mimeType: 'audio/wav' }],
    }),
  );
  server.tool(
    { name: 'test_embedded_resource', description: 'Returns an embedded resource', inputSchema: NO_ARGS },
    () => ({
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'test://embedded-resource',
            mimeType: 'text/plain',
            text: 'This is an embedded resource content.',
          },
        },
      ],
    }),
  );
  server.tool(
    {
      name: 'test_multiple_content_types',
      description: 'Returns text, image and resource',
      inputSchema: NO_ARGS,
    },
    () => ({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: PNG_1X1, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: {
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: '{"test":"data","value":123}',
          },
        },
      ],
    }),
  );
  server.tool(
    { name: 'test_error_handling', description: 'Always returns a tool error', inputSchema: NO_ARGS },
    () => ({
      content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
      isError: true,
    }),
  );
  server.tool(
    {
      name: 'json_schema_2020_12_tool',
      description: 'Tool with JSON Schema 2020-12 features',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: {
          address: {
            $anchor: 'addressDef',
            type: 'object',
            properties: { street: { type: 'string' }, city: { type: 'string' } },
          },
        },
        properties: {
          name: { type: 'string' },
          address: { $ref: '#/$defs/address' },
          contactMethod: { type: 'string', enum: ['phone', 'email'] },
          phone: { type: 'string' },
          email: { type: 'string' },
        },
        allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
        if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
        // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword the scenario checks.
        then: { required: ['phone'] },
        else: { required: ['email'] },
        additionalProperties: false,
      },
    },
    (args) => ({ content: [{ type: 'text', text: `Received: ${JSON.stringify(args)}` }] }),
  );
  server.tool(
    {
      name: 'test_custom_headers',
      description: 'Echoes an argument mirrored into the Mcp-Param-Region header',
      inputSchema: {
        type: 'object',
        properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
        required: ['region'],
      },
    },
    (args) => ({ content: [{ type: 'text', text: `Region: ${String(args['region'])}` }] }),
  );
}
