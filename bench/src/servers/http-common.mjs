/** Small pieces every HTTP bench server shares: body reading, the heap probe, listening. */
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
