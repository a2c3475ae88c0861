/** The three HTTP workloads: what each connection does first, and what each request carries. */
import {
  ECHO_TEXT,
  echoCallParts,
  INITIALIZED_LINE,
  initializeLine,
  LEGACY_VERSION,
  MODERN_VERSION,
} from '../workload.mjs';

export const HTTP_ERAS = ['legacy-session', 'legacy-stateless', 'modern'];

/** The JSON-RPC message in a response body, JSON or SSE. */
export function parseRpcBody(response) {
  if ((response.headers['content-type'] ?? '').includes('text/event-stream')) {
    for (const line of response.body.split('\n')) {
      if (line.startsWith('data:') && line.includes('"jsonrpc"')) return JSON.parse(line.slice(5));
    }
    return undefined;
  }
  return response.body === '' ? undefined : JSON.parse(response.body);
}

async function initialize(connection) {
  const response = await connection.post('', initializeLine(0));
  const message = response.status === 200 ? parseRpcBody(response) : undefined;
  if (message?.result?.protocolVersion === undefined) {
    throw new Error(`initialize failed: HTTP ${response.status} ${response.body.slice(0, 300)}`);
  }
  return response.headers['mcp-session-id'];
}

/** Per era: `open(connection)` → extra header lines for that connection's calls. */
export const ERA_SETUP = {
  'legacy-session': async (connection) => {
    const sessionId = await initialize(connection);
    if (sessionId === undefined) throw new Error('legacy-session: initialize returned no Mcp-Session-Id');
    const headers = `Mcp-Session-Id: ${sessionId}\r\nMCP-Protocol-Version: ${LEGACY_VERSION}\r\n`;
    const ack = await connection.post(headers, INITIALIZED_LINE);
    if (ack.status !== 202 && ack.status !== 200)
      throw new Error(`initialized: HTTP ${ack.status} ${ack.body.slice(0, 200)}`);
    return headers;
  },
  'legacy-stateless': async (connection) => {
    await initialize(connection);
    return `MCP-Protocol-Version: ${LEGACY_VERSION}\r\n`;
  },
  modern: async () =>
    `MCP-Protocol-Version: ${MODERN_VERSION}\r\nMcp-Method: tools/call\r\nMcp-Name: echo\r\n`,
};

export function eraBody(era) {
  const { prefix, suffix } = echoCallParts(era === 'modern' ? 'modern' : 'legacy');
  return (id) => prefix + id + suffix;
}

const OK_TEXT = `"text":"${ECHO_TEXT}"`;

export function echoOk(response) {
  return (
    response.status === 200 &&
    response.body.includes(OK_TEXT) &&
    !response.body.includes('"isError":true') &&
    !response.body.includes('"error":{')
  );
}

export function checkEchoResponse(response) {
  if (response.status !== 200) return `HTTP ${response.status}: ${response.body.slice(0, 300)}`;
  const message = parseRpcBody(response);
  const text = message?.result?.content?.[0]?.text;
  if (text !== ECHO_TEXT || message.result.isError) return `wrong echo: ${response.body.slice(0, 300)}`;
  return undefined;
}
