import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { isOfficePath, matchOffice, officeAnswer } from './office.js';
import { OrderBook } from './orders.js';
import { latestRates } from './rates.js';

/**
 * The demo's bundled upstream, one loopback HTTP server for the demo agents:
 * `GET /v1/latest` (the rates of `currency-rates`, see rates.ts), `POST /v1/orders` /
 * `GET /v1/orders` (the orders `sales` places after a person approves, see orders.ts) and the
 * office service of `office`'s operations (`/v1/clients`, `/v1/invoices`, ..., see office.ts).
 * @module
 */

/** Largest request body read: an order is a few hundred bytes. */
export const MAX_UPSTREAM_BODY_BYTES = 16 * 1024;

/** The bundled upstream, listening. */
export interface DemoUpstream {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** The orders placed so far (what `GET /v1/orders` answers). */
  readonly orders: OrderBook;
  close(): Promise<void>;
}

type Send = (status: number, body: unknown, headers?: Record<string, string>) => void;

/** The body's text, or undefined when it is over the cap (the rest is drained, not kept). */
function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_UPSTREAM_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () =>
      resolve(size > MAX_UPSTREAM_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')),
    );
    request.on('error', reject);
  });
}

function rates(url: URL, request: IncomingMessage, send: Send): void {
  request.resume();
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    send(405, { message: 'method not allowed' });
  } else {
    const base = url.searchParams.get('base') ?? 'EUR';
    const answer = latestRates(base, url.searchParams.get('symbols') ?? undefined);
    send('rates' in answer ? 200 : 404, answer);
  }
}

async function office(url: URL, request: IncomingMessage, send: Send): Promise<void> {
  const found = matchOffice(request.method ?? 'GET', url.pathname);
  if (found === undefined) {
    request.resume();
    return send(405, { message: 'method not allowed' });
  }
  let body: unknown;
  if (found.operation.method === 'POST' || found.operation.method === 'PATCH') {
    const text = await readBody(request);
    if (text === undefined) return send(413, { message: `a body over ${MAX_UPSTREAM_BODY_BYTES} bytes` });
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      return send(400, { message: 'the body is not JSON' });
    }
  } else request.resume();
  const answer = officeAnswer(found.operation, found.params, url.searchParams, body);
  send(answer.status, answer.body);
}

async function orders(book: OrderBook, request: IncomingMessage, send: Send): Promise<void> {
  if (request.method === 'GET' || request.method === 'HEAD') {
    request.resume();
    return send(200, book.list());
  }
  if (request.method !== 'POST') {
    request.resume();
    return send(405, { message: 'method not allowed' });
  }
  const text = await readBody(request);
  if (text === undefined) return send(413, { message: `a body over ${MAX_UPSTREAM_BODY_BYTES} bytes` });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return send(400, { message: 'the body is not JSON' });
  }
  const key = request.headers['idempotency-key'];
  const answer = book.place(body, Array.isArray(key) ? key[0] : key);
  send(answer.status, answer.body, answer.replayed === true ? { 'idempotent-replayed': 'true' } : {});
}

/** Starts the bundled upstream on `host` (loopback) and a free port. */
export async function startDemoUpstream(host = '127.0.0.1'): Promise<DemoUpstream> {
  const book = new OrderBook();
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://upstream');
    const send: Send = (status, body, headers = {}) => {
      if (!response.headersSent)
        response
          .writeHead(status, { 'content-type': 'application/json', ...headers })
          .end(JSON.stringify(body));
    };
    if (url.pathname === '/v1/latest') return rates(url, request, send);
    if (url.pathname === '/v1/orders') {
      orders(book, request, send).catch(() => send(500, { message: 'internal error' }));
      return;
    }
    if (isOfficePath(url.pathname)) {
      office(url, request, send).catch(() => send(500, { message: 'internal error' }));
      return;
    }
    request.resume();
    send(404, { message: 'not found' });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    orders: book,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
