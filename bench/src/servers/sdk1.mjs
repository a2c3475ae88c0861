/**
 * The workload on the official SDK v1 (`@modelcontextprotocol/sdk` 1.32): `McpServer`
 * with zod shapes, served the way the SDK's docs and examples do it.
 *
 *   node sdk1.mjs stdio          StdioServerTransport
 *   node sdk1.mjs http-session   StreamableHTTPServerTransport, one per session (simpleStreamableHttp)
 *   node sdk1.mjs http-stateless a new server + transport per request (simpleStatelessStreamableHttp)
 *
 * Plain node:http instead of the examples' Express app, so the SDK is not charged for Express.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { fillerCount, fillerTool, heapProbeEnabled, measureHeap } from '../workload.mjs';
import { z } from '../zod.mjs';
import { listen, readBody, sendJson, sessionRouter } from './http-common.mjs';

const fillers = fillerCount();
const heapProbe = heapProbeEnabled();

function buildServer() {
  const server = new McpServer({ name: 'bench-sdk1', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes its text', inputSchema: { text: z.string() } },
    async ({ text }) => ({
      content: [{ type: 'text', text }],
    }),
  );
  for (let i = 0; i < fillers; i++) {
    const tool = fillerTool(i);
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: {
          query: z.string().describe('What to look for'),
          limit: z.number().int().min(1).max(100).optional().describe('Most records returned'),
          includeArchived: z.boolean().optional().describe('Also search archived records'),
        },
      },
      async ({ query }) => ({ content: [{ type: 'text', text: query }] }),
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
  await buildServer().connect(new StdioServerTransport());
} else if (mode === 'http-session') {
  listen(
    sessionRouter({
      createTransport: (options) => new StreamableHTTPServerTransport(options),
      buildServer,
      isInitializeRequest,
    }),
  );
} else if (mode === 'http-stateless') {
  listen(async (req, res) => {
    if (req.method !== 'POST')
      return sendJson(res, 405, {
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed.' },
        id: null,
      });
    const body = JSON.parse(await readBody(req));
    const server = buildServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      transport.close();
      server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
} else {
  throw new Error(`unknown mode ${mode}`);
}
