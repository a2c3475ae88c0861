import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestClient } from '@mcpforge/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesServer } from './validators.js';

let base: string;
let root: string;
let http: Server;
let port: number;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'forge-jail-'));
  root = join(base, 'root');
  mkdirSync(root);
  writeFileSync(join(root, 'note.txt'), 'inside');
  writeFileSync(join(base, 'secret.txt'), 'outside');
  symlinkSync(join(base, 'secret.txt'), join(root, 'link.txt'));
  http = createHttpServer((_request, response) => response.end('fetched'));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  port = (http.address() as AddressInfo).port;
});
afterAll(async () => {
  rmSync(base, { recursive: true, force: true });
  await new Promise((resolve) => http.close(resolve));
});

async function client() {
  const server = createFilesServer({
    roots: [root],
    hosts: ['127.0.0.1'],
    schemes: ['http'],
    timeoutMs: 5_000,
  });
  const testClient = createTestClient(server);
  await testClient.initialize();
  return testClient;
}

describe('least privilege with the validators', () => {
  it('reads inside the root', async () => {
    expect(await (await client()).callTool('read_file', { path: 'note.txt' })).toEqual({
      content: [{ type: 'text', text: 'inside' }],
    });
  });

  it.each(['../secret.txt', 'link.txt', '/etc/passwd'])('refuses %s as an isError result', async (path) => {
    const result = await (await client()).callTool('read_file', { path });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      { type: 'text', text: `path '${path}' is not allowed: it resolves outside the allowed roots` },
    ]);
  });

  it('fetches an allowed URL and refuses other hosts, schemes and credentials', async () => {
    const testClient = await client();
    expect(await testClient.callTool('fetch_text', { url: `http://127.0.0.1:${port}/` })).toEqual({
      content: [{ type: 'text', text: 'fetched' }],
    });
    for (const [url, reason] of [
      [`http://localhost:${port}/`, "host 'localhost' is not allowed"],
      ['file:///etc/passwd', "scheme 'file' is not one of http"],
      [`http://user:pw@127.0.0.1:${port}/`, 'credentials in the URL are not allowed'],
    ]) {
      expect(await testClient.callTool('fetch_text', { url })).toEqual({
        content: [{ type: 'text', text: `url is not allowed: ${reason}` }],
        isError: true,
      });
    }
  });
});
