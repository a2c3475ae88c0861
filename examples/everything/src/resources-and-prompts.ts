import type { McpServer } from '@mcpforge/server';
import { PNG_1X1 } from './media.js';

/** The resources, template and prompts the conformance suite reads. */
export function addResourcesAndPrompts(server: McpServer): void {
  server.resource(
    {
      uri: 'test://static-text',
      name: 'static-text',
      description: 'A static text resource',
      mimeType: 'text/plain',
    },
    (uri) => ({
      contents: [{ uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
    }),
  );
  server.resource(
    {
      uri: 'test://static-binary',
      name: 'static-binary',
      description: 'A static binary resource',
      mimeType: 'image/png',
    },
    (uri) => ({ contents: [{ uri, mimeType: 'image/png', blob: PNG_1X1 }] }),
  );
  server.resource(
    {
      uri: 'test://watched-resource',
      name: 'watched-resource',
      description: 'A subscribable resource',
      mimeType: 'text/plain',
    },
    (uri) => ({ contents: [{ uri, mimeType: 'text/plain', text: 'Watched resource content' }] }),
  );
  server.resourceTemplate(
    {
      uriTemplate: 'test://template/{id}/data',
      name: 'template-data',
      description: 'A resource template with an id parameter',
      mimeType: 'application/json',
    },
    (uri, variables) => ({
      contents: [
        {
          uri,
          mimeType: 'application/json',
          text: JSON.stringify({
            id: variables['id'],
            templateTest: true,
            data: `Data for ID: ${variables['id']}`,
          }),
        },
      ],
    }),
  );

  server.prompt({ name: 'test_simple_prompt', description: 'A simple prompt without arguments' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
  }));
  server.prompt(
    {
      name: 'test_prompt_with_arguments',
      description: 'A prompt with arguments',
      arguments: [
        { name: 'arg1', description: 'First test argument', required: true },
        { name: 'arg2', description: 'Second test argument', required: true },
      ],
    },
    (args) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `Prompt with arguments: arg1='${args['arg1']}', arg2='${args['arg2']}'`,
          },
        },
      ],
    }),
    { complete: { arg1: (value) => ['paris', 'park', 'party'].filter((item) => item.startsWith(value)) } },
  );
  server.prompt(
    {
      name: 'test_prompt_with_embedded_resource',
      description: 'A prompt with an embedded resource',
      arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
    },
    (args) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: {
              uri: String(args['resourceUri']),
              mimeType: 'text/plain',
              text: 'Embedded resource content for testing.',
            },
          },
        },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ],
    }),
  );
  server.prompt({ name: 'test_prompt_with_image', description: 'A prompt with an image' }, () => ({
    messages: [
      { role: 'user', content: { type: 'image', data: PNG_1X1, mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
    ],
  }));
  server.prompt(
    {
      name: 'test_input_required_result_prompt',
      description: 'A prompt that asks the client for context first',
    },
    async (_args, ctx) => {
      const answers = await ctx.input({
        user_context: {
          method: 'elicitation/create',
          params: {
            message: 'What context should the prompt use?',
            requestedSchema: {
              type: 'object',
              properties: { context: { type: 'string' } },
              required: ['context'],
            },
          },
        },
      });
      const context = (answers['user_context'] as { content?: { context?: string } } | undefined)?.content
        ?.context;
      return {
        messages: [{ role: 'user', content: { type: 'text', text: `Use this context: ${context ?? ''}` } }],
      };
    },
  );
}
