import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

/** The workspace's TypeScript hooks run the example from source in a real child process. */
const REGISTER = join(import.meta.dirname, '..', '..', 'test-support', 'ts-hooks', 'register.mjs');
const MAIN = join(import.meta.dirname, 'http-main.ts');

const CALL = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: {
    name: 'greet',
    arguments: { name: 'Ada' },
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
};

function post(url: string, body: string, token?: string): Promise<Response> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': 'greet',
  };
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  return fetch(url, { method: 'POST', headers, body });
}

describe('docs/http.md: run() with httpTransport(options)', () => {
  it('serves the configured path with authentication and a body limit, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', REGISTER, MAIN], {
      env: { ...process.env, PORT: '0', GREETER_TOKEN: 'secret' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    try {
      let url = '';
      for await (const line of createInterface({ input: child.stderr })) {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'listening' && entry.url !== undefined) {
          url = entry.url;
          break;
        }
      }
      child.stderr.resume();
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/mcp$/);

      const anonymous = await post(url, JSON.stringify(CALL));
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="greeter"');
      await anonymous.text();

      const greeted = await post(url, JSON.stringify(CALL), 'secret');
      expect(await greeted.json()).toMatchObject({ result: { content: [{ text: 'Hello, Ada!' }] } });

      // maxBodyBytes is 64 KiB here (the default is 4 MiB).
      const padded = { ...CALL, params: { ...CALL.params, arguments: { name: 'x'.repeat(70_000) } } };
      const large = await post(url, JSON.stringify(padded), 'secret');
      expect(large.status).toBe(413);
      await large.text();

      // The default path is not served: the transport took the configured one.
      expect((await post(url.replace('/api/mcp', '/mcp'), JSON.stringify(CALL), 'secret')).status).toBe(404);

      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect((await exited)[0]).toBe(0);
    } finally {
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
