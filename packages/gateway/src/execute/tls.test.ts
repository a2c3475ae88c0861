import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowEntry, testBinding } from '../test-support/execute-fixtures.js';
import { createExecutor, type Executor } from './executor.js';

/** A certificate no CA signed, made for this run with the system's openssl (nothing is kept in the repository). */
function selfSignedCertificate(): { key: string; cert: string } {
  const directory = mkdtempSync(join(tmpdir(), 'mcpforge-tls-'));
  try {
    const key = join(directory, 'key.pem');
    const cert = join(directory, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
      ],
      { stdio: 'ignore', input: '' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

let server: Server | undefined;
let port: number;
let requests = 0;
let executor: Executor | undefined;

beforeAll(async () => {
  server = createServer(selfSignedCertificate(), (_request, response) => {
    requests++;
    response.end('{}');
  });
  const listening = server;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  port = (listening.address() as AddressInfo).port;
  executor = createExecutor({ allowList: () => [allowEntry('127.0.0.1', { allowLoopback: true })], env: {} });
});
afterAll(async () => {
  await executor?.close();
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
});

describe('https upstreams', () => {
  it('an untrusted certificate is upstream_tls_failed: refused during connect, so not executed', async () => {
    const binding = testBinding({ method: 'POST', baseUrl: `https://127.0.0.1:${port}`, path: '/' });
    const outcome = await executor!.execute(binding, {}, { workspaceId: 'ws', requestId: 'r', traceId: 't' });
    expect(outcome.ok ? undefined : outcome.error).toMatchObject({
      error_code: 'upstream_tls_failed',
      stage: 'dispatch',
      outcome_certainty: 'not_executed',
      retryability: 'not_retryable',
    });
    expect(requests).toBe(0);
  });
});
