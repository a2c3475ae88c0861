import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { createExportHandler } from './http-resume.js';

describe('docs/http.md: SSE resumption with Last-Event-ID', () => {
  it('the SDK v1 client reconnects after the server lets go and gets the result', async () => {
    const handler = createExportHandler();
    const resumed: string[] = [];
    const listener = createServer((req, res) => {
      const lastEventId = req.headers['last-event-id'];
      if (req.method === 'GET' && typeof lastEventId === 'string') resumed.push(lastEventId);
      handler.node(req, res);
    }).listen(0, '127.0.0.1');
    await once(listener, 'listening');
    const url = new URL(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/mcp`);
    const client = new Client({ name: 'v1', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(url, {
      reconnectionOptions: {
        initialReconnectionDelay: 20,
        maxReconnectionDelay: 100,
        reconnectionDelayGrowFactor: 1,
        maxRetries: 5,
      },
    });
    try {
      await client.connect(transport);
      const progress: number[] = [];
      const result = await client.callTool({ name: 'export', arguments: { rows: 3 } }, undefined, {
        onprogress: (event) => progress.push(event.progress),
      });
      expect(result).toMatchObject({ content: [{ type: 'text', text: 'exported 3 rows' }] });
      // The first progress came before the connection closed, the last one after the reconnect.
      expect(progress).toEqual([0, 3]);
      expect(resumed).toHaveLength(1); // one GET with Last-Event-ID picked the stream up again
      await transport.terminateSession();
    } finally {
      await client.close();
      handler.close();
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});
