import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LegacyClient, RATES_ANSWER, seedAgent } from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';
import {
  DEFAULT_GATEWAY_MAX_CONNECTIONS,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  resolveListenerLimits,
} from './listener-limits.js';
import { type RunningGateway, startGateway } from './start-gateway.js';

/** A raw connection to `url`'s port, with everything it received and when it closed. */
async function rawConnection(
  url: string,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const socket = connect(Number(new URL(url).port), '127.0.0.1');
  await once(socket, 'connect');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
  });
  const closed = once(socket, 'close').then(() => undefined);
  socket.on('error', () => undefined);
  return { socket, received: () => text, closed };
}

describe("the gateway's listener limits (issue 19, point 5)", () => {
  let upstream: TestUpstream;
  let running: RunningGateway;

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(RATES_ANSWER));
    });
    // Short timeouts stand for the defaults (10 s, 30 s): Node's own were 60 s (held 90) and 300 s.
    running = await startGateway({
      listen: { port: 0, headersTimeoutMs: 500, requestTimeoutMs: 1500, maxConnections: 4 },
    });
  });
  afterAll(async () => {
    await running?.close();
    await upstream?.close();
  });

  it('drops a connection whose headers never end, without a key', async () => {
    const { socket, received, closed } = await rawConnection(running.url);
    const from = performance.now();
    socket.write('GET /mcp/v1/a/b HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    await closed;
    // Held 90 s with Node's defaults; a generous bound far below that.
    expect(performance.now() - from).toBeLessThan(15_000);
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('drops an authenticated request whose body never ends', async () => {
    const seeded = await seedAgent(running.db, upstream);
    const { socket, received, closed } = await rawConnection(running.url);
    socket.write(
      `POST ${seeded.path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${seeded.key}\r\n` +
        'Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n' +
        'Content-Length: 1000\r\n\r\n{"jsonrpc":',
    );
    const from = performance.now();
    await closed;
    // Held 300 s with Node's defaults.
    expect(performance.now() - from).toBeLessThan(15_000);
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 503 with Retry-After past maxConnections, and serves again once one closes', async () => {
    const seeded = await seedAgent(running.db, upstream);
    const held = await Promise.all([1, 2, 3, 4].map(() => rawConnection(running.url)));
    const extra = await rawConnection(running.url);
    extra.socket.write(`GET ${seeded.path} HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n`);
    await extra.closed;
    expect(extra.received()).toMatch(/^HTTP\/1\.1 503 /);
    expect(extra.received()).toMatch(/retry-after: 1/i);
    for (const connection of held) connection.socket.destroy();
    await Promise.all(held.map((connection) => connection.closed));
    const client = new LegacyClient(`${running.url}${seeded.path}`, seeded.key);
    await client.connect();
    expect((await client.request('tools/list')).status).toBe(200);
  });

  it('applies documented defaults to the listener when none are given, and refuses a limit turned off', async () => {
    const plain = await startGateway({ listen: { port: 0 } });
    try {
      expect(plain.server.headersTimeout).toBe(DEFAULT_HEADERS_TIMEOUT_MS);
      expect(plain.server.requestTimeout).toBe(DEFAULT_REQUEST_TIMEOUT_MS);
      expect(DEFAULT_GATEWAY_MAX_CONNECTIONS).toBe(512);
    } finally {
      await plain.close();
    }
    expect(() => resolveListenerLimits({ headersTimeoutMs: 0 })).toThrow(/listen\.headersTimeoutMs/);
    expect(() => resolveListenerLimits({ maxConnections: Number.NaN })).toThrow(/listen\.maxConnections/);
    expect(() => resolveListenerLimits({ headersTimeoutMs: 5000, requestTimeoutMs: 1000 })).toThrow(
      /at least listen\.headersTimeoutMs/,
    );
    await expect(startGateway({ listen: { port: 0, requestTimeoutMs: -1 } })).rejects.toThrow(
      /listen\.requestTimeoutMs/,
    );
  }, 120_000);
});
