// A deliberately broken MCP server for `mcpforge check`'s tests: plain Node, raw JSON-RPC over
// stdio, legacy handshake only, one instance of each problem the check must report.
//   node broken-server.mjs           the broken catalog
//   node broken-server.mjs --exit    exits at once (code 3)
//   node broken-server.mjs --mute    reads and never answers
//   node broken-server.mjs --modern  the same catalog, 2026-07-28 only (no initialize)
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

// Lets a test see that the checker killed this process.
if (process.env.BROKEN_SERVER_PID_FILE)
  writeFileSync(process.env.BROKEN_SERVER_PID_FILE, String(process.pid));

const mode = process.argv[2];
if (mode === '--exit') {
  process.stderr.write('broken-server: giving up at once\n');
  process.exit(3);
}

const described = (text) => ({ type: 'string', description: text });
const TOOLS = [
  {
    name: 'no_properties',
    description: 'A tool whose input schema has no properties member at all.',
    inputSchema: { type: 'object' },
  },
  {
    name: 'bad_schema',
    description: 'A tool whose input schema uses a type that does not exist.',
    inputSchema: { type: 'object', properties: { x: { type: 'strin' } }, additionalProperties: false },
  },
  {
    name: 'has space',
    description: 'A tool whose name has a space in it, which MCP does not allow.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  },
  {
    name: 'write_note',
    description: 'Writes a note; declares the probe but runs the handler on a probe.',
    inputSchema: {
      type: 'object',
      properties: { path: described('Where to write the note.') },
      required: ['path'],
      additionalProperties: false,
    },
    _meta: { 'forge.supports_permission_patterns': true },
  },
  {
    name: 'count_things',
    description: 'Counts things; accepts arguments that break its schema.',
    inputSchema: {
      type: 'object',
      properties: { count: { type: 'integer', description: 'How many things to count.' } },
      required: ['count'],
      additionalProperties: false,
    },
  },
  {
    name: 'undocumented',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  },
];

// A log line on stdout, where hosts expect only MCP messages.
if (mode === undefined) process.stdout.write('broken-server starting\n');

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (mode === '--mute') return;
  const message = JSON.parse(line);
  if (message.id === undefined || message.id === null) return;
  const { id, method, params } = message;
  if (mode === '--modern') {
    modern(id, method, params);
    return;
  }
  switch (method) {
    case 'initialize':
      send({
        id,
        result: {
          protocolVersion: params.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'broken-server', version: '0.0.1' },
        },
      });
      return;
    case 'tools/list':
      send({ id, result: { tools: TOOLS } });
      return;
    case 'tools/call':
      // Every call "runs": no validation, no probe, no unknown-tool error.
      send({ id, result: { content: [{ type: 'text', text: `ran ${params.name}` }] } });
      return;
    default:
      send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
  }
});
lines.on('close', () => process.exit(0));

const PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
const complete = (result) => ({ resultType: 'complete', ...result });

/** The modern era: every request carries the version in _meta; initialize is gone. */
function modern(id, method, params) {
  if (method === 'initialize') {
    send({
      id,
      error: {
        code: -32601,
        message: 'Method not found: initialize is not part of protocol version 2026-07-28',
      },
    });
    return;
  }
  if (params?._meta?.[PROTOCOL_VERSION] !== '2026-07-28') {
    send({ id, error: { code: -32602, message: `Invalid params: _meta is missing '${PROTOCOL_VERSION}'` } });
    return;
  }
  switch (method) {
    case 'server/discover':
      send({ id, result: complete({ supportedVersions: ['2026-07-28'], capabilities: { tools: {} } }) });
      return;
    case 'tools/list':
      send({ id, result: complete({ tools: TOOLS }) });
      return;
    case 'tools/call':
      send({ id, result: complete({ content: [{ type: 'text', text: `ran ${params.name}` }] }) });
      return;
    default:
      send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
  }
}
