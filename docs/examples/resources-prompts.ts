import { createServer, DomainError, type McpServer } from '@mcpforge/server';

const SHELVES: Record<string, string[]> = { 'sci-fi': ['Dune', 'Hyperion'], poetry: ['Odes'] };

/** A static resource, a resource template with completion, and a prompt with completion. */
export function createCatalogServer(): McpServer {
  const server = createServer({ name: 'catalog', version: '1.0.0' });

  server.resource({ uri: 'catalog://shelves', name: 'shelves', mimeType: 'application/json' }, (uri) => ({
    contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(Object.keys(SHELVES)) }],
  }));

  server.resourceTemplate(
    { uriTemplate: 'catalog://shelves/{shelf}', name: 'shelf', mimeType: 'application/json' },
    (uri, variables) => {
      const books = SHELVES[String(variables['shelf'])];
      // An empty `contents` is answered as "not found" (-32002 legacy, -32602 modern).
      if (books === undefined) return { contents: [] };
      // A modern read may set its own caching hints.
      return { contents: [{ uri, text: JSON.stringify(books) }], ttlMs: 5_000, cacheScope: 'private' };
    },
    { complete: { shelf: (value) => Object.keys(SHELVES).filter((name) => name.startsWith(value)) } },
  );

  server.prompt(
    {
      name: 'recommend',
      description: 'Ask for a recommendation',
      arguments: [{ name: 'shelf', required: true }],
    },
    (args) => {
      if (SHELVES[args['shelf'] ?? ''] === undefined) throw new DomainError(`no shelf '${args['shelf']}'`);
      return {
        messages: [
          { role: 'user', content: { type: 'text', text: `Recommend one book from ${args['shelf']}.` } },
        ],
      };
    },
    { complete: { shelf: (value) => Object.keys(SHELVES).filter((name) => name.startsWith(value)) } },
  );
  return server;
}
