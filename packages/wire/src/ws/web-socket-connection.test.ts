import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { ConnectionClosedError, MessageTooLargeError, ProtocolViolationError } from '../index.js';
import { closed } from '../test-support/streams.js';
import { fromWebSocket } from './index.js';

let server: WebSocketServer | undefined;

afterEach(async () => {
  for (const client of server?.clients ?? []) client.terminate();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A ws server on 127.0.0.1:0; resolves its URL and the next server-side socket. */
async function listen(options: { maxPayload?: number } = {}) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, ...options });
  server = wss;
  await new Promise((resolve) => wss.once('listening', resolve));
  const address = wss.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const nextSocket = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  return { url: `ws://127.0.0.1:${address.port}`, nextSocket };
}

/** Frames the raw client receives, parsed. */
function framesOf(socket: WebSocket): unknown[] {
  const frames: unknown[] = [];
  socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString())));
  return frames;
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 2));
}

describe('fromWebSocket', () => {
  it('carries one message per text frame; sends made while connecting go out on open', async () => {
    const { url, nextSocket } = await listen();
    const client = fromWebSocket(new WebSocket(url));
    const answer = client.request('echo', { text: 'a\u2028b' });
    const serverConnection = fromWebSocket(await nextSocket, { queueIncoming: false });
    serverConnection.on('request', (r) => serverConnection.respond(r.id, r.params));
    await expect(answer).resolves.toEqual({ text: 'a\u2028b' });
    client.close();
    await closed(serverConnection);
  });

  it('a binary frame is an error event answered -32600; the next text frame is processed', async () => {
    const { url, nextSocket } = await listen();
    const raw = new WebSocket(url);
    const frames = framesOf(raw);
    const connection = fromWebSocket(await nextSocket);
    const errors: Error[] = [];
    connection.on('error', (e) => errors.push(e));
    await new Promise((resolve) => raw.once('open', resolve));
    raw.send(Buffer.from('{"jsonrpc":"2.0","method":"x"}'), { binary: true });
    raw.send('{"jsonrpc":"2.0","method":"after"}');
    expect((await connection.nextMessage()).method).toBe('after');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ProtocolViolationError);
    expect((errors[0] as ProtocolViolationError).code).toBe('ERR_BINARY_FRAME');
    await until(() => frames.length === 1);
    expect(frames[0]).toMatchObject({ id: null, error: { code: -32600 } });
    connection.close();
  });

  it('an oversize frame is a MessageTooLargeError event; the connection lives on', async () => {
    const { url, nextSocket } = await listen();
    const raw = new WebSocket(url);
    const connection = fromWebSocket(await nextSocket, { maxMessageBytes: 100 });
    const errors: Error[] = [];
    connection.on('error', (e) => errors.push(e));
    await new Promise((resolve) => raw.once('open', resolve));
    raw.send(JSON.stringify({ jsonrpc: '2.0', method: 'big', params: { pad: 'x'.repeat(200) } }));
    raw.send('{"jsonrpc":"2.0","method":"small"}');
    expect((await connection.nextMessage()).method).toBe('small');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(MessageTooLargeError);
    expect(connection.closed).toBe(false);
    connection.close();
  });

  it('a frame beyond ws maxPayload fails the socket: the error is reported once, then close', async () => {
    const { url, nextSocket } = await listen({ maxPayload: 64 });
    const raw = new WebSocket(url);
    raw.on('error', () => undefined);
    const connection = fromWebSocket(await nextSocket);
    const events: string[] = [];
    connection.on('error', (e) => events.push(`error:${e.name}`));
    connection.on('close', () => events.push('close'));
    await new Promise((resolve) => raw.once('open', resolve));
    raw.send('x'.repeat(1000));
    await closed(connection);
    expect(events).toEqual(['error:RangeError', 'close']);
  });

  it('the server closing the socket rejects pending requests no-response and closes', async () => {
    const { url, nextSocket } = await listen();
    const connection = fromWebSocket(new WebSocket(url));
    const serverSide = await nextSocket;
    const received = new Promise((resolve) => serverSide.once('message', resolve));
    const pending = connection.request('never');
    await received;
    serverSide.close(1001, 'going away');
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionClosedError);
    expect((error as ConnectionClosedError).outcome).toBe('no-response');
    expect(connection.closed).toBe(true);
  });

  it('an abrupt server termination closes the client connection', async () => {
    const { url, nextSocket } = await listen();
    const connection = fromWebSocket(new WebSocket(url));
    connection.on('error', () => undefined);
    const serverSide = await nextSocket;
    await until(() => serverSide.readyState === WebSocket.OPEN);
    serverSide.terminate();
    await closed(connection);
    expect(() => connection.notify('late')).toThrow(ConnectionClosedError);
  });

  it('a refused connection: the error is reported, requests made while connecting reject not-sent', async () => {
    const { url } = await listen();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
    const connection = fromWebSocket(new WebSocket(url));
    const events: string[] = [];
    connection.on('error', (e) => events.push(`error:${(e as NodeJS.ErrnoException).code}`));
    connection.on('close', () => events.push('close'));
    const error = await connection.request('never').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionClosedError);
    expect((error as ConnectionClosedError).outcome).toBe('not-sent');
    expect(events).toEqual(['error:ECONNREFUSED', 'close']);
  });

  it('close() closes the WebSocket once', async () => {
    const { url, nextSocket } = await listen();
    const socket = new WebSocket(url);
    const connection = fromWebSocket(socket);
    const serverSide = await nextSocket;
    await until(() => socket.readyState === WebSocket.OPEN);
    const serverSawClose = new Promise((resolve) => serverSide.once('close', (code) => resolve(code)));
    let closes = 0;
    connection.on('close', () => closes++);
    connection.close();
    connection.close();
    expect(socket.readyState).toBe(WebSocket.CLOSING);
    expect(await serverSawClose).toBe(1000);
    expect(closes).toBe(1);
  });

  it('on an already-closed WebSocket: closed at once, close reported after listeners attach', async () => {
    const { url, nextSocket } = await listen();
    const socket = new WebSocket(url);
    await nextSocket;
    await new Promise((resolve) => socket.once('open', resolve));
    socket.close();
    await new Promise((resolve) => socket.once('close', resolve));
    const connection = fromWebSocket(socket);
    expect(connection.closed).toBe(true);
    const events: string[] = [];
    connection.on('close', () => events.push('close'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['close']);
  });

  it('close() while still connecting: queued requests reject not-sent, the handshake abort does not crash', async () => {
    const { url, nextSocket } = await listen();
    void nextSocket;
    const socket = new WebSocket(url);
    const connection = fromWebSocket(socket);
    const events: string[] = [];
    connection.on('error', (e) => events.push(`error:${e.message}`));
    connection.on('close', () => events.push('close'));
    const pending = connection.request('never');
    connection.notify('never either');
    connection.close();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ERR_CONNECTION_CLOSED', outcome: 'not-sent' });
    await new Promise((resolve) => socket.once('close', resolve));
    expect(events).toEqual(['close']);
  });

  it('a server that fails the handshake: error once, then close, nothing after', async () => {
    const { createServer } = await import('node:http');
    const http = createServer((_request, response) => response.writeHead(500).end());
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      const address = http.address();
      if (!address || typeof address === 'string') throw new Error('no TCP address');
      const socket = new WebSocket(`ws://127.0.0.1:${address.port}`);
      const connection = fromWebSocket(socket);
      const events: string[] = [];
      connection.on('error', (e) => events.push(`error:${e.message}`));
      connection.on('close', () => events.push('close'));
      const pending = connection.request('never');
      await closed(connection);
      await expect(pending).rejects.toMatchObject({ outcome: 'not-sent' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(events).toHaveLength(2);
      expect(events[0]).toMatch(/^error:Unexpected server response: 500/);
      expect(events[1]).toBe('close');
    } finally {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});
