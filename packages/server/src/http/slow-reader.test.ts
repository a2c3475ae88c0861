import type { ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as delay, setImmediate as yieldToLoop } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { text } from '../results/index.js';
import { createServer } from '../server/mcp-server.js';
import { DEFAULT_MAX_STREAM_BUFFER_BYTES } from './exchange-limits.js';
import { PIECE_BYTES } from './paced-writer.js';
import { modernHeaders, modernMeta, type Served, serve } from './test-support/serve.js';

const CHUNK = 'x'.repeat(64 * 1024);
/** 64 MiB in all: far past the limit, yet finite, so the test ends even if the limit failed. */
const MAX_NOTIFICATIONS = 1024;

/** What the flooding handler saw, observed from inside the server process. */
interface Flood {
  emitted: number;
  aborted: boolean;
  finished: boolean;
  /** Largest `writableLength` of the flood's response: bytes node itself buffered for the reader. */
  maxBuffered: number;
}

let served: Served | undefined;
let socket: Socket | undefined;
afterEach(async () => {
  socket?.destroy();
  socket = undefined;
  await served?.close();
  served = undefined;
});

/** A server whose `flood` tool sends 64 KiB progress notifications until the request is cancelled. */
function floodServer(flood: Flood, response: () => ServerResponse | undefined) {
  const server = createServer({ name: 'flood', version: '1.0.0' });
  server.tool({ name: 'echo', inputSchema: { type: 'object' } }, () => text('still serving'));
  server.tool({ name: 'flood', inputSchema: { type: 'object' } }, async (_args, ctx) => {
    for (let step = 1; step <= MAX_NOTIFICATIONS && !ctx.signal.aborted; step++) {
      ctx.progress(step, undefined, CHUNK);
      flood.emitted++;
      flood.maxBuffered = Math.max(flood.maxBuffered, response()?.writableLength ?? 0);
      await yieldToLoop(); // let the socket drain what the reader takes
    }
    flood.aborted = ctx.signal.aborted;
    flood.finished = true;
    return text('flooded');
  });
  return server;
}

function call(name: string, id: number): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: {}, _meta: { ...modernMeta(), progressToken: 'flood' } },
  });
}

async function echo(url: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: modernHeaders('tools/call', 'echo'),
    body: call('echo', 2),
  });
  return response.json();
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await delay(10);
  }
}

describe('a slow SSE reader', () => {
  it('is disconnected 8 MiB behind; its request is cancelled and others are served throughout', async () => {
    const flood: Flood = { emitted: 0, aborted: false, finished: false, maxBuffered: 0 };
    let floodResponse: ServerResponse | undefined;
    served = await serve(
      floodServer(flood, () => floodResponse),
      { keepAliveMs: 0 },
    );
    served.server.prependListener('request', (req, res: ServerResponse) => {
      if (req.headers['mcp-name'] === 'flood') floodResponse = res;
    });

    // A raw client that sends the call, then never reads: the kernel buffers fill, then node's.
    const body = call('flood', 1);
    const head = Object.entries({ ...modernHeaders('tools/call', 'flood'), host: `127.0.0.1:${served.port}` })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const reader = connect(served.port, '127.0.0.1');
    socket = reader;
    reader.pause();
    reader.write(`POST /mcp HTTP/1.1\r\n${head}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);

    // While the reader is stuck, another client is answered.
    await until(() => flood.emitted >= 16);
    expect(await echo(served.url)).toMatchObject({ result: { content: [{ text: 'still serving' }] } });

    await until(() => flood.finished);
    // The server gave up on the reader: the request was cancelled long before the flood ran out,
    // once the limit was unread (what the kernel holds comes on top), not before. Node itself
    // held about one piece at a time: the rest waited, paced, until the drop released it.
    expect(flood.aborted).toBe(true);
    expect(flood.emitted).toBeLessThan(MAX_NOTIFICATIONS);
    expect(flood.emitted * CHUNK.length).toBeGreaterThan(DEFAULT_MAX_STREAM_BUFFER_BYTES);
    expect(flood.maxBuffered).toBeLessThanOrEqual(PIECE_BYTES + 2 * CHUNK.length);
    expect(floodResponse?.destroyed).toBe(true);
    console.info(
      `slow reader dropped after ${flood.emitted} events (${((flood.emitted * CHUNK.length) / 2 ** 20).toFixed(0)} MiB emitted), ` +
        `at most ${(flood.maxBuffered / 2 ** 20).toFixed(1)} MiB buffered by node`,
    );

    // The reader, reading again, gets what the kernel still held, then the end of the connection:
    // never the final answer.
    let received = '';
    const closed = new Promise<void>((resolve) => reader.on('close', () => resolve()));
    reader.on('error', () => undefined);
    reader.setEncoding('utf8').on('data', (chunk: string) => {
      received += chunk;
    });
    reader.resume();
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toContain('content-type: text/event-stream');
    expect(received).toContain('"method":"notifications/progress"');
    expect(received).not.toContain('flooded');
    expect(received.length).toBeLessThan(flood.emitted * CHUNK.length);

    expect(await echo(served.url)).toMatchObject({ result: { content: [{ text: 'still serving' }] } });
  });
});
