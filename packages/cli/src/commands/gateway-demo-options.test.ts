import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CliError } from '../cli/cli-error.js';
import { fakeIo } from '../test-support/fake-io.js';
import { DEMO_USAGE, run } from './gateway-demo.js';

/** POSTs `initialize` with the demo's key and the given `Host`: 200 when the Host is accepted, 403 when refused. */
function statusWithHost(url: string, key: string, host: string): Promise<number> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          host,
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('gateway demo --allowed-hosts', { timeout: 90_000 }, () => {
  it('is listed by --help with its variable, and a bad value is a usage error before anything starts', async () => {
    expect(DEMO_USAGE).toMatch(/--allowed-hosts HOST\[,HOST\.\.\.\] +Host names .*MCPFORGE_ALLOWED_HOSTS/);
    for (const [args, env, message] of [
      [
        ['--allowed-hosts', 'http://demo.lan/'],
        {},
        "--allowed-hosts takes host names or addresses with an optional port ('*' alone for any); 'http://demo.lan/' is not one: write 'demo.lan'",
      ],
      [[], { MCPFORGE_ALLOWED_HOSTS: ',' }, 'MCPFORGE_ALLOWED_HOSTS needs at least one host name'],
    ] as const) {
      const io = fakeIo(env);
      const error = await run([...args], io).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).exitCode).toBe(2);
      expect((error as CliError).message.startsWith(message)).toBe(true);
      // Refused before the bundled upstream or the database started.
      expect(io.lines).toEqual([]);
    }
  });

  it('accepts the listed Host names (the flag beating MCPFORGE_ALLOWED_HOSTS) and refuses others with 403', async () => {
    const io = fakeIo({ MCPFORGE_ALLOWED_HOSTS: 'other.lan' });
    const { result, stopped } = await run(['--listen', '127.0.0.1:0', '--allowed-hosts', 'demo.lan'], io);
    try {
      const agent = result.agents['currency-rates'];
      if (agent === undefined) throw new Error('no currency-rates agent');
      const port = new URL(agent.mcpUrl).port;
      expect(await statusWithHost(agent.mcpUrl, agent.mcpKey, `127.0.0.1:${port}`)).toBe(200);
      expect(await statusWithHost(agent.mcpUrl, agent.mcpKey, `demo.lan:${port}`)).toBe(200);
      expect(await statusWithHost(agent.mcpUrl, agent.mcpKey, 'other.lan')).toBe(403);
      expect(io.logs.map((log) => log.message)).toContain(
        'refused Host "other.lan": not in the allowed hosts; pass --allowed-hosts other.lan (or MCPFORGE_ALLOWED_HOSTS) to accept it',
      );
    } finally {
      io.controller.abort();
      await stopped;
    }
    // The variable alone.
    const again = fakeIo({ MCPFORGE_ALLOWED_HOSTS: 'other.lan' });
    const second = await run(['--listen', '127.0.0.1:0'], again);
    try {
      const agent = second.result.agents['currency-rates'];
      if (agent === undefined) throw new Error('no currency-rates agent');
      expect(await statusWithHost(agent.mcpUrl, agent.mcpKey, 'other.lan')).toBe(200);
      expect(await statusWithHost(agent.mcpUrl, agent.mcpKey, 'demo.lan')).toBe(403);
    } finally {
      again.controller.abort();
      await second.stopped;
    }
  });
});
