import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

/** `run()` serves any forge server over HTTP with `--http [host:]port`; hello-tool is one. */
const main = join(import.meta.dirname, '..', '..', 'examples', 'hello-tool', 'dist', 'main.js');

describe('docs/http.md: node main.js --http 127.0.0.1:0', () => {
  it('serves /mcp and /health, logs its URL, and stops gracefully on SIGTERM', async () => {
    const child = spawn(process.execPath, [main, '--http', '127.0.0.1:0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      // The log (stderr, JSON lines) names the URL once listening; port 0 picked a free port.
      let url = '';
      for await (const line of createInterface({ input: child.stderr })) {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'listening' && entry.url !== undefined) {
          url = entry.url;
          break;
        }
      }
      child.stderr.resume(); // keep draining the log so the child never blocks on a full pipe
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);

      const health = await fetch(url.replace(/\/mcp$/, '/health'));
      expect([health.status, await health.text()]).toEqual([200, 'ok\n']);

      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'hello',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: {
            name: 'hello',
            arguments: {},
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        }),
      });
      expect(await response.json()).toMatchObject({
        result: { content: [{ text: 'Hello from mcpforge!' }] },
      });

      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect((await exited)[0]).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
