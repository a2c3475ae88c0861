import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from './test-support/fixture-server.js';
import { type Served, serve } from './test-support/serve.js';

const run = promisify(execFile);
let served: Served;

beforeAll(async () => {
  served = await serve(fixtureServer(), { keepAliveMs: 0, retryMs: 50 });
});
afterAll(() => served.close());

async function runClient(script: string, args: string[]): Promise<Record<string, unknown>> {
  const path = fileURLToPath(new URL(`./test-support/${script}`, import.meta.url));
  const { stdout } = await run(process.execPath, [path, served.url, ...args], { timeout: 15_000 });
  return JSON.parse(stdout.trim()) as Record<string, unknown>;
}

// The SDK clients run in child processes: vitest's `source` resolve condition would load
// their dependencies' TypeScript sources (eventsource, eventsource-parser).
describe('official SDK v1 client (legacy era)', () => {
  it('calls, progress on the POST stream, elicitation, resumption after a dropped SSE connection, DELETE', async () => {
    const seen = await runClient('v1-client.mjs', []);
    expect(seen['error']).toBeUndefined();
    expect(seen['sessionId']).toMatch(/^[\x21-\x7e]+$/);
    expect(seen).toMatchObject({
      echo: 'hi',
      progressResult: 'done',
      progress: [0, 50, 100],
      ask: 'accept:{"name":"Ada"}',
      poll: 'after reconnect',
      pollProgress: [1],
      afterDeleteStatus: 404,
    });
  });
});

describe('official SDK v2 client', () => {
  it('legacy era: session, calls, elicitation over SSE, resumption after a dropped SSE connection, DELETE', async () => {
    const seen = await runClient('v2-client.mjs', ['legacy']);
    expect(seen['error']).toBeUndefined();
    expect(seen['sessionId']).toMatch(/^[\x21-\x7e]+$/);
    expect(seen['tools']).toContain('echo');
    expect(seen).toMatchObject({
      echo: 'legacy',
      route: 'region eu-west',
      ask: 'accept:{"name":"Grace"}',
      poll: 'after reconnect',
      terminated: true,
    });
  });

  it('modern era (2026-07-28): stateless, routing headers incl. Mcp-Param, MRTR elicitation', async () => {
    const seen = await runClient('v2-client.mjs', ['modern']);
    expect(seen['error']).toBeUndefined();
    expect(seen).toMatchObject({
      sessionId: null,
      echo: 'modern',
      route: 'region eu-west',
      ask: 'accept:{"name":"Grace"}',
    });
  });
});
