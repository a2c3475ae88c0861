import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type Connection, ConnectionClosedError, fromSocket } from '../index.js';
import { closed } from '../test-support/streams.js';

let server: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A TCP server on 127.0.0.1:0 and a client socket connected to it. */
async function tcpPair(): Promise<{ client: Socket; serverSide: Socket }> {
  const accepted = new Promise<Socket>((resolve) => {
    server = createServer(resolve);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server?.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const client = connect(address.port, '127.0.0.1');
  await new Promise((resolve) => client.once('connect', resolve));
  return { client, serverSide: await accepted };
}

function echoServer(connection: Connection): void {
  connection.on('request', (request) => connection.respond(request.id, request.params));
}

describe('fromSocket', () => {
  it('carries requests and responses over a real TCP connection', async () => {
    const { client, serverSide } = await tcpPair();
    const serverConnection = fromSocket(serverSide, { queueIncoming: false });
    echoServer(serverConnection);
    const clientConnection = fromSocket(client);
    const answers = await Promise.all([1, 2, 3].map((n) => clientConnection.request('echo', { n })));
    expect(answers).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const serverClosed = closed(serverConnection);
    clientConnection.close();
    await serverClosed;
    if (!client.closed) await new Promise((resolve) => client.once('close', resolve));
    expect(client.destroyed).toBe(true);
  });

  it('a TCP reset: pending requests reject no-response, the error is reported once, then close', async () => {
    const { client, serverSide } = await tcpPair();
    const connection = fromSocket(client);
    const events: string[] = [];
    connection.on('error', (e) => events.push(`error:${(e as NodeJS.ErrnoException).code}`));
    connection.on('close', () => events.push('close'));
    const received = new Promise((resolve) => serverSide.once('data', resolve));
    const pending = connection.request('slow');
    await received;
    serverSide.resetAndDestroy();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionClosedError);
    expect((error as ConnectionClosedError).outcome).toBe('no-response');
    if (!client.closed) await new Promise((resolve) => client.once('close', resolve));
    expect(events).toEqual(['error:ECONNRESET', 'close']);
    connection.close();
  });

  it('the peer ending its side closes the connection without an error', async () => {
    const { client, serverSide } = await tcpPair();
    const connection = fromSocket(client);
    const errors: Error[] = [];
    connection.on('error', (e) => errors.push(e));
    serverSide.end();
    await closed(connection);
    expect(errors).toEqual([]);
    connection.close();
  });
});
