import type { ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { text } from '../results/index.js';
import { createServer } from '../server/mcp-server.js';
import { BufferBudget } from './buffer-budget.js';
import type { HttpRequestInfo } from './exchange.js';
import { HttpAuthError } from './options.js';
import { modernHeaders, modernMeta, type Served, serve } from './test-support/serve.js';

/** An answer far larger than what the kernel's socket buffers absorb for a reader that stopped. */
const BIG = 'b'.repeat(16 * 1024 * 1024);
const MiB = 1024 * 1024;

function bigServer() {
  const server = createServer({ name: 'big', version: '1.0.0' });
  server.tool({ name: 'big', inputSchema: { type: 'object' } }, () => text(BIG));
  return server;
}

/** Bearer tokens are the principals themselves. */
function authenticate(request: HttpRequestInfo): string {
  const token = request.header('authorization')?.replace(/^Bearer /, '');
  if (token === undefined || token === '') throw new HttpAuthError(401, 'no token', 'Bearer');
  return token;
}

const CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'big', arguments: {}, _meta: modernMeta() },
});

let served: Served | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await served?.close();
  served = undefined;
});

/** Sends the big call on a raw connection that never reads its answer. */
function stuckReader(port: number, principal: string | undefined): void {
  const headers: Record<string, string> = {
    ...modernHeaders('tools/call', 'big'),
    host: `127.0.0.1:${port}`,
  };
  if (principal !== undefined) headers['authorization'] = `Bearer ${principal}`;
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined);
  socket.pause();
  socket.write(`POST /mcp HTTP/1.1\r\n${head}content-length: ${Buffer.byteLength(CALL)}\r\n\r\n${CALL}`);
}

async function bigCall(url: string, principal: string | undefined): Promise<number> {
  const headers = modernHeaders('tools/call', 'big');
  if (principal !== undefined) headers['authorization'] = `Bearer ${principal}`;
  const response = await fetch(url, { method: 'POST', headers, body: CALL });
  const body = (await response.json()) as { result: { content: [{ text: string }] } };
  return body.result.content[0].text.length;
}

async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await delay(10);
  }
}

/** Serves `bigServer` and records the response of each big call. */
async function serveBig(options: Parameters<typeof serve>[1]): Promise<ServerResponse[]> {
  served = await serve(bigServer(), {
    keepAliveMs: 0,
    // Only the budget may drop a reader here: the send timeout is far longer than the test.
    sendTimeoutMs: 600_000,
    ...options,
  });
  const responses: ServerResponse[] = [];
  served.server.prependListener('request', (_req, res: ServerResponse) => {
    responses.push(res);
  });
  return responses;
}

describe('unread answers are bounded per principal and in total (issue 19, point 5)', () => {
  it("one principal's readers that never read are dropped past its budget; another principal is served", async () => {
    const responses = await serveBig({
      authenticate,
      principalOf: (auth) => auth as string,
      maxBufferedBytesPerPrincipal: 2 * MiB,
    });
    const port = served?.port as number;
    for (let index = 0; index < 3; index++) stuckReader(port, 'ada');
    await until(() => responses.length === 3, 'the three calls arrived');
    // Each holds MiBs the kernel would not take: without the budget they stay open for the send timeout.
    await until(() => responses.every((res) => res.destroyed), "ada's stuck readers were dropped");
    expect(await bigCall(served?.url as string, 'bob')).toBe(BIG.length);
    expect(await bigCall(served?.url as string, 'ada')).toBe(BIG.length);
  });

  it('readers that never read are dropped past the total budget; a client that reads is served', async () => {
    const responses = await serveBig({ maxBufferedBytes: 4 * MiB });
    const port = served?.port as number;
    for (let index = 0; index < 4; index++) stuckReader(port, undefined);
    await until(() => responses.length === 4, 'the four calls arrived');
    await until(() => responses.every((res) => res.destroyed), 'the stuck readers were dropped');
    expect(await bigCall(served?.url as string, undefined)).toBe(BIG.length);
  });

  it('refuses a budget that would turn itself off', async () => {
    await expect(serve(bigServer(), { maxBufferedBytes: Number.NaN })).rejects.toThrow(/maxBufferedBytes/);
    await expect(serve(bigServer(), { maxBufferedBytesPerPrincipal: -1 })).rejects.toThrow(
      /maxBufferedBytesPerPrincipal/,
    );
  });
});

describe('BufferBudget', () => {
  it('counts each charge once, per principal and in total, and forgets released ones', () => {
    const budget = new BufferBudget(100, 60);
    const ada = budget.open('ada');
    const ada2 = budget.open('ada');
    const anonymous = budget.open(undefined);
    expect(ada.set(40)).toBe(true);
    expect(ada.set(50)).toBe(true);
    expect(ada2.set(20)).toBe(false);
    expect(budget.of('ada')).toBe(70);
    expect(anonymous.set(30)).toBe(true);
    expect(anonymous.set(31)).toBe(false);
    ada2.release();
    ada2.release();
    expect(budget.of('ada')).toBe(50);
    expect(budget.total).toBe(81);
    ada.release();
    anonymous.release();
    expect(budget.total).toBe(0);
    expect(budget.of('ada')).toBe(0);
  });
});
