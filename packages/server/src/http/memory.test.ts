import { describe, expect, it } from 'vitest';
import { createHttpHandler } from './handler.js';
import type { HttpSession } from './legacy-session.js';
import { MemorySessionStore } from './session-store.js';
import { fixtureServer } from './test-support/fixture-server.js';

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'leaky', version: '1' } },
});

function initialize(handler: ReturnType<typeof createHttpHandler>): Promise<Response> {
  return handler.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: {
        host: 'localhost',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: INITIALIZE,
    }),
  );
}

describe('abandoned legacy sessions', () => {
  it('10,000 sessions opened and never deleted stay bounded in count and heap', async () => {
    const evicted: string[] = [];
    const store = new MemorySessionStore<HttpSession<ReturnType<typeof fixtureServer>>>({
      maxSessions: 500,
      onEvict: (id, session) => {
        evicted.push(id);
        session.close();
      },
    });
    const server = fixtureServer();
    const handler = createHttpHandler(server, { sessionStore: store });
    const gc = (globalThis as { gc?: () => void }).gc;
    // Warm up so lazily built state is not counted as growth.
    for (let index = 0; index < 500; index++) await (await initialize(handler)).text();
    gc?.();
    const before = process.memoryUsage().heapUsed;
    const ids = new Set<string>();
    for (let index = 0; index < 10_000; index++) {
      const response = await initialize(handler);
      expect(response.status).toBe(200);
      ids.add(response.headers.get('mcp-session-id') as string);
      await response.text();
    }
    gc?.();
    const growth = process.memoryUsage().heapUsed - before;
    console.info(
      `heap growth after 10,000 abandoned sessions: ${(growth / 1024 / 1024).toFixed(1)} MiB (gc ${gc ? 'on' : 'off'})`,
    );
    expect(ids.size).toBe(10_000);
    expect(store.size).toBe(500);
    expect(evicted.length).toBe(10_000);
    // Without explicit GC the figure includes garbage; the bound is loose on purpose
    // (10,000 retained sessions would cost far more than this).
    expect(growth).toBeLessThan(gc === undefined ? 64 * 1024 * 1024 : 8 * 1024 * 1024);
    // An evicted session is gone for good: 404.
    const [first] = ids;
    const stale = await handler.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { host: 'localhost', 'content-type': 'application/json', 'mcp-session-id': first as string },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      }),
    );
    expect(stale.status).toBe(404);
    handler.close();
    expect(store.size).toBe(0);
  }, 60_000);
});
