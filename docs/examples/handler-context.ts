import { createServer, type McpServer, s, text, toolError } from '@mcpforge/server';

/** Handlers that use `ctx`: progress, logging, cancellation, and client input (elicitation). */
export function createShelfServer(): McpServer {
  // Replicas behind one HTTP endpoint share the secret that signs requestState; stdio can omit it.
  const secret = process.env['SHELF_SECRET'];
  const server = createServer({
    name: 'shelf',
    version: '1.0.0',
    ...(secret === undefined ? {} : { secret }),
  });

  server.tool(
    { name: 'import_books', inputSchema: s.object({ count: s.integer({ minimum: 1, maximum: 100 }) }) },
    async (args, ctx) => {
      for (let done = 1; done <= args.count; done++) {
        // Stops when the client cancels or the session closes.
        if (ctx.signal.aborted) throw ctx.signal.reason;
        await new Promise((resolve) => setImmediate(resolve));
        ctx.progress(done, args.count, `imported ${done}`); // sent only if the request has a progressToken
      }
      ctx.log('info', { imported: args.count }, 'import'); // sent only if the level passes
      return text(`imported ${args.count} books`);
    },
  );

  server.tool(
    { name: 'delete_shelf', inputSchema: s.object({ shelf: s.string({ minLength: 1 }) }) },
    async (args, ctx) => {
      // Legacy: a real elicitation/create request. Modern: an input_required result, then a retry
      // that re-runs this handler from the start with the answer.
      const answer = await ctx.elicit({
        message: `Delete shelf '${args.shelf}' and every book on it?`,
        requestedSchema: {
          type: 'object',
          properties: { confirm: { type: 'boolean' } },
          required: ['confirm'],
        },
      });
      if (answer.action !== 'accept' || answer.content?.['confirm'] !== true) {
        return toolError(`shelf '${args.shelf}' was kept`);
      }
      return text(`deleted shelf '${args.shelf}'`);
    },
  );
  return server;
}
