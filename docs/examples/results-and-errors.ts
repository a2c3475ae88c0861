import {
  createServer,
  DomainError,
  type InternalErrorReport,
  McpError,
  McpErrorCode,
  type McpServer,
  s,
  structured,
  toolError,
} from '@mcpforge/server';

const BOOKS = new Map([['b1', { id: 'b1', title: 'Dune', available: true }]]);

/** Three ways a call can end: success, domain error (`isError`), infrastructure error (JSON-RPC). */
export function createBooksServer(onInternalError: (report: InternalErrorReport) => void): McpServer {
  const server = createServer({ name: 'books', version: '1.0.0', onInternalError });
  const book = s.object({ id: s.string(), title: s.string(), available: s.boolean() });

  server.tool(
    { name: 'get_book', inputSchema: s.object({ id: s.string({ minLength: 1 }) }), outputSchema: book },
    (args) => {
      const found = BOOKS.get(args.id);
      // The model can fix this: a result with isError, the agent loop goes on.
      if (found === undefined) return toolError(`no book with id '${args.id}'`);
      return structured(found);
    },
  );

  server.tool({ name: 'reserve', inputSchema: s.object({ id: s.string() }) }, async (args) => {
    // Thrown DomainError (alias ToolError) = the same isError result.
    if (!BOOKS.has(args.id)) throw new DomainError(`no book with id '${args.id}'`);
    // A thrown McpError is sent as that JSON-RPC error, code and data included.
    throw new McpError(McpErrorCode.InternalError, 'reservations are offline', { retryAfterMs: 30_000 });
  });

  server.tool({ name: 'crash', inputSchema: s.object({}) }, () => {
    // Anything else: -32603 "Internal error" with data.errorId; the detail goes to onInternalError only.
    throw new Error('database password rejected for user admin');
  });
  return server;
}
