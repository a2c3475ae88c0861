import type { ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { text } from '../results/index.js';
import { createServer } from '../server/mcp-server.js';
import { modernHeaders, modernMeta, type Served, serve } from './test-support/serve.js';

// A real collection between measurements, so freed answers do not count.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Larger than what the kernel's socket buffers take for a reader that never reads (about 4 MiB). */
const ANSWER_BYTES = 12 * 1024 * 1024;
const READERS = 8;
const MiB = 1024 * 1024;

let served: Served | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await served?.close();
  served = undefined;
});

function bigServer() {
  const server = createServer({ name: 'big', version: '1.0.0' });
  const payload = 'x'.repeat(ANSWER_BYTES);
  server.tool({ name: 'big', inputSchema: { type: 'object' } }, () => text(payload));
  server.tool({ name: 'echo', inputSchema: { type: 'object' } }, () => text('still serving'));
  return server;
}

function call(name: string, id: number): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: {}, _meta: modernMeta() },
  });
}

/** A raw client that sends one call and never reads a byte of the answer. */
function neverReads(port: number, id: number): Socket {
  const body = call('big', id);
  const head = Object.entries({ ...modernHeaders('tools/call', 'big'), host: `127.0.0.1:${port}` })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.pause();
  socket.on('error', () => undefined);
  socket.write(`POST /mcp HTTP/1.1\r\n${head}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  return socket;
}

async function echo(url: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: modernHeaders('tools/call', 'echo'),
    body: call('echo', 2),
  });
  return response.json();
}

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await delay(20);
  }
}

function held(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

describe('clients that never read a large JSON answer', () => {
  it('are disconnected after sendTimeoutMs, their answers released, while others are served', async () => {
    served = await serve(bigServer(), { sendTimeoutMs: 300 });
    const responses: ServerResponse[] = [];
    served.server.prependListener('request', (req, res: ServerResponse) => {
      if (req.headers['mcp-name'] === 'big') responses.push(res);
    });
    expect(await echo(served.url)).toMatchObject({ result: { content: [{ text: 'still serving' }] } });
    collect();
    const before = held();

    for (let id = 1; id <= READERS; id++) neverReads(served.port, id);
    await until(() => responses.length === READERS && responses.every((res) => res.headersSent));
    // Stuck, each with most of its answer unsent; another client is answered meanwhile.
    expect(await echo(served.url)).toMatchObject({ result: { content: [{ text: 'still serving' }] } });

    await until(() => responses.every((res) => res.destroyed));
    responses.length = 0;
    // A destroyed socket lets go of its pending write when its handle has closed, a moment later.
    let growth = Number.POSITIVE_INFINITY;
    await until(() => {
      collect();
      growth = held() - before;
      return growth < 2 * ANSWER_BYTES;
    }, 5_000).catch(() => undefined);
    console.info(
      `${READERS} readers of ${ANSWER_BYTES / MiB} MiB answers dropped; held ${(growth / MiB).toFixed(1)} MiB more than before`,
    );
    // Nowhere near one answer per reader (96 MiB here). What stays is not per reader: the tool's
    // payload string, flattened once when first serialised.
    expect(growth).toBeLessThan(2 * ANSWER_BYTES);

    // A stuck reader that reads again gets part of its answer, then the end of the connection.
    const reader = sockets[0] as Socket;
    let received = 0;
    const closed = new Promise<void>((resolve) => reader.on('close', () => resolve()));
    reader.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    reader.resume();
    await closed;
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(ANSWER_BYTES);

    expect(await echo(served.url)).toMatchObject({ result: { content: [{ text: 'still serving' }] } });
  });

  it('a client that reads slowly but steadily gets the whole answer', async () => {
    served = await serve(bigServer(), { sendTimeoutMs: 300 });
    const socket = neverReads(served.port, 1);
    let received = 0;
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    // Read what arrived every 5 ms (at most a socket buffer, 16 KiB): far slower than the server
    // could send, never 300 ms without taking bytes.
    const ticker = setInterval(() => {
      for (
        let chunk = socket.read() as Buffer | null;
        chunk !== null;
        chunk = socket.read() as Buffer | null
      ) {
        received += chunk.length;
      }
    }, 5);
    try {
      await until(() => received > ANSWER_BYTES, 15_000);
    } finally {
      clearInterval(ticker);
    }
    socket.destroy();
    await closed;
    expect(received).toBeGreaterThan(ANSWER_BYTES);
  });
});
