import { once } from 'node:events';
import { createServer, type Server, Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import {
  ConnectionClosedError,
  ConnectionError,
  ConnectionTimeoutError,
  ERR_CAPABILITY_DENIED,
  ERR_SERVER_ERROR,
  McplConnection,
  makeNotification,
  makeRequest,
  makeResponse,
  method,
  RpcError,
  textContent,
} from './index.js';

/** Two connections over in-memory pipes: what one writes the other reads. */
function pair(): { a: McplConnection; b: McplConnection } {
  const aToB = new PassThrough();
  const bToA = new PassThrough();
  return {
    a: McplConnection.fromStreams(bToA, aToB),
    b: McplConnection.fromStreams(aToB, bToA),
  };
}

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

describe('McplConnection (compat) over fromStreams', () => {
  it('negotiates: a request reaches nextMessage as { type: "request", request }, the response resolves sendRequest', async () => {
    const { a, b } = pair();
    const answered = a.sendRequest(method.INITIALIZE, {
      capabilities: { experimental: { mcpl: { version: '0.4' } } },
    });
    const message = await b.nextMessage();
    expect(message.type).toBe('request');
    if (message.type !== 'request') throw new Error('unreachable');
    expect(message.request).toMatchObject({ jsonrpc: '2.0', method: 'initialize', id: 1 });
    b.sendResponse(message.request.id, { protocolVersion: '2024-11-05' });
    await expect(answered).resolves.toEqual({ protocolVersion: '2024-11-05' });
    a.close();
    b.close();
  });

  it('delivers each message twice: to the event listeners and to nextMessage (dual delivery)', async () => {
    const { a, b } = pair();
    const heard: unknown[] = [];
    b.on('notification', (n) => heard.push(n.method));
    a.sendNotification('notifications/initialized');
    const message = await b.nextMessage();
    expect(message).toEqual({
      type: 'notification',
      notification: { jsonrpc: '2.0', method: 'notifications/initialized' },
    });
    expect(heard).toEqual(['notifications/initialized']);
    a.close();
    b.close();
  });

  it('a push/event request from the server side is answered by the host side', async () => {
    const { a: server, b: host } = pair();
    host.on('request', (request) => {
      if (request.method === method.PUSH_EVENT) host.sendResponse(request.id, { accepted: true });
    });
    const params = {
      featureSet: 'heartbeat',
      eventId: 'e1',
      timestamp: new Date().toISOString(),
      payload: { content: [textContent('wake up')] },
    };
    await expect(server.sendRequest(method.PUSH_EVENT, params)).resolves.toEqual({ accepted: true });
    server.close();
    host.close();
  });

  it('error responses with and without §6.6 data: RpcError with code and data, message without a code prefix', async () => {
    const { a, b } = pair();
    b.on('request', (request) => {
      if (request.method === 'with') {
        b.sendError(request.id, ERR_CAPABILITY_DENIED, 'denied', { capability: 'pushEvents' });
      } else {
        b.sendError(request.id, -32601, 'Method not found');
      }
    });
    const withData = await a.sendRequest('with').catch((error: unknown) => error);
    expect(withData).toBeInstanceOf(RpcError);
    expect(withData).toMatchObject({ code: -32002, message: 'denied', data: { capability: 'pushEvents' } });
    const without = await a.sendRequest('without').catch((error: unknown) => error);
    expect(without).toMatchObject({ code: -32601, message: 'Method not found' });
    expect((without as RpcError).data).toBeUndefined();
    expect(without).toBeInstanceOf(ConnectionError);
    a.close();
    b.close();
  });

  it('sendError leaves data off the wire when undefined', async () => {
    const lines: string[] = [];
    const bOut = new PassThrough();
    const c = McplConnection.fromStreams(new PassThrough(), bOut);
    bOut.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    c.sendError(7, -32601, 'nope');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.join('')).toBe('{"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"nope"}}\n');
    c.close();
  });

  it('a request not answered in time rejects with ConnectionTimeoutError: an RpcError, -32000, outcome no-response', async () => {
    const { a, b } = pair();
    const error = await a.sendRequest('slow', {}, 50).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionTimeoutError);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({
      code: ERR_SERVER_ERROR,
      outcome: 'no-response',
      method: 'slow',
      timeoutMs: 50,
    });
    expect((error as Error).message).toContain('timed out');
    // requestTimeout is the default, 0 = none
    a.requestTimeout = 30;
    await expect(a.sendRequest('slow')).rejects.toBeInstanceOf(ConnectionTimeoutError);
    a.close();
    b.close();
  });

  it('close rejects pending requests (no-response) and waiters; later sends are dropped or rejected not-sent', async () => {
    const { a, b } = pair();
    const pending = a.sendRequest('never');
    const waiter = a.nextMessage();
    const closed = once(a, 'close');
    a.close();
    await closed;
    expect(a.isClosed).toBe(true);
    await expect(pending).rejects.toMatchObject({ name: 'ConnectionClosedError', outcome: 'no-response' });
    await expect(waiter).rejects.toBeInstanceOf(ConnectionClosedError);
    expect(() => a.sendNotification('x')).not.toThrow();
    expect(() => a.sendResponse(1, {})).not.toThrow();
    expect(() => a.sendError(1, -1, 'x')).not.toThrow();
    await expect(a.sendRequest('late')).rejects.toMatchObject({ outcome: 'not-sent' });
    b.close();
  });

  it('nextMessage returns what was queued before the close, then rejects', async () => {
    const { a, b } = pair();
    a.sendNotification('one');
    a.sendNotification('two');
    await new Promise((resolve) => setTimeout(resolve, 10));
    b.close();
    expect((await b.nextMessage()).type).toBe('notification');
    expect((await b.nextMessage()).type).toBe('notification');
    await expect(b.nextMessage()).rejects.toBeInstanceOf(ConnectionClosedError);
    a.close();
  });

  it("the peer's input ending closes the connection", async () => {
    const { a, b } = pair();
    const closed = once(a, 'close');
    b.close(); // ends b's output = a's input
    await closed;
    expect(a.isClosed).toBe(true);
  });

  it('close() releases the output and leaves the input alone', () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const conn = McplConnection.fromStreams(input, output);
    conn.close();
    expect(conn.isClosed).toBe(true);
    expect(input.destroyed).toBe(false);
    expect(input.readableEnded).toBe(false);
    expect(output.writableEnded).toBe(true);
  });

  it('a connection on an already finished input closes from the start, reported after listeners attach', async () => {
    const input = new PassThrough();
    input.end();
    input.resume();
    await once(input, 'end');
    const conn = McplConnection.fromStreams(input, new PassThrough());
    expect(conn.isClosed).toBe(true);
    const closed = once(conn, 'close');
    await closed;
    await expect(conn.nextMessage()).rejects.toBeInstanceOf(ConnectionClosedError);
  });

  it("a throwing 'close' listener still leaves the input alone", async () => {
    const input = new PassThrough();
    const conn = McplConnection.fromStreams(input, new PassThrough());
    const errors: Error[] = [];
    conn.on('error', (error) => errors.push(error));
    conn.on('close', () => {
      throw new Error('close listener bug');
    });
    expect(() => conn.close()).not.toThrow();
    expect(input.destroyed).toBe(false);
    expect(errors.map((error) => error.message)).toEqual(['close listener bug']);
  });

  it('a malformed line is an error event; without an error listener it is dropped, never thrown', async () => {
    const input = new PassThrough();
    const conn = McplConnection.fromStreams(input, new PassThrough());
    const errors: Error[] = [];
    conn.on('error', (error) => errors.push(error));
    input.write('{not json\n');
    input.write('{"jsonrpc":"1.0","method":"old"}\n');
    input.write('{"jsonrpc":"2.0","method":"ok"}\n');
    const message = await conn.nextMessage();
    expect(message).toMatchObject({ type: 'notification', notification: { method: 'ok' } });
    expect(errors.length).toBeGreaterThanOrEqual(1);
    const quiet = McplConnection.fromStreams(input, new PassThrough());
    expect(() => input.write('{broken\n')).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    conn.close();
    quiet.close();
  });

  it('a throwing request listener is reported as error, does not close, and the message still reaches nextMessage', async () => {
    const { a, b } = pair();
    const errors: Error[] = [];
    b.on('error', (error) => errors.push(error));
    b.on('request', () => {
      throw new Error('listener bug');
    });
    void a.sendRequest('ping').catch(() => undefined);
    const message = await b.nextMessage();
    expect(message.type).toBe('request');
    expect(errors.map((error) => error.message)).toEqual(['listener bug']);
    expect(b.isClosed).toBe(false);
    a.close();
    b.close();
  });

  it('writes U+2028 and U+2029 escaped, so a reader splitting there still reads one message', async () => {
    const out = new PassThrough();
    const conn = McplConnection.fromStreams(new PassThrough(), out);
    let written = '';
    out.setEncoding('utf8').on('data', (chunk: string) => {
      written += chunk;
    });
    conn.sendNotification('say', { text: 'a\u2028b\u2029c' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toBe('{"jsonrpc":"2.0","method":"say","params":{"text":"a\\u2028b\\u2029c"}}\n');
    expect(JSON.parse(written)).toEqual({
      jsonrpc: '2.0',
      method: 'say',
      params: { text: 'a\u2028b\u2029c' },
    });
    conn.close();
  });

  it('message builders match the public core: params left out when undefined', () => {
    expect(makeRequest(1, 'm')).toEqual({ jsonrpc: '2.0', id: 1, method: 'm' });
    expect(makeNotification('n', { a: 1 })).toEqual({ jsonrpc: '2.0', method: 'n', params: { a: 1 } });
    expect(makeResponse('x', undefined)).toEqual({ jsonrpc: '2.0', id: 'x', result: null });
  });
});

