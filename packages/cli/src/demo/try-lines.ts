import { DEMO, DEMO_ARGUMENTS } from './seed-demo.js';

/**
 * What the demo prints for a person to try: curl lines (the seed's examples) and an MCP
 * Inspector command.
 * @module
 */

/** The protocol version the printed `initialize` asks for (the seed's example). */
export const DEMO_PROTOCOL_VERSION = '2025-06-18';

/** Single-quotes `text` for a POSIX shell. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

function curl(url: string, key: string, body: object, session: boolean): string {
  return [
    `curl -i ${shellQuote(url)}`,
    `  -H ${shellQuote(`Authorization: Bearer ${key}`)}`,
    "  -H 'Content-Type: application/json'",
    "  -H 'Accept: application/json, text/event-stream'",
    ...(session ? ["  -H 'MCP-Session-Id: <session id from the initialize answer>'"] : []),
    `  --data ${shellQuote(JSON.stringify(body))}`,
  ].join(' \\\n');
}

/** `initialize`, as in seed 003. */
export function initializeCurl(mcpUrl: string, key: string): string {
  return curl(
    mcpUrl,
    key,
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: DEMO_PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'curl', version: '1.0.0' },
      },
    },
    false,
  );
}

/** `tools/call` of the demo tool with the seed's arguments, in the session `initialize` opened. */
export function callCurl(mcpUrl: string, key: string): string {
  return curl(
    mcpUrl,
    key,
    { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: DEMO.tool, arguments: DEMO_ARGUMENTS } },
    true,
  );
}

/** The MCP Inspector's CLI mode listing the tools (the Inspector needs Node 22 or later). */
export function inspectorCommand(mcpUrl: string, key: string): string {
  return [
    'npx -y @modelcontextprotocol/inspector --cli',
    shellQuote(mcpUrl),
    '--transport http',
    `--header ${shellQuote(`Authorization: Bearer ${key}`)}`,
    '--method tools/list',
  ].join(' ');
}
