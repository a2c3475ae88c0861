import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { httpTransport, parseHttpFlag } from './run-http.js';
import { fixtureServer } from './test-support/fixture-server.js';

describe('parseHttpFlag', () => {
  it('reads [host:]port in both spellings, defaulting to loopback', () => {
    expect(parseHttpFlag(['node', 'x'])).toBeUndefined();
    expect(parseHttpFlag(['--http', '3000'])).toEqual({ host: '127.0.0.1', port: 3000 });
    expect(parseHttpFlag(['--http=0.0.0.0:8080'])).toEqual({ host: '0.0.0.0', port: 8080 });
    expect(parseHttpFlag(['--http', '[::1]:9'])).toEqual({ host: '::1', port: 9 });
    expect(() => parseHttpFlag(['--http', 'nope'])).toThrow(TypeError);
    expect(() => parseHttpFlag(['--http'])).toThrow(TypeError);
  });
});

describe('httpTransport', () => {
  it('serves /mcp and /health, then shuts down gracefully, ending open streams', async () => {
    const lines: string[] = [];
    const logger = pino({}, { write: (line: string) => void lines.push(line) });
    const transport = httpTransport({ host: '127.0.0.1', port: 0, keepAliveMs: 0 })(fixtureServer(), {
      logger,
      graceMs: 500,
    });
    let url = '';
    for (let attempt = 0; attempt < 100 && url === ''; attempt++) {
      const listening = lines.map((line) => JSON.parse(line) as { url?: string }).find((entry) => entry.url);
      if (listening?.url) url = listening.url;
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const health = await fetch(url.replace('/mcp', '/health'));
    expect(await health.text()).toBe('ok\n');
    expect((await fetch(url.replace('/mcp', '/other'))).status).toBe(404);
    const init = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });
    await init.text();
    const stream = await fetch(url, {
      headers: {
        accept: 'text/event-stream',
        'mcp-session-id': init.headers.get('mcp-session-id') as string,
      },
    });
    const ended = stream.text();
    await transport.shutdown(500);
    await transport.closed;
    // The GET stream ends cleanly (priming event, then end of body).
    expect(await ended).toMatch(/^retry: \d+\nid: \S+\ndata: \n\n$/);
  });
});

describe('httpTransport checks its options when called', () => {
  it('refuses a bad port, host, path or header limit, and bad handler options, naming them', () => {
    expect(() => httpTransport({ port: 70_000 })).toThrow(
      new RangeError('port must be an integer from 0 to 65535, got 70000'),
    );
    expect(() => httpTransport({ port: Number.NaN })).toThrow(
      /^port must be an integer from 0 to 65535, got NaN$/,
    );
    expect(() => httpTransport({ port: '3000' as never })).toThrow(TypeError);
    expect(() => httpTransport({ port: 0, host: '' })).toThrow(/^host must be a non-empty string/);
    expect(() => httpTransport({ port: 0, path: 'mcp' })).toThrow(
      /^path must be a string starting with '\/'/,
    );
    expect(() => httpTransport({ port: 0, maxHeaderBytes: -1 })).toThrow(RangeError);
    expect(() => httpTransport({ port: 0, maxBodyBytes: Number.NaN })).toThrow(/^maxBodyBytes must be/);
  });
});