describe('McplConnection (compat) over TCP and WebSocket', () => {
  it('acceptTcp/fromTcp on 127.0.0.1:0: a round trip, then the client closing closes the server side', async () => {
    const server: Server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    closers.push(() => server.close());
    const address = server.address() as { port: number };
    const accepted = McplConnection.acceptTcp(server);
    const socket = new Socket();
    socket.connect(address.port, '127.0.0.1');
    const client = McplConnection.fromTcp(socket);
    const served = await accepted;
    served.on('request', (request) => served.sendResponse(request.id, { echo: request.params }));
    await expect(client.sendRequest('echo', { n: 1 })).resolves.toEqual({ echo: { n: 1 } });
    const closed = once(served, 'close');
    client.close();
    await closed;
    expect(served.isClosed).toBe(true);
  });

  it('fromWebSocket: one message per text frame, both directions, close closes the socket', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(wss, 'listening');
    closers.push(() => wss.close());
    const port = (wss.address() as { port: number }).port;
    const frames: string[] = [];
    wss.on('connection', (socket) => {
      const conn = McplConnection.fromWebSocket(socket);
      socket.on('message', (data) => frames.push(String(data)));
      conn.on('request', (request) => conn.sendResponse(request.id, { ok: true }));
    });
    const ws = new WebSocket(`ws://127.0.0.1:${port}`);
    const client = McplConnection.fromWebSocket(ws);
    await expect(client.sendRequest('hello', {})).resolves.toEqual({ ok: true });
    expect(frames).toEqual(['{"jsonrpc":"2.0","id":1,"method":"hello","params":{}}']);
    const wsClosed = once(ws, 'close');
    client.close();
    await wsClosed;
    expect(client.isClosed).toBe(true);
  });
});
