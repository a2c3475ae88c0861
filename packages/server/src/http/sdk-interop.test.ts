import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from './test-support/fixture-server.js';
import { type Served, serve } from './test-support/serve.js';

let served: Served;

beforeAll(async () => {
  served = await serve(fixtureServer(), { keepAliveMs: 0, retryMs: 50 });
});
afterAll(() => served.close());

/** Fast reconnection, so the SSE-polling tool (`poll`) resumes within the test. */
const reconnectionOptions = {
  initialReconnectionDelay: 20,
  maxReconnectionDelay: 100,
  reconnectionDelayGrowFactor: 1,
  maxRetries: 5,
};

/** Status of a raw legacy `ping` on a session: 200 while it lives, 404 once it ended. */
async function pingStatus(sessionId: string): Promise<number> {
  const response = await fetch(served.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'ping' }),
  });
  await response.text();
  return response.status;
}

const textOf = (result: unknown): string =>
  ((result as { content: Array<{ text: string }> }).content[0] as { text: string }).text;

describe('official SDK v1 client (legacy era)', () => {
  it('calls, progress on the POST stream, elicitation, resumption after a dropped SSE connection, DELETE', async () => {
    const client = new ClientV1(
      { name: 'v1-interop', version: '1.0.0' },
      { capabilities: { elicitation: {} } },
    );
    client.setRequestHandler(ElicitRequestSchema, async () => ({
      action: 'accept',
      content: { name: 'Ada' },
    }));
    const transport = new HttpV1(new URL(served.url), { reconnectionOptions });
    try {
      await client.connect(transport);
      const sessionId = transport.sessionId as string;
      expect(sessionId).toMatch(/^[\x21-\x7e]+$/);
      expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }))).toBe('hi');
      const progress: number[] = [];
      const progressed = await client.callTool({ name: 'progress', arguments: {} }, undefined, {
        onprogress: (event) => progress.push(event.progress),
      });
      expect([textOf(progressed), progress]).toEqual(['done', [0, 50, 100]]);
      expect(textOf(await client.callTool({ name: 'ask', arguments: {} }))).toBe('accept:{"name":"Ada"}');
      const pollProgress: number[] = [];
      const polled = await client.callTool({ name: 'poll', arguments: {} }, undefined, {
        onprogress: (event) => pollProgress.push(event.progress),
      });
      expect([textOf(polled), pollProgress]).toEqual(['after reconnect', [1]]);

      await transport.terminateSession();
      expect(await pingStatus(sessionId)).toBe(404);
    } finally {
      await client.close();
    }
  });
});

function v2Client(era: 'legacy' | 'modern'): { client: ClientV2; transport: HttpV2 } {
  const client = new ClientV2(
    { name: 'v2-interop', version: '2.0.0' },
    era === 'modern'
      ? { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: '2026-07-28' } } }
      : { capabilities: { elicitation: {} } },
  );
  client.setRequestHandler('elicitation/create', async () => ({
    action: 'accept',
    content: { name: 'Grace' },
  }));
  return { client, transport: new HttpV2(new URL(served.url), { reconnectionOptions }) };
}

describe('official SDK v2 client', () => {
  it('legacy era: session, calls, elicitation over SSE, resumption after a dropped SSE connection, DELETE', async () => {
    const { client, transport } = v2Client('legacy');
    try {
      await client.connect(transport);
      expect(client.getProtocolEra()).toBe('legacy');
      const sessionId = transport.sessionId as string;
      expect(sessionId).toMatch(/^[\x21-\x7e]+$/);
      expect(await pingStatus(sessionId)).toBe(200);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('echo');
      expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'legacy' } }))).toBe('legacy');
      expect(textOf(await client.callTool({ name: 'route', arguments: { region: 'eu-west' } }))).toBe(
        'region eu-west',
      );
      expect(textOf(await client.callTool({ name: 'ask', arguments: {} }))).toBe('accept:{"name":"Grace"}');
      // The server drops the SSE connection mid-call; the answer comes after GET + Last-Event-ID.
      const polled = await client.callTool({ name: 'poll', arguments: {} }, { onprogress: () => {} });
      expect(textOf(polled)).toBe('after reconnect');
      await transport.terminateSession();
      expect(await pingStatus(sessionId)).toBe(404);
    } finally {
      await client.close();
    }
  });

  it('modern era (2026-07-28): stateless, routing headers incl. Mcp-Param, MRTR elicitation', async () => {
    const { client, transport } = v2Client('modern');
    try {
      await client.connect(transport);
      expect(client.getProtocolEra()).toBe('modern');
      expect(transport.sessionId).toBeUndefined();
      expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'modern' } }))).toBe('modern');
      expect(textOf(await client.callTool({ name: 'route', arguments: { region: 'eu-west' } }))).toBe(
        'region eu-west',
      );
      expect(textOf(await client.callTool({ name: 'ask', arguments: {} }))).toBe('accept:{"name":"Grace"}');
    } finally {
      await client.close();
    }
  });
});
