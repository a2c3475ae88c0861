import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../server/index.js';
import { DEFAULT_MAX_EVENT_BYTES } from './event-store.js';
import { createHttpHandler, type HttpHandler } from './handler.js';

// A real measurement needs a real collection: expose gc() to this worker without a command-line flag.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MiB = 1024 * 1024;
const HEADERS = {
  host: 'localhost',
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** A tool reporting progress three times; every progress event echoes the (huge) progress token. */
function progressServer(gate?: Promise<void>) {
  const server = createServer({ name: 'tokens', version: '1.0.0' });
  server.tool({ name: 'work', inputSchema: { type: 'object' } }, async (_args, ctx) => {
    ctx.progress(1, 3);
    await gate;
    ctx.progress(2, 3);
    ctx.progress(3, 3);
    return { content: [{ type: 'text', text: 'done' }] };
  });
  return server;
}

async function openSession(handler: HttpHandler): Promise<(body: unknown) => Request> {
  const init = await handler.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    }),
  );
  await init.text();
  const sessionId = init.headers.get('mcp-session-id') as string;
  return (body) =>
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { ...HEADERS, 'mcp-session-id': sessionId },
      body: JSON.stringify(body),
    });
}

function call(id: number, token: string) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'work', arguments: {}, _meta: { progressToken: token } },
  };
}

/** A 2 MiB token, distinct per call so no string is shared between calls. */
function bigToken(index: number): string {
  return `${index}:`.padEnd(2 * MiB, 'x');
}

let handler: HttpHandler | undefined;
afterEach(() => {
  handler?.close();
  handler = undefined;
});

describe('legacy event store memory', () => {
  it('40 calls with a 2 MiB progressToken, each read to its end, pin nothing once answered', async () => {
    handler = createHttpHandler(progressServer(), { keepAliveMs: 0 });
    const request = await openSession(handler);
    const before = heapAfterGc();
    for (let index = 1; index <= 40; index++) {
      const response = await handler.fetch(request(call(index, bigToken(index))));
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      const text = await response.text();
      expect(text).toContain(`"id":${index},"result"`);
    }
    const growth = heapAfterGc() - before;
    console.info(
      `heap growth, 40 answered 2 MiB-token calls, session open: ${(growth / MiB).toFixed(1)} MiB`,
    );
    // 40 × 3 progress events × 2 MiB were recorded; delivered streams keep none of them.
    expect(growth).toBeLessThan(16 * MiB);
  }, 60_000);

  it('calls whose clients vanish mid-stream keep at most the default byte bound for resumption', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    handler = createHttpHandler(progressServer(gate), { keepAliveMs: 0 });
    const request = await openSession(handler);
    const before = heapAfterGc();
    for (let index = 1; index <= 40; index++) {
      const response = await handler.fetch(request(call(index, bigToken(index))));
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      // The client goes away after the first event; the call runs on and is recorded for a resume.
      await reader.cancel();
    }
    open();
    // Let the 40 handlers finish and record their last events.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    const growth = heapAfterGc() - before;
    console.info(
      `heap growth, 40 abandoned 2 MiB-token streams, session open: ${(growth / MiB).toFixed(1)} MiB (bound ${DEFAULT_MAX_EVENT_BYTES / MiB} MiB)`,
    );
    // Unbounded, 40 streams × 3 events × 2 MiB would be held: 240 MiB.
    expect(growth).toBeLessThan(DEFAULT_MAX_EVENT_BYTES + 16 * MiB);
  }, 60_000);
});
