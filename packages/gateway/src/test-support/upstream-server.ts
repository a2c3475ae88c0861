import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A real upstream for execution tests: a node:http server on 127.0.0.1 (an ephemeral port)
 * whose answer a test writes, recording every request it received whole.
 * @module
 */

/** A request as the upstream received it. */
export interface ReceivedRequest {
  method: string;
  /** Path and query exactly as sent on the request line. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** How a test answers; it may also leave the request hanging or destroy the socket. */
export type UpstreamRoute = (request: ReceivedRequest, response: ServerResponse, socket: Socket) => void;

export interface TestUpstream {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  readonly port: number;
  /** Every request received, in order. */
  readonly requests: ReceivedRequest[];
  /** Sockets that closed after the server accepted them (the gateway hung up or the test destroyed them). */
  readonly closedSockets: () => number;
  /** Replaces the answer for later requests. */
  route(route: UpstreamRoute): void;
  close(): Promise<void>;
}

/** Starts an upstream answering with `route` (by default: 200 `{}`). */
export async function startUpstream(route?: UpstreamRoute): Promise<TestUpstream> {
  let current: UpstreamRoute =
    route ??
    ((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  let closed = 0;
  const server: Server = createServer((message, response) => {
    const chunks: Buffer[] = [];
    message.on('data', (chunk: Buffer) => chunks.push(chunk));
    message.on('end', () => {
      const request: ReceivedRequest = {
        method: message.method ?? '',
        url: message.url ?? '',
        headers: message.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      current(request, response, message.socket);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      closed++;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    closedSockets: () => closed,
    route(next) {
      current = next;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: one the system just gave and took back. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
