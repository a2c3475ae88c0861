import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../server/index.js';
import { createHttpHandler, type HttpHandler } from './handler.js';
import type { HttpHandlerOptions } from './options.js';

const HEADERS = {
  host: 'localhost',
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

let handler: HttpHandler | undefined;
afterEach(() => {
  handler?.close();
  handler = undefined;
});

/** A server whose `gated` tool reports progress, waits for the test to open the gate, reports again. */
function gatedServer() {
  const server = createServer({ name: 'gated', version: '1.0.0' });
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  server.tool({ name: 'gated', inputSchema: { type: 'object' } }, async (_args, ctx) => {
    ctx.progress(1, 2);
    await gate;
    ctx.progress(2, 2);
    return { content: [{ type: 'text', text: 'gated done' }] };
  });
  return { server, open: () => open() };
}

async function start(
  server: ReturnType<typeof createServer>,
  options: HttpHandlerOptions = {},
): Promise<{
  post(body: unknown): Promise<Response>;
  get(headers: Record<string, string>): Promise<Response>;
}> {
  const opened = createHttpHandler(server, { keepAliveMs: 0, ...options });
  handler = opened;
  const init = await opened.fetch(
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
  return {
    post: (body) =>
      opened.fetch(
        new Request('http://localhost/mcp', {
          method: 'POST',
          headers: { ...HEADERS, 'mcp-session-id': sessionId },
          body: JSON.stringify(body),
        }),
      ),
    get: (headers) =>
      opened.fetch(
        new Request('http://localhost/mcp', {
          headers: {
            host: 'localhost',
            accept: 'text/event-stream',
            'mcp-session-id': sessionId,
            ...headers,
          },
        }),
      ),
  };
}

/** Reads an SSE body event by event (`id` and parsed `data`), without waiting for its end. */
function sseReader(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  return {
    /** The next event with data, or undefined at the end of the stream. */
    async next(): Promise<{ id: string | undefined; data: Record<string, unknown> } | undefined> {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const id = /^id: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (data !== undefined) return { id, data: JSON.parse(data) };
          continue;
        }
        const chunk = await reader.read();
        if (chunk.done) return undefined;
        buffered += decoder.decode(chunk.value, { stream: true });
      }
    },
  };
}

function gatedCall(id: number | string) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'gated', arguments: {}, _meta: { progressToken: 'p' } },
  };
}

describe('legacy POST streams', () => {
  it('a rejected duplicate id does not break the original request stream', async () => {
    const { server, open } = gatedServer();
    const client = await start(server);
    const original = await client.post(gatedCall(7));
    expect(original.headers.get('content-type')).toBe('text/event-stream');
    const events = sseReader(original);
    expect((await events.next())?.data).toMatchObject({
      method: 'notifications/progress',
      params: { progress: 1 },
    });

    const duplicate = await client.post(gatedCall(7));
    expect(await duplicate.json()).toMatchObject({
      id: 7,
      error: { code: -32600, message: expect.stringContaining('already used') },
    });

    // The original goes on after the duplicate's rejection: its progress still arrives on its stream.
    open();
    expect((await events.next())?.data).toMatchObject({
      method: 'notifications/progress',
      params: { progress: 2 },
    });
    expect((await events.next())?.data).toMatchObject({
      id: 7,
      result: { content: [{ text: 'gated done' }] },
    });
    expect(await events.next()).toBeUndefined();
  });
});

describe('Last-Event-ID', () => {
  it('a non-numeric or negative sequence on a known stream is refused with 400 and a JSON-RPC error', async () => {
    const client = await start(createServer({ name: 'resume', version: '1.0.0' }));
    const standalone = await client.get({});
    expect(standalone.status).toBe(200);
    const priming = /^id: (\S+)$/m.exec(await readFirstBlock(standalone))?.[1] as string;
    expect(priming).toMatch(/_-1$/);
    const streamId = priming.slice(0, priming.lastIndexOf('_'));
    for (const sequence of ['abc', '-5', '-2', '1.5', '', '+1', '1e2', '01', '-0', '0x1', '9'.repeat(20)]) {
      const refused = await client.get({ 'last-event-id': `${streamId}_${sequence}` });
      expect({ sequence, status: refused.status }).toEqual({ sequence, status: 400 });
      expect(refused.headers.get('content-type')).toBe('application/json');
      expect(await refused.json()).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringContaining('Last-Event-ID') },
      });
    }
    // The priming id itself (sequence -1) is a valid place to resume from.
    const resumed = await client.get({ 'last-event-id': priming });
    expect(resumed.status).toBe(200);
    await resumed.body?.cancel();
  });
});

/** The first SSE block of a response, leaving the stream open. */
async function readFirstBlock(response: Response): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('\n\n')) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  reader.releaseLock();
  return text;
}
