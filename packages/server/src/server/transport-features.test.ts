import type { JsonRpcId } from '@mcpforge/wire';
import { describe, expect, it } from 'vitest';
import { closeSseStream } from '../http/close-stream.js';
import { text } from '../results/index.js';
import { createTestClient } from '../testing/index.js';
import { createServer } from './mcp-server.js';
import type { Session } from './session.js';

function probingServer() {
  const server = createServer({ name: 'features', version: '1.0.0' });
  server.tool({ name: 'close', inputSchema: { type: 'object' } }, (_args, ctx) => {
    const offered = typeof ctx.transport.closeStream === 'function';
    return text(
      `offered=${offered} closed=${ctx.transport.closeStream?.() ?? 'n/a'} helper=${closeSseStream(ctx)}`,
    );
  });
  return server;
}

describe('ctx.transport', () => {
  it('offers nothing when the transport has no such feature (in-memory, stdio)', async () => {
    const client = createTestClient(probingServer());
    await client.initialize();
    expect(await client.callTool('close', {})).toEqual({
      content: [{ type: 'text', text: 'offered=false closed=n/a helper=false' }],
    });
  });

  it('offers closeStream bound to the request when the session has it, and closeSseStream uses it', async () => {
    const server = probingServer();
    const client = createTestClient(server);
    await client.initialize();
    const closed: JsonRpcId[] = [];
    const session: Session = {
      ...client.session,
      closeStream(requestId) {
        closed.push(requestId);
        return true;
      },
    };
    const response = await server.handle(
      { jsonrpc: '2.0', id: 'req-7', method: 'tools/call', params: { name: 'close', arguments: {} } },
      session,
    );
    expect(response).toMatchObject({
      result: { content: [{ type: 'text', text: 'offered=true closed=true helper=true' }] },
    });
    expect(closed).toEqual(['req-7', 'req-7']);
  });
});
