import { once } from 'node:events';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { readNodeBody, readRequestBody } from './body.js';
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
