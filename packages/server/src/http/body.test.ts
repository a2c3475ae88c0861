import { once } from 'node:events';
import { createServer, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DISCARD_BYTES, readNodeBody, readRequestBody } from './body.js';
import type { HttpRejection } from './rejection.js';

async function post(port: number, body: string, chunked: boolean): Promise<{ status: number; text: string }> {
  const req = request({
    port,
    method: 'POST',
    headers: chunked ? {} : { 'content-length': Buffer.byteLength(body) },
  });
  if (chunked) {
    req.write(body.slice(0, 10));
    req.write(body.slice(10));
  } else {
    req.write(body);
  }
  req.end();
  const [res] = await once(req, 'response');
  let text = '';
  for await (const chunk of res) text += chunk;
  return { status: res.statusCode, text };
}

describe('readNodeBody', () => {
  it('reads a body under the limit and refuses one over it with 413, then keeps serving', async () => {
    const server = createServer((req, res) => {
      readNodeBody(req, 64).then(
        (text) => res.end(`ok:${text}`),
        (error: HttpRejection) => res.writeHead(error.status, { connection: 'close' }).end(error.toBody()),
      );
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      expect(await post(port, 'héllo', false)).toEqual({ status: 200, text: 'ok:héllo' });
      const big = 'x'.repeat(200);
      for (const chunked of [false, true]) {
        const refused = await post(port, big, chunked);
        expect(refused.status).toBe(413);
        expect(JSON.parse(refused.text).error.code).toBe(-32600);
      }
      expect((await post(port, 'again', true)).text).toBe('ok:again');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

/** Sends `parts` over a raw socket with a pause between them; resolves with what came back and any socket error. */
async function uploadInParts(
  port: number,
  head: string,
  parts: Buffer[],
): Promise<{ reply: string; error: unknown }> {
  // Half-open, as an HTTP client that keeps uploading while the answer comes in: the server's
  // FIN does not stop our writes.
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  await once(socket, 'connect');
  let reply = '';
  let error: unknown;
  socket.on('data', (chunk) => {
    reply += chunk;
  });
  socket.on('error', (cause) => {
    error = cause;
  });
  // Not once(): it rejects on 'error', and a reset is what the second test expects.
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.write(head);
  for (const part of parts) {
    if (socket.destroyed) break;
    socket.write(part);
    await sleep(100);
  }
  socket.end();
  await closed;
  return { reply, error };
}

describe('an oversize body still being uploaded', () => {
  async function refusingServer() {
    const server = createServer((req, res) => {
      readNodeBody(req, 64 * 1024).then(
        () => res.end('ok'),
        (error: HttpRejection) => res.writeHead(error.status, { connection: 'close' }).end(error.toBody()),
      );
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return server;
  }

  it('gets its 413 and a clean close, not a reset (the rest of the body is read and dropped first)', async () => {
    const server = await refusingServer();
    const { port } = server.address() as AddressInfo;
    try {
      const parts = [
        Buffer.alloc(70 * 1024, 'x'),
        Buffer.alloc(64 * 1024, 'x'),
        Buffer.alloc(64 * 1024, 'x'),
      ];
      const length = parts.reduce((sum, part) => sum + part.length, 0);
      for (const declared of [true, false]) {
        const head = declared
          ? `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${length}\r\n\r\n`
          : 'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n';
        const body = declared
          ? parts
          : [
              ...parts.map((part) =>
                Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]),
              ),
              Buffer.from('0\r\n\r\n'),
            ];
        const { reply, error } = await uploadInParts(port, head, body);
        expect(error).toBeUndefined();
        expect(reply).toMatch(/^HTTP\/1\.1 413 /);
      }
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('is cut off once it has sent more than the discard bound past the limit', async () => {
    const server = await refusingServer();
    const { port } = server.address() as AddressInfo;
    try {
      const chunk = Buffer.alloc(256 * 1024, 'x');
      const parts = Array.from(
        { length: Math.ceil(DEFAULT_MAX_DISCARD_BYTES / chunk.length) + 8 },
        () => chunk,
      );
      const head = `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${64 * 1024 * 1024}\r\n\r\n`;
      const { reply } = await uploadInParts(port, head, parts);
      expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('readRequestBody', () => {
  it('reads fetch bodies with the same limit', async () => {
    expect(await readRequestBody(new Request('http://x/', { method: 'POST', body: 'abc' }), 8)).toBe('abc');
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('12345'));
        controller.enqueue(new TextEncoder().encode('67890'));
        controller.close();
      },
    });
    const refused = readRequestBody(
      new Request('http://x/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit),
      8,
    );
    await expect(refused).rejects.toMatchObject({ status: 413 });
  });
});
