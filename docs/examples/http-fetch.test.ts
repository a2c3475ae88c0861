import { describe, expect, it } from 'vitest';
import app from './http-fetch.js';

const MODERN = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A modern tools/call as a 2026-07-28 client sends it: `_meta` plus the matching headers. */
function modernCall(name: string, args: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/mcp', {
    method: 'POST',
    headers: {
      host: 'localhost', // fetch runtimes fill this in from the request; a hand-made Request must set it
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': 'tools/call',
      'mcp-name': name,
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args, _meta: META },
    }),
  });
}

describe('docs/http.md: the fetch handler', () => {
  it('answers a modern request with JSON, no session', async () => {
    const response = await app.fetch(modernCall('echo', { text: 'from fetch' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(await response.json()).toMatchObject({
      id: 1,
      result: { resultType: 'complete', content: [{ type: 'text', text: 'from fetch' }] },
    });
  });

  it('refuses headers that disagree with the body (-32020) and unknown methods (404)', async () => {
    const mismatch = await app.fetch(modernCall('echo', { text: 'x' }, { 'mcp-name': 'other' }));
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as { error: { code: number } }).error.code).toBe(-32020);

    const unknown = await app.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: {
          host: 'localhost',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': MODERN,
          'mcp-method': 'nothing/here',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'nothing/here', params: { _meta: META } }),
      }),
    );
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: number } }).error.code).toBe(-32601);
  });

  it('refuses a modern GET (405): modern requests are POSTs', async () => {
    const response = await app.fetch(
      new Request('http://localhost/mcp', {
        headers: { host: 'localhost', accept: 'text/event-stream', 'mcp-protocol-version': MODERN },
      }),
    );
    expect(response.status).toBe(405);
    await response.body?.cancel();
  });
});
