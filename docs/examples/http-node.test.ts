import { request } from 'node:http';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createEchoServer, type Listening, listen } from './http-node.js';

const open: Listening[] = [];
afterEach(async () => {
  for (const served of open.splice(0)) await served.close();
});

async function serve(options: Parameters<typeof listen>[2] = {}): Promise<Listening> {
  const served = await listen(createEchoServer(), 0, options);
  open.push(served);
  return served;
}

/** A raw request with any Host header (fetch will not let us set one). */
function rawPost(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('docs/http.md: createHttpHandler on node:http', () => {
  it('serves a legacy session (SDK v1) and a modern client (SDK v2) on one endpoint', async () => {
    const { url } = await serve();

    const legacy = new ClientV1({ name: 'v1', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    legacy.setRequestHandler(ElicitRequestSchema, async () => ({
      action: 'accept',
      content: { name: 'Ada' },
    }));
    const legacyTransport = new HttpV1(new URL(url));
    await legacy.connect(legacyTransport);
    expect(legacyTransport.sessionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await legacy.callTool({ name: 'echo', arguments: { text: 'legacy' } })).toMatchObject({
      content: [{ type: 'text', text: 'legacy' }],
    });
    // Legacy elicitation: a server-to-client request on the session's SSE stream.
    expect(await legacy.callTool({ name: 'ask', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'Hello, Ada!' }],
    });
    await legacyTransport.terminateSession();
    await legacy.close();

    const modern = new ClientV2(
      { name: 'v2', version: '2.0.0' },
      { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    modern.setRequestHandler('elicitation/create', async () => ({
      action: 'accept',
      content: { name: 'Grace' },
    }));
    const modernTransport = new HttpV2(new URL(url));
    await modern.connect(modernTransport);
    expect(modern.getProtocolEra()).toBe('modern');
    expect(modernTransport.sessionId).toBeUndefined(); // modern requests are stateless
    // Modern elicitation: an input_required result, answered by retrying the call (MRTR).
    expect(await modern.callTool({ name: 'ask', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'Hello, Grace!' }],
    });
    await modern.close();
  });

  it('refuses foreign Host headers, wrong content types, oversized bodies and batches', async () => {
    const { url } = await serve({ maxBodyBytes: 1024 });
    expect(await rawPost(url, { ...JSON_HEADERS, host: 'attacker.example' }, INITIALIZE)).toBe(403);
    expect(await rawPost(url, { ...JSON_HEADERS, host: 'localhost:1' }, INITIALIZE)).toBe(200);
    const post = (body: string, headers: Record<string, string> = JSON_HEADERS) =>
      fetch(url, { method: 'POST', headers, body }).then(async (response) => {
        await response.body?.cancel();
        return response.status;
      });
    expect(await post(INITIALIZE, { ...JSON_HEADERS, 'content-type': 'text/plain' })).toBe(415);
    expect(await post(JSON.stringify({ padding: 'x'.repeat(2048) }))).toBe(413);
    expect(await post(`[${INITIALIZE}]`)).toBe(400);
    expect(await post('{not json')).toBe(400);
  });
});
