/**
 * The raw floor: the same JSON-RPC answers with no framework. Parse, build the result,
 * stringify: no validation, no sessions, no caching. Its answers carry the same fields as
 * a spec-complete server's (modern results: `resultType` and `_meta` serverInfo).
 *
 *   node floor.mjs stdio   newline-delimited JSON on stdin/stdout
 *   node floor.mjs http    a bare node:http JSON responder
 */
import { randomUUID } from 'node:crypto';
import { fillerCount, fillerTool, heapProbeEnabled, measureHeap } from '../workload.mjs';
import { listen, readBody } from './http-common.mjs';

const heapProbe = heapProbeEnabled();
const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const MODERN_RESULT_META = {
  'io.modelcontextprotocol/serverInfo': { name: 'bench-floor', version: '1.0.0' },
};
const tools = [
  {
    name: 'echo',
    description: 'Echoes its text',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
];
for (let i = 0; i < fillerCount(); i++) tools.push(fillerTool(i));

/** The result for one request, or undefined for a notification. */
function answer(message) {
  if (message.id === undefined) return undefined;
  switch (message.method) {
    case 'initialize':
      return {
        jsonrpc: '2.0',
        id: message.id,
        result: {
          protocolVersion: message.params.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'bench-floor', version: '1.0.0' },
        },
      };
    case 'tools/list':
      return { jsonrpc: '2.0', id: message.id, result: { tools } };
    case 'tools/call': {
      const text =
        message.params.name === 'heap' && heapProbe
          ? JSON.stringify(measureHeap())
          : message.params.arguments.text;
      const result = { content: [{ type: 'text', text }] };
      // A modern request gets what 2026-07-28 asks of every result: `resultType` (MUST)
      // and the server's identity in `_meta` (SHOULD), so the floor writes the same bytes.
      if (message.params._meta?.[PROTOCOL_VERSION_KEY] !== undefined) {
        result.resultType = 'complete';
        result._meta = MODERN_RESULT_META;
      }
      return { jsonrpc: '2.0', id: message.id, result };
    }
    default:
      return { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } };
  }
}

const mode = process.argv[2] ?? 'stdio';

if (mode === 'stdio') {
  let pending = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    const text = pending + chunk;
    let out = '';
    let start = 0;
    let end = text.indexOf('\n');
    while (end !== -1) {
      const reply = answer(JSON.parse(text.slice(start, end)));
      if (reply !== undefined) out += `${JSON.stringify(reply)}\n`;
      start = end + 1;
      end = text.indexOf('\n', start);
    }
    pending = text.slice(start);
    if (out !== '') process.stdout.write(out);
  });
  process.stdin.on('end', () => process.exit(0));
} else if (mode === 'http') {
  listen(async (req, res) => {
    const message = JSON.parse(await readBody(req));
    const reply = answer(message);
    if (reply === undefined) {
      res.writeHead(202).end();
      return;
    }
    const headers = { 'content-type': 'application/json' };
    if (message.method === 'initialize') headers['mcp-session-id'] = randomUUID();
    const body = JSON.stringify(reply);
    headers['content-length'] = Buffer.byteLength(body);
    res.writeHead(200, headers);
    res.end(body);
  });
} else {
  throw new Error(`unknown mode ${mode}`);
}
