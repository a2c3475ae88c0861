/** Small pieces every HTTP bench server shares: body reading, the heap probe, listening. */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { heapProbeEnabled, measureHeap } from '../workload.mjs';

/** Reads a request body as a UTF-8 string. */
export function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () =>
      resolve(chunks.length === 1 ? chunks[0].toString() : Buffer.concat(chunks).toString()),
    );
    req.on('error', reject);
  });
}

/**
 * Starts a `node:http` server on 127.0.0.1 with an ephemeral port, answering
 * `GET /__heap` itself when the heap probe is on, and prints `listening <port>` on
 * stdout so the parent knows where to connect.
 */
export function listen(handler) {
  const probe = heapProbeEnabled();
  const server = http.createServer((req, res) => {
    if (probe && req.url === '/__heap') {
      const body = JSON.stringify(measureHeap());
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    handler(req, res);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`listening ${server.address().port}\n`);
  });
  process.on('SIGTERM', () => process.exit(0));
  return server;
}

export function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * The session routing both SDKs document for stateful Streamable HTTP: a transport per
 * session, created on `initialize`, looked up by `Mcp-Session-Id` afterwards.
 * `createTransport(options)` builds the SDK's transport; `buildServer()` its server.
 */
export function sessionRouter({ createTransport, buildServer, isInitializeRequest }) {
  const transports = new Map();
  return async (req, res) => {
    const sessionId = req.headers['mcp-session-id'];
    if (req.method !== 'POST') {
      const transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
      if (transport === undefined)
        return sendJson(res, 400, {
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Invalid or missing session ID' },
          id: null,
        });
      return transport.handleRequest(req, res);
    }
    const body = JSON.parse(await readBody(req));
    let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (transport === undefined) {
      if (sessionId !== undefined || !isInitializeRequest(body)) {
        return sendJson(res, 400, {
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Bad Request: No valid session ID provided' },
          id: null,
        });
      }
      const created = createTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => transports.set(id, created),
      });
      created.onclose = () => {
        if (created.sessionId !== undefined) transports.delete(created.sessionId);
      };
      await buildServer().connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res, body);
  };
}
