/**
 * The workload on forge, written as a user would: one server definition with JSON Schema
 * tools, built once and served by `run` (stdio) or `createHttpHandler` (both HTTP eras).
 *
 *   node forge.mjs stdio   run(build): stdio via @mcpforge/wire, both eras on one connection
 *   node forge.mjs http            createHttpHandler(server).node: modern statelessly, legacy in sessions
 *   node forge.mjs http-stateless  the same with `legacy: 'stateless'`: legacy POSTs without a session
 */
import { createServer, run, text } from '@mcpforge/server';
import { ECHO_SCHEMA, fillerCount, fillerTool, heapProbeEnabled, measureHeap } from '../workload.mjs';
import { listen } from './http-common.mjs';

function buildServer() {
  const server = createServer({ name: 'bench-forge', version: '1.0.0' });
  server.tool({ name: 'echo', description: 'Echoes its text', inputSchema: ECHO_SCHEMA }, async (args) =>
    text(args.text),
  );
  for (let i = 0; i < fillerCount(); i++) {
    const tool = fillerTool(i);
    server.tool(tool, async (args) => text(args.query));
  }
  if (heapProbeEnabled()) {
    server.tool(
      {
        name: 'heap',
        description: 'GC, then memory usage',
        inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      },
      async () => text(JSON.stringify(measureHeap())),
    );
  }
  return server;
}

const mode = process.argv[2] ?? 'stdio';

if (mode === 'stdio') {
  // Quiet logs: the bench reads stdout only and keeps stderr for diagnostics.
  process.env.MCPFORGE_LOG_LEVEL ??= 'warn';
  await run(buildServer, { argv: [] });
} else if (mode === 'http' || mode === 'http-stateless') {
  const { createHttpHandler } = await import('@mcpforge/server/http');
  const options = mode === 'http-stateless' ? { legacy: 'stateless' } : {};
  const handler = createHttpHandler(buildServer(), options);
  listen(handler.node);
} else {
  throw new Error(`unknown mode ${mode}`);
}
