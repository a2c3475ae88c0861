import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateServer, OPENAPI_DOCUMENT } from '../alternatives/generated-server.mjs';
import { spawnServer, waitForPort } from '../drivers/child.mjs';
import { HttpConnection } from '../drivers/http-client.mjs';
import {
  GATEWAY_PATH,
  PROXY_POOL_SETTINGS,
  RATE_TEXT,
  REST_PATH,
  rateCallParts,
} from '../gateway-workload.mjs';
import { ratios } from '../report/ratios.mjs';
import { proxyCeilingNote, renderNotes, renderTable } from '../report/table.mjs';
import { addedLatency } from './gateway.mjs';
import { proxyContender, restContender, startUpstream, stdioAlternative } from './gateway-contenders.mjs';

describe('the gateway suite on a real upstream process', () => {
  let upstream;
  beforeAll(async () => {
    upstream = await startUpstream();
  });
  afterAll(async () => {
    await upstream?.stop();
  });

  it('the upstream answers the rates GET with the rate, anything else 404', async () => {
    const connection = new HttpConnection(upstream.port);
    try {
      const ok = await connection.exchange(connection.getRequest(REST_PATH));
      expect(ok.status).toBe(200);
      expect(JSON.parse(ok.body)).toEqual({
        amount: 1,
        base: 'USD',
        date: '2026-12-01',
        rates: { EUR: Number(RATE_TEXT) },
      });
      expect(
        (await connection.exchange(connection.getRequest('/v1/latest?base=USD&symbols=XXX'))).status,
      ).toBe(404);
      expect((await connection.exchange(connection.getRequest('/v2/latest'))).status).toBe(404);
    } finally {
      connection.close();
    }
  });

  it('the floor makes the REST GET over its connections and charges the upstream CPU', async () => {
    const session = await restContender({ upstream, connections: 4 }).start();
    try {
      const slice = await session.run(50, 300);
      expect(slice.completed).toBeGreaterThan(0);
      expect(slice.errors).toBe(0);
      expect(session.pids).toEqual([upstream.pid]);
    } finally {
      await session.stop();
    }
  });

  it('the bare proxy answers tools/call with the upstream JSON as text and structuredContent', async () => {
    const proxy = spawnServer('bare-proxy', 'http', { env: { UPSTREAM_URL: upstream.url } });
    const connection = new HttpConnection(await waitForPort(proxy), { path: GATEWAY_PATH });
    try {
      const direct = new HttpConnection(upstream.port);
      const expected = JSON.parse((await direct.exchange(direct.getRequest(REST_PATH))).body);
      direct.close();
      for (const era of ['legacy', 'modern']) {
        const { prefix, suffix } = rateCallParts({ era });
        const response = await connection.post('', `${prefix}41${suffix}`);
        expect(response.status).toBe(200);
        const { id, result } = JSON.parse(response.body);
        expect(id).toBe(41);
        expect(result.structuredContent).toEqual(expected);
        expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(expected) }]);
        expect(result.resultType).toBe(era === 'modern' ? 'complete' : undefined);
      }
    } finally {
      connection.close();
      await proxy.stop();
    }
  });

  it('the bare proxy turns a dead upstream into a JSON-RPC error, and the contender refuses it', async () => {
    const dead = { url: 'http://127.0.0.1:9', pid: upstream.pid };
    const proxy = spawnServer('bare-proxy', 'http', { env: { UPSTREAM_URL: dead.url } });
    const connection = new HttpConnection(await waitForPort(proxy), { path: GATEWAY_PATH });
    try {
      const { prefix, suffix } = rateCallParts();
      const response = await connection.post('', `${prefix}1${suffix}`);
      expect(response.status).toBe(502);
      expect(JSON.parse(response.body)).toMatchObject({ id: 1, error: { code: -32603 } });
      // Still serving after the failure.
      expect((await connection.post('', `${prefix}2${suffix}`)).status).toBe(502);
    } finally {
      connection.close();
      await proxy.stop();
    }
    const session = await proxyContender({ upstream: dead, era: 'modern', connections: 1 }).start();
    try {
      await expect(session.run(20, 200)).rejects.toThrow(/HTTP 502/);
    } finally {
      await session.stop();
    }
  });

  it('the proxy contender calls the rates upstream in both eras and charges both processes', async () => {
    for (const era of ['legacy-session', 'modern']) {
      const session = await proxyContender({ upstream, era, connections: 4 }).start();
      try {
        const slice = await session.run(50, 300);
        expect(slice.completed).toBeGreaterThan(0);
        expect(slice.errors).toBe(0);
        expect(session.pids).toHaveLength(2);
        expect(session.pids[1]).toBe(upstream.pid);
      } finally {
        await session.stop();
      }
    }
  });

  it('the proxy pools its upstream sockets as the gateway does', async () => {
    const gateway = await import('@mcpforge/gateway');
    expect(PROXY_POOL_SETTINGS).toEqual({
      connections: gateway.DEFAULT_CONNECTIONS_PER_ORIGIN,
      keepAliveTimeout: gateway.DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
      connectTimeout: gateway.DEFAULT_CONNECT_TIMEOUT_MS,
    });
  });

  it('generates the openapi-mcp-generator server offline and calls the upstream through it on stdio', async () => {
    const script = await generateServer();
    const session = await stdioAlternative({
      impl: 'generator',
      script,
      env: { API_BASE_URL: upstream.url },
      upstream,
      window: 4,
    }).start();
    try {
      // The first measured answer is checked for the rate; a wrong one rejects the run.
      const slice = await session.run(50, 300);
      expect(slice.completed).toBeGreaterThan(0);
    } finally {
      await session.stop();
    }
  }, 30_000);

  it('runs @ivotoby/openapi-mcp-server on the same document and calls the tool it lists', async () => {
    const { createRequire } = await import('node:module');
    const { join } = await import('node:path');
    const dir = join(
      createRequire(import.meta.url).resolve('@ivotoby/openapi-mcp-server/package.json'),
      '..',
    );
    const session = await stdioAlternative({
      impl: 'ivotoby',
      script: join(dir, 'bin', 'mcp-server.js'),
      args: ['--api-base-url', upstream.url, '--openapi-spec', OPENAPI_DOCUMENT, '--transport', 'stdio'],
      upstream,
      window: 4,
    }).start();
    try {
      const slice = await session.run(50, 300);
      expect(slice.completed).toBeGreaterThan(0);
      expect(slice.errors).toBe(0);
    } finally {
      await session.stop();
    }
  }, 30_000);

  it('refuses an alternative whose answers carry no rate', async () => {
    // Pointed at a port where nothing listens, the generated server answers with an error text.
    const script = await generateServer();
    const session = await stdioAlternative({
      impl: 'generator',
      script,
      env: { API_BASE_URL: 'http://127.0.0.1:9' },
      upstream,
      window: 1,
    }).start();
    try {
      await expect(session.run(20, 200)).rejects.toThrow(/no rate|unexpected response/);
    } finally {
      await session.stop();
    }
  }, 30_000);
});

