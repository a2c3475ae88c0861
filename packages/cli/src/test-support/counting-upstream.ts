/**
 * A counting upstream in its own process, for the approval tests across processes:
 * `node --import <register.mjs> counting-upstream.ts`. It prints one JSON line `{ "url" }` on
 * stdout, records every request to `/v1/orders` (method, Idempotency-Key, body, when), and
 * answers 201 with an order after `DELAY_MS` (env, default 0), or, for customer `Fail Corp`, 500
 * with the request body echoed (a careless upstream). With `HOLD_FIRST=1` it never
 * answers the first order request: the gateway that sent it is killed while waiting.
 * `GET /__received` answers the record. SIGTERM stops it.
 * @module
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received {
  method: string;
  url: string;
  idempotencyKey: string | null;
  body: string;
  /** Milliseconds since the epoch, when the body had arrived. */
  at: number;
}

const delayMs = Number(process.env['DELAY_MS'] ?? '0');
const holdFirst = process.env['HOLD_FIRST'] === '1';
const received: Received[] = [];

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    if (request.url === '/__received') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      return;
    }
    const key = request.headers['idempotency-key'];
    const entry: Received = {
      method: request.method ?? '',
      url: request.url ?? '',
      idempotencyKey: typeof key === 'string' ? key : null,
      body: Buffer.concat(chunks).toString('utf8'),
      at: Date.now(),
    };
    received.push(entry);
    // Held: no answer; the socket closes when the gateway process dies.
    if (holdFirst && received.length === 1) return;
    setTimeout(() => {
      if (entry.body.includes('"Fail Corp"')) {
        response.writeHead(500, { 'content-type': 'application/json' }).end(`{"declined":${entry.body}}`);
        return;
      }
      const order = { id: `ord_${received.length}`, idempotency_key: entry.idempotencyKey };
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(order));
    }, delayMs);
  });
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
