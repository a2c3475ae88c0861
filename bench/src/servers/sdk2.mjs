/**
 * The workload on the official SDK v2 (`@modelcontextprotocol/server` 2.4): `McpServer`
 * with zod 4 object schemas, served the way the v2 docs describe.
 *
 *   node sdk2.mjs stdio          serveStdio(factory): both eras, one pinned instance per connection
 *   node sdk2.mjs http           createMcpHandler(factory) + toNodeHandler: modern requests and the
 *                                stateless legacy fallback (a server per request in both eras)
 *   node sdk2.mjs http-session   NodeStreamableHTTPServerTransport, one per session (the sessionful
 *                                2025 wiring v2 points to for legacy sessions)
 */
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, isInitializeRequest, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { fillerCount, fillerTool, heapProbeEnabled, measureHeap } from '../workload.mjs';
import { z } from '../zod.mjs';
import { listen, sessionRouter } from './http-common.mjs';

const fillers = fillerCount();
const heapProbe = heapProbeEnabled();

const echoInput = z.object({ text: z.string() });
const fillerInput = z.object({
  query: z.string().describe('What to look for'),
  limit: z.number().int().min(1).max(100).optional().describe('Most records returned'),
  includeArchived: z.boolean().optional().describe('Also search archived records'),
});

function buildServer() {
  const server = new McpServer({ name: 'bench-sdk2', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes its text', inputSchema: echoInput },
    async ({ text }) => ({
      content: [{ type: 'text', text }],
    }),
  );
  for (let i = 0; i < fillers; i++) {
    const tool = fillerTool(i);
    server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: fillerInput },
      async ({ query }) => ({
        content: [{ type: 'text', text: query }],
      }),
    );
  }
  if (heapProbe) {
    server.registerTool('heap', { description: 'GC, then memory usage' }, async () => ({
      content: [{ type: 'text', text: JSON.stringify(measureHeap()) }],
    }));
  }
  return server;
}

const mode = process.argv[2] ?? 'stdio';

if (mode === 'stdio') {
  serveStdio(() => buildServer());
} else if (mode === 'http') {
  const handler = toNodeHandler(createMcpHandler(() => buildServer()));
  listen((req, res) => void handler(req, res));
} else if (mode === 'http-session') {
  listen(
    sessionRouter({
      createTransport: (options) => new NodeStreamableHTTPServerTransport(options),
      buildServer,
      isInitializeRequest,
    }),
  );
} else {
  throw new Error(`unknown mode ${mode}`);
}
