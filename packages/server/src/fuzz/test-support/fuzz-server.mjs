// The server the fuzz tests attack, run as its own process so a crash is seen as an exit:
// `node --expose-gc fuzz-server.mjs` serves stdio through `run()`; `... fuzz-server.mjs --http`
// serves `createHttpHandler` on 127.0.0.1 (a random port, printed as one JSON line on stdout).
// Imports the built `dist` (the test suite builds before it starts).
import { createServer as createHttpServer } from 'node:http';
import { createServer, run, s, structured, text } from '@mcpforge/server';
import { createHttpHandler } from '@mcpforge/server/http';

/** The tool the tests read memory with (`HEAP_TOOL` in fuzz-peer.ts); the arbitraries never call it. */
const HEAP_TOOL = 'fuzz_heap';

function build() {
  const server = createServer({ name: 'fuzz', version: '1.0.0', instructions: 'A target for fuzzing.' });
  server.tool({ name: 'echo', inputSchema: s.object({ text: s.string({ maxLength: 1000 }) }) }, (args) =>
    text(args.text),
  );
  server.tool(
    {
      name: 'add',
      inputSchema: s.object({ a: s.integer(), b: s.integer() }),
      outputSchema: s.object({ sum: s.number() }),
    },
    (args) => structured({ sum: args.a + args.b }),
  );
  server.tool(
    {
      name: 'contact',
      inputSchema: {
        type: 'object',
        properties: {
          method: { type: 'string', enum: ['phone', 'email'] },
          phone: { type: 'string' },
          email: { type: 'string', format: 'email' },
          tags: { type: 'array', items: { type: 'string', const: 'vip' } },
        },
        if: { properties: { method: { const: 'phone' } }, required: ['method'] },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, never awaited
        then: { required: ['phone'] },
        else: { required: ['email'] },
        additionalProperties: false,
      },
    },
    () => text('ok'),
  );
  server.tool(
    {
      name: 'tree',
      inputSchema: {
        type: 'object',
        $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
        properties: { child: { $ref: '#/$defs/node' } },
      },
    },
    () => text('a tree'),
  );
  // Takes anything and answers with a summary of it, never the value itself.
  server.tool({ name: 'anything', inputSchema: { type: 'object' } }, (args) =>
    text(`${Object.keys(args).length} arguments`),
  );
  server.tool(
    { name: 'progress', inputSchema: s.object({ steps: s.integer({ minimum: 1, maximum: 3 }) }) },
    async (args, ctx) => {
      for (let step = 1; step <= args.steps; step++) {
        await new Promise((resolve) => setImmediate(resolve));
        ctx.progress(step, args.steps, `step ${step}`);
      }
      ctx.log('info', { steps: args.steps });
      return text(`did ${args.steps} steps`);
    },
  );
  // A multi-round-trip tool (modern era): its answer is input_required with a sealed requestState
  // whose digest covers the arguments, whatever they are.
  server.tool({ name: 'confirm', inputSchema: { type: 'object' } }, async (_args, ctx) => {
    const answers = await ctx.input({
      ok: {
        method: 'elicitation/create',
        params: {
          message: 'Sure?',
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
        },
      },
    });
    return text(`confirmed: ${JSON.stringify(answers.ok ?? null).slice(0, 100)}`);
  });
  server.tool({ name: HEAP_TOOL, inputSchema: s.object({}) }, () => {
    globalThis.gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    return structured({ heapUsed, rss });
  });
  server.resource({ uri: 'fuzz://static', name: 'static', mimeType: 'text/plain' }, (uri) => ({
    contents: [{ uri, mimeType: 'text/plain', text: 'static' }],
  }));
  server.resourceTemplate(
    { uriTemplate: 'fuzz://item/{id}', name: 'item', mimeType: 'text/plain' },
    (uri, variables) => ({ contents: [{ uri, mimeType: 'text/plain', text: `item ${variables.id}` }] }),
    { complete: { id: (value) => ['1', '2', '10'].filter((id) => id.startsWith(String(value))) } },
  );
  server.prompt(
    { name: 'greet', arguments: [{ name: 'who', required: true }] },
    (args) => ({ messages: [{ role: 'user', content: { type: 'text', text: `hello ${args.who}` } }] }),
    { complete: { who: (value) => ['world', 'you'].filter((who) => who.startsWith(String(value))) } },
  );
  return server;
}

if (process.argv.includes('--http')) {
  const handler = createHttpHandler(build());
  const listener = createHttpServer(handler.node);
  listener.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: listener.address().port })}\n`);
  });
} else {
  await run(build, { name: 'fuzz' });
}
