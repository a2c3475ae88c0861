import type { JsonRpcMessage, JsonRpcResponse } from '@mcpforge/wire';
import { afterEach, describe, expect, it } from 'vitest';
import { text } from '../results/index.js';
import { createServer } from '../server/mcp-server.js';
import type { Session } from '../server/session.js';
import type { HttpServable } from './options.js';
import { modernHeaders, modernMeta, type Served, serve } from './test-support/serve.js';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

describe('modern request aborted before it is dispatched', () => {
  it('is not run and not answered as a duplicate id (-32600)', async () => {
    let runs = 0;
    const inner = createServer({ name: 'inner', version: '1.0.0' });
    inner.tool({ name: 'work', inputSchema: { type: 'object' } }, () => {
      runs++;
      return text('done');
    });
    // A servable that does async work (auth, a lookup) before the runtime dispatches: the client
    // can leave in between. It has no `cancel`, so the transport's own abort path is used.
    let openGate: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const sessions: Session[] = [];
    const answers: Array<JsonRpcResponse | undefined> = [];
    const wrapper: HttpServable = {
      async handle(message: JsonRpcMessage, session: Session) {
        sessions.push(session);
        await gate;
        const answer = await inner.handle(message, session);
        answers.push(answer);
        return answer;
      },
    };
    served = await serve(wrapper, { keepAliveMs: 0 });
    const controller = new AbortController();
    const pending = fetch(served.url, {
      method: 'POST',
      headers: modernHeaders('tools/call', 'work'),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'work', arguments: {}, _meta: modernMeta() },
      }),
      signal: controller.signal,
    }).catch(() => undefined);
    for (let attempt = 0; attempt < 200 && sessions.length === 0; attempt++) await delay(5);
    controller.abort();
    await pending;
    const session = sessions[0] as Session;
    for (let attempt = 0; attempt < 200 && !session.state.closed; attempt++) await delay(5);
    expect(session.state.closed).toBe(true);
    openGate();
    for (let attempt = 0; attempt < 200 && answers.length === 0; attempt++) await delay(5);
    expect(answers).toEqual([undefined]);
    expect(runs).toBe(0);
    expect(session.state.inFlight.size).toBe(0);
  });

  it('still aborts the signal of a request already running, through a servable without cancel', async () => {
    const inner = createServer({ name: 'inner', version: '1.0.0' });
    let started = false;
    let aborted: unknown;
    inner.tool({ name: 'slow', inputSchema: { type: 'object' } }, async (_args, ctx) => {
      started = true;
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
      aborted = ctx.signal.reason;
      return text('aborted');
    });
    served = await serve(
      { handle: (message, session) => inner.handle(message, session) },
      { keepAliveMs: 0 },
    );
    const controller = new AbortController();
    const pending = fetch(served.url, {
      method: 'POST',
      headers: modernHeaders('tools/call', 'slow'),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'slow', arguments: {}, _meta: modernMeta() },
      }),
      signal: controller.signal,
    }).catch(() => undefined);
    for (let attempt = 0; attempt < 200 && !started; attempt++) await delay(5);
    controller.abort();
    await pending;
    for (let attempt = 0; attempt < 200 && aborted === undefined; attempt++) await delay(5);
    expect((aborted as Error).message).toBe('Client closed the response stream');
  });
});
