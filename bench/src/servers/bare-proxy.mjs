/**
 * The ceiling of any HTTP-to-HTTP gateway on this machine: a bare `node:http` server that turns
 * each MCP `tools/call` into the same REST GET to the upstream through an undici `Pool` (the
 * gateway's connection settings, keep-alive), and answers the upstream's JSON as a tool result
 * (text and `structuredContent`). Nothing else: no keys, no catalog, no validation, no history,
 * no sessions (`initialize` gets a fixed answer and a session id that is never checked).
 *
 * The body is parsed (the answer must carry the request's id) and the upstream's JSON is parsed
 * and serialised again, as any proxy that returns `structuredContent` must.
 *
 *   UPSTREAM_URL=http://127.0.0.1:PORT node bare-proxy.mjs     prints `listening <port>`
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { PROXY_POOL_SETTINGS as POOL_SETTINGS, REST_PATH } from '../gateway-workload.mjs';
import { listen, readBody, sendJson } from './http-common.mjs';

const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

const upstream = process.env.UPSTREAM_URL;
if (!upstream) throw new Error('bare-proxy.mjs: UPSTREAM_URL is not set');
const pool = new Pool(new URL(upstream).origin, {
  connections: POOL_SETTINGS.connections,
  keepAliveTimeout: POOL_SETTINGS.keepAliveTimeout,
  connect: { timeout: POOL_SETTINGS.connectTimeout },
});

function rpcError(res, status, id, message) {
  sendJson(res, status, { jsonrpc: '2.0', id: id ?? null, error: { code: -32603, message } });
}

async function call(res, message) {
  let data;
  try {
    const answer = await pool.request({ path: REST_PATH, method: 'GET' });
    const text = await answer.body.text();
    if (answer.statusCode !== 200)
      return rpcError(res, 502, message.id, `upstream HTTP ${answer.statusCode}`);
    data = JSON.parse(text);
  } catch (error) {
    return rpcError(res, 502, message.id, `upstream: ${error.code ?? error.name}`);
  }
  const result = { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
  if (message.params?._meta?.[PROTOCOL_VERSION_KEY] !== undefined) result.resultType = 'complete';
  sendJson(res, 200, { jsonrpc: '2.0', id: message.id, result });
}

listen(async (req, res) => {
  let message;
  try {
    message = JSON.parse(await readBody(req));
  } catch {
    return rpcError(res, 400, null, 'not JSON');
  }
  if (message?.id === undefined) {
    res.writeHead(202).end();
    return;
  }
  if (message.method === 'tools/call') return call(res, message);
  if (message.method === 'initialize') {
    res.setHeader('mcp-session-id', randomUUID());
    return sendJson(res, 200, {
      jsonrpc: '2.0',
      id: message.id,
      result: {
        protocolVersion: message.params?.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: 'bench-bare-proxy', version: '1.0.0' },
      },
    });
  }
  rpcError(res, 404, message.id, 'only initialize and tools/call');
});
