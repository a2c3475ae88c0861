import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../http/gateway.js';
import { describeEachDatabase } from '../test-support/describe-each-database.js';
import {
  MODERN_VERSION,
  modernRequest,
  RATES_ANSWER,
  type SeededAgent,
  seedAgent,
} from '../test-support/gateway-fixture.js';
import { startUpstream, type TestUpstream } from '../test-support/upstream-server.js';

const MiB = 1024 * 1024;
/** An upstream answer of 6 MiB: its MCP answer (text and structured content) is twice that. */
const BIG_ANSWER = JSON.stringify({ ...RATES_ANSWER, note: 'n'.repeat(6 * MiB) });
const CALL = { name: 'frankfurter_latest_rate', arguments: { base: 'USD', quote: 'EUR' } };

function callBody(): string {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { ...CALL, _meta: meta } });
}

async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await delay(10);
  }
}

describeEachDatabase('MCP answers a key leaves unread are bounded (issue 19, point 5)', (fixture) => {
  let upstream: TestUpstream;
  let gateway: Gateway;
  let server: Server;
  let origin: string;
  const responses: ServerResponse[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(BIG_ANSWER);
    });
    gateway = await createGateway({
      db: fixture.db(),
      rateLimit: false,
      unreadAnswers: { perKey: 2 * MiB },
    });
    server = createServer((req, res) => {
      if (req.headers['mcp-method'] === 'tools/call') responses.push(res);
      gateway.node(req, res);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await gateway?.close();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
    await upstream?.close();
  });

  /** A tools/call with `seeded`'s key on a raw connection that never reads. */
  function stuckReader(seeded: SeededAgent): void {
    const body = callBody();
    const port = Number(new URL(origin).port);
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => undefined);
    socket.pause();
    socket.write(
      `POST ${seeded.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${seeded.key}\r\n` +
        `Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n` +
        `MCP-Protocol-Version: ${MODERN_VERSION}\r\nMcp-Method: tools/call\r\nMcp-Name: ${CALL.name}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }

  it("a key's readers that never read are dropped past its budget, long before the send timeout; another key is served", async () => {
    const db = fixture.db();
    const binding = { maxResponseBytes: 16 * MiB };
    const stuck = await seedAgent(db, upstream, '/mcp', binding);
    const reading = await seedAgent(db, upstream, '/mcp', binding);
    responses.length = 0;
    for (let index = 0; index < 3; index++) stuckReader(stuck);
    await until(() => responses.length === 3, 'the three calls arrived');
    // Before the 30 s send timeout (the bound without the budget): only the budget can have done it.
    await until(() => responses.every((res) => res.destroyed), 'the stuck readers were dropped', 25_000);

    const answer = await modernRequest(
      `${origin}${reading.path}`,
      reading.key,
      'tools/call',
      CALL,
      CALL.name,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.result.structuredContent.note).toHaveLength(6 * MiB);
  }, 60_000);
});
