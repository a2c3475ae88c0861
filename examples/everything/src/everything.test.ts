import { createHttpHandler } from '@mcpforge/server/http';
import { describe, expect, it } from 'vitest';
import { buildEverythingServer } from './server.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

function post(handler: ReturnType<typeof createHttpHandler>, body: object, headers: Record<string, string>) {
  return handler.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: {
        host: 'localhost',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(body),
    }),
  );
}

describe('everything server', () => {
  it('serves both eras from one definition, with the conformance server identity', async () => {
    const handler = createHttpHandler(buildEverythingServer());
    const init = await post(
      handler,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      {},
    );
    expect(await init.json()).toMatchObject({
      result: {
        serverInfo: { name: 'mcp-conformance-test-server', version: '1.0.0' },
        capabilities: {
          tools: { listChanged: true },
          resources: { subscribe: true },
          logging: {},
          completions: {},
        },
      },
    });
    const discover = await post(
      handler,
      { jsonrpc: '2.0', id: 2, method: 'server/discover', params: { _meta: META } },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' },
    );
    expect(await discover.json()).toMatchObject({
      result: {
        supportedVersions: ['2026-07-28'],
        capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
      },
    });
    const call = await post(
      handler,
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'test_custom_headers', arguments: { region: 'eu' }, _meta: META },
      },
      {
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'test_custom_headers',
        'mcp-param-region': 'eu',
      },
    );
    expect(await call.json()).toMatchObject({ result: { content: [{ text: 'Region: eu' }] } });
    handler.close();
  });
});