describe('gateway rows in the report', () => {
  const results = {
    forge: { value: 6000, p50Us: 900, p99Us: 3000, cpuUsPerCall: 80 },
    floor: { value: 10000, p50Us: 400, p99Us: 1200, cpuUsPerCall: 30 },
    proxy: { value: 4000, p50Us: 700, p99Us: 2000, cpuUsPerCall: 100 },
    ivotoby: { value: 800, p50Us: 9000, p99Us: 20000, cpuUsPerCall: 900 },
    generator: { error: 'server exited' },
  };
  const row = {
    id: 'gateway.call.legacy-session',
    group: 'gateway',
    label: 'gateway call',
    unit: 'calls/s',
    latency: true,
    added: addedLatency(results.forge, results.floor),
    results,
    ratios: ratios(results),
  };

  it('subtracts the direct REST percentiles from the gateway ones', () => {
    expect(row.added).toEqual({ p50Us: 500, p99Us: 1800 });
    expect(addedLatency({ error: 'x' }, results.floor)).toBeNull();
  });

  it('renders its own table with the alternatives, the added latency and the failure noted', () => {
    const echo = {
      id: 'http.echo.modern',
      group: 'http',
      label: 'echo',
      unit: 'req/s',
      results: {},
      ratios: {},
    };
    const [toolkit, gateway] = renderTable([echo, row]).split('\n\n');
    expect(toolkit).toContain('| echo (req/s) |');
    expect(toolkit).not.toContain('gateway call');
    const lines = gateway.split('\n');
    expect(lines[0]).toBe(
      '| Workload | mcpforge gateway | direct REST (floor) | bare proxy (ceiling) | @ivotoby/openapi-mcp-server | openapi-mcp-generator | gateway/floor | gateway/best alternative | gateway/proxy | proxy/floor |',
    );
    expect(lines[2]).toBe(
      '| gateway call (calls/s) | 6,000 | 10,000 | 4,000 | 800 | failed | 0.60x | 7.50x | 1.50x | 0.40x |',
    );
    expect(lines).toContain(
      '| &nbsp;&nbsp;↳ added latency p50 / p99 (gateway minus direct REST) | 500 µs / 1.8 ms |  |  |  |  |  |  |  |  |',
    );
    expect(lines.at(-1)).toBe(
      '| &nbsp;&nbsp;↳ CPU per call (server + upstream) | 80.0 µs | 30.0 µs | 100.0 µs | 900.0 µs | — | 0.38x | 11.25x | 1.25x | 0.30x |',
    );
    const notes = renderNotes([row]).split('\n');
    expect(notes[0]).toBe('- failed: gateway call, openapi-mcp-generator: server exited');
    expect(notes[1]).toBe(proxyCeilingNote([row]));
  });

  it('says where the proxy ceiling stands against the floor and the gateway/floor budget', () => {
    const note = proxyCeilingNote([row]);
    expect(note).toContain('legacy with session: proxy/floor 0.40x (by CPU 0.30x), gateway/proxy 1.50x.');
    expect(note).toContain(
      'Below the 0.5x gateway/floor budget: no gateway on node:http and undici can meet it',
    );
    const fast = { ...row, id: 'gateway.call.modern', ratios: { ...row.ratios, proxyFloor: 0.7 } };
    expect(proxyCeilingNote([fast])).toContain('modern: proxy/floor 0.70x');
    expect(proxyCeilingNote([fast])).toContain('At or above the 0.5x gateway/floor budget.');
    expect(proxyCeilingNote([{ ...row, ratios: ratios({ forge: results.forge }) }])).toBe('');
    // The 1-in-flight rows show the proxy in the table; the note speaks of the 32-connection rows.
    expect(proxyCeilingNote([{ ...row, id: 'gateway.latency.pglite' }])).toBe('');
  });
});
