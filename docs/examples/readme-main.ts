// The ten-line server shown in the root README.md (type-checked by `npm run typecheck`).
import { createServer, run, s, text } from '@mcpforge/server';

await run(() => {
  const server = createServer({ name: 'hello', version: '1.0.0' });
  server.tool(
    { name: 'echo', description: 'Echo the text back', inputSchema: s.object({ text: s.string() }) },
    (args) => text(args.text),
  );
  return server;
});
