// A small forge server for stdio tests: run with `node fixture-server.mjs` (imports the built dist).
import { createServer, DomainError, run, s, structured, text } from '@mcpforge/server';

function build() {
  const server = createServer({ name: 'fixture', version: '1.0.0', instructions: 'A fixture for tests.' });

  server.tool(
    {
      name: 'echo',
      description: 'Echo the text back',
      inputSchema: s.object({ text: s.string({ minLength: 1 }) }),
    },
    (args) => text(args.text),
  );

  server.tool(
    {
      name: 'add',
      inputSchema: s.object({ a: s.integer(), b: s.integer() }),
      outputSchema: s.object({ sum: s.integer() }),
    },
    (args) => structured({ sum: args.a + args.b }),
  );

  server.tool({ name: 'not_found', inputSchema: s.object({}) }, () => {
    throw new DomainError('not found: nothing.txt');
  });

  server.tool({ name: 'boom', inputSchema: s.object({}) }, () => {
    throw new Error('secret detail that must stay on stderr');
  });

  server.tool(
    { name: 'progress', inputSchema: s.object({ steps: s.integer({ minimum: 1, maximum: 10 }) }) },
    async (args, ctx) => {
      for (let step = 1; step <= args.steps; step++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        ctx.progress(step, args.steps, `step ${step}`);
      }
      ctx.log('info', { done: args.steps });
      return text(`did ${args.steps} steps`);
    },
  );

  server.tool({ name: 'wait_for_cancel', inputSchema: s.object({}) }, (_args, ctx) => {
    return new Promise((resolve) => {
      ctx.signal.addEventListener('abort', () => {
        process.stderr.write('wait_for_cancel: aborted\n');
        resolve(text('cancelled'));
      });
    });
  });

  server.tool(
    { name: 'sleep', inputSchema: s.object({ ms: s.integer({ minimum: 0, maximum: 10000 }) }) },
    (args) => {
      return new Promise((resolve) => setTimeout(() => resolve(text(`slept ${args.ms}`)), args.ms));
    },
  );

  server.tool({ name: 'ask_name', inputSchema: s.object({}) }, async (_args, ctx) => {
    const answer = await ctx.elicit(
      {
        message: 'What is your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
      'user_name',
    );
    return text(
      answer.action === 'accept' ? `Hello, ${answer.content?.name}!` : `No name (${answer.action})`,
    );
  });

  server.tool({ name: 'ask_llm', inputSchema: s.object({ prompt: s.string() }) }, async (args, ctx) => {
    const reply = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: args.prompt } }],
      maxTokens: 100,
    });
    return text(`LLM response: ${reply.content?.text}`);
  });

  server.patternTool(
    { name: 'write_file', inputSchema: s.object({ path: s.string(), content: s.string() }) },
    (args) => ({ patterns: [`write:${args.path}`], always: [] }),
    () => {
      process.stderr.write('write_file: side effect ran\n');
      return text('written');
    },
  );

  server.tool({ name: 'register_tool', inputSchema: s.object({ name: s.string() }) }, (args) => {
    server.tool({ name: args.name, inputSchema: s.object({}) }, () => text(`I am ${args.name}`));
    server.notifyResourceUpdated('test://static-text');
    return text(`registered ${args.name}`);
  });

  server.resource({ uri: 'test://static-text', name: 'static', mimeType: 'text/plain' }, (uri) => ({
    contents: [{ uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
  }));
  server.resourceTemplate({ uriTemplate: 'test://template/{id}/data', name: 'data' }, (uri, variables) => ({
    contents: [{ uri, mimeType: 'application/json', text: JSON.stringify({ id: variables.id }) }],
  }));
  server.prompt(
    { name: 'greet', arguments: [{ name: 'who', required: true }] },
    (args) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Greet ${args.who}` } }] }),
    { complete: { who: (value) => ['alice', 'bob', 'carol'].filter((name) => name.startsWith(value)) } },
  );
  return server;
}

await run(build, { name: 'fixture', graceMs: Number(process.env.FIXTURE_GRACE_MS ?? 5000) });
