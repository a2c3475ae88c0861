import { describe, expect, it } from 'vitest';
import { text } from '../results/index.js';
import { createServer } from '../server/mcp-server.js';
import { createTestClient, NotificationTimeoutError } from './index.js';

function loggingServer() {
  const server = createServer({ name: 'notes', version: '1.0.0' });
  server.tool({ name: 'log', inputSchema: { type: 'object' } }, (_args, ctx) => {
    ctx.log('info', 'hello');
    return text('ok');
  });
  return server;
}

describe('TestClient.nextNotification', () => {
  it('resolves with the next notification of the method', async () => {
    const client = createTestClient(loggingServer());
    await client.initialize();
    const next = client.nextNotification('notifications/message');
    await client.callTool('log', {});
    expect((await next).params).toMatchObject({ level: 'info', data: 'hello' });
  });

  it('rejects with a clear error when no such notification comes, instead of hanging', async () => {
    const client = createTestClient(loggingServer());
    await client.initialize();
    const next = client.nextNotification('notifications/tools/list_changed', { timeoutMs: 30 });
    await client.callTool('log', {}); // another method's notification does not count
    const error = await next.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotificationTimeoutError);
    expect((error as NotificationTimeoutError).message).toBe(
      "no 'notifications/tools/list_changed' notification within 30 ms",
    );
    expect((error as NotificationTimeoutError).code).toBe('ERR_NOTIFICATION_TIMEOUT');
  });
});
