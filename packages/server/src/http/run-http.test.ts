import { Agent, request } from 'node:http';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { RunTransport } from '../process/run.js';
import { httpTransport, parseHttpFlag } from './run-http.js';
import { fixtureServer } from './test-support/fixture-server.js';
import { modernHeaders, modernMeta } from './test-support/serve.js';

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

/** Starts `httpTransport(options)` with a logger collecting its lines; resolves once it listens. */
async function start(options: Parameters<typeof httpTransport>[0]) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({}, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const transport: RunTransport = httpTransport(options)(fixtureServer(), { logger, graceMs: 100 });
  let url = '';
  for (let attempt = 0; attempt < 200 && url === ''; attempt++) {
    const listening = lines.find((entry) => typeof entry['url'] === 'string');
    if (listening !== undefined) url = listening['url'] as string;
    else await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { lines, url: new URL(url), transport };
}

/** A POST to the endpoint with a chosen Host header (fetch would set its own). */
function postWithHost(url: URL, host: string, agent?: Agent): Promise<number> {
  return postFull(url, host, agent).then((answer) => answer.status);
}

function postFull(
  url: URL,
  host: string,
  agent?: Agent,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/list',
    params: { _meta: modernMeta() },
  });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: agent ?? false,
        headers: { ...modernHeaders('tools/list'), host, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode as number, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a refused Host under run()', () => {
  it('--http 0.0.0.0: a client using the machine address gets 403 and the log says once how to allow it', async () => {
    const { lines, url, transport } = await start({ host: '127.0.0.1', port: 0 });
    try {
      expect(await postWithHost(url, '10.1.2.3:8080')).toBe(403);
      expect(await postWithHost(url, '10.1.2.3:8080')).toBe(403);
      expect(await postWithHost(url, 'other.example:1')).toBe(403);
      const warnings = lines.filter((line) => line['level'] === 40);
      expect(warnings.map((line) => line['msg'])).toEqual([
        'refused Host "10.1.2.3:8080": not in allowed hosts; pass --allowed-hosts 10.1.2.3 (or MCPFORGE_ALLOWED_HOSTS) to accept it',
        'refused Host "other.example:1": not in allowed hosts; pass --allowed-hosts other.example (or MCPFORGE_ALLOWED_HOSTS) to accept it',
      ]);
      expect(warnings[0]).toMatchObject({ code: 'HOST_NOT_ALLOWED', value: '10.1.2.3:8080' });
      expect(await postWithHost(url, `localhost:${url.port}`)).toBe(200);
    } finally {
      await transport.shutdown(100);
    }
  });

  it('allowedHosts (what --allowed-hosts passes) adds to the default list, and is checked', async () => {
    const { url, lines, transport } = await start({ host: '127.0.0.1', port: 0, allowedHosts: ['10.1.2.3'] });
    try {
      expect(await postWithHost(url, '10.1.2.3:8080')).toBe(200);
      expect(await postWithHost(url, `127.0.0.1:${url.port}`)).toBe(200);
      expect(lines.find((line) => line['msg'] === 'listening')?.['allowedHosts']).toEqual([
        ...['localhost', '127.0.0.1', '[::1]'],
        '10.1.2.3',
      ]);
    } finally {
      await transport.shutdown(100);
    }
    expect(() => httpTransport({ port: 0, allowedHosts: ['http://x/'] })).toThrow(
      /hostValidation\.allowedHosts/,
    );
    expect(() => httpTransport({ port: 0, allowedHosts: 'x' as never })).toThrow(/^allowedHosts must be/);
  });
});

describe('maxConnections', () => {
  it('answers a connection past the limit 503 with Retry-After, and serves again once one closes', async () => {
    const { url, transport } = await start({ host: '127.0.0.1', port: 0, maxConnections: 2 });
    const host = `localhost:${url.port}`;
    // Two clients keep their connections open (keep-alive), each answered.
    const held = [new Agent({ keepAlive: true }), new Agent({ keepAlive: true })];
    try {
      for (const agent of held) expect(await postWithHost(url, host, agent)).toBe(200);
      const busy = await postFull(url, host);
      expect(busy.status).toBe(503);
      expect(busy.headers).toMatchObject({ 'retry-after': '1', connection: 'close' });
      expect(JSON.parse(busy.body)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32603 } });
      // The held connections are still served.
      expect(await postWithHost(url, host, held[0])).toBe(200);
      (held.pop() as Agent).destroy();
      let status = 0;
      for (let attempt = 0; attempt < 100 && status !== 200; attempt++) {
        status = await postWithHost(url, host);
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(status).toBe(200);
    } finally {
      for (const agent of held) agent.destroy();
      await transport.shutdown(100);
    }
    expect(() => httpTransport({ port: 0, maxConnections: 0 })).toThrow(
      /^maxConnections must be a positive integer/,
    );
    expect(() => httpTransport({ port: 0, maxConnections: Number.NaN })).toThrow(RangeError);
  });
});
