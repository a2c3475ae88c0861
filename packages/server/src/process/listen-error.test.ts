import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ListenError, listenError } from './listen-error.js';

/** The error a real `listen()` fails with. */
async function listenFailure(port: number, host: string): Promise<Error> {
  const server = createServer();
  server.listen(port, host);
  const [error] = (await once(server, 'error')) as [Error];
  return error;
}

describe('listenError', () => {
  it('a busy port says which one and how to pick another', async () => {
    const holder: Server = createServer().listen(0, '127.0.0.1');
    await once(holder, 'listening');
    const { port } = holder.address() as AddressInfo;
    try {
      const error = listenError(await listenFailure(port, '127.0.0.1'), { host: '127.0.0.1', port });
      expect(error).toBeInstanceOf(ListenError);
      expect(error.code).toBe('ERR_LISTEN_ADDRESS_IN_USE');
      expect(error.message).toMatch(new RegExp(`^port 127\\.0\\.0\\.1:${port} is already in use: `));
      expect((error.cause as NodeJS.ErrnoException).code).toBe('EADDRINUSE');
    } finally {
      holder.close();
    }
  });

  it('an address that is not this machine’s says so (EADDRNOTAVAIL)', async () => {
    // 192.0.2.0/24 is TEST-NET-1 (RFC 5737): never assigned to a real interface.
    const failure = await listenFailure(0, '192.0.2.1');
    const error = listenError(failure, { host: '192.0.2.1', port: 3000 });
    expect(error.code).toBe('ERR_LISTEN_ADDRESS_NOT_AVAILABLE');
    expect(error.message).toMatch(
      /^cannot listen on 192\.0\.2\.1:3000: 192\.0\.2\.1 is not an address of this machine/,
    );
  });

  it('names the fix for EACCES, IPv6 in brackets, and keeps other causes', () => {
    const denied = Object.assign(new Error('listen EACCES'), { code: 'EACCES' });
    expect(listenError(denied, { host: '::1', port: 80 }).message).toMatch(
      /^no permission to listen on \[::1\]:80: ports below 1024 need privileges/,
    );
    const other = listenError(Object.assign(new Error('boom'), { code: 'EWHAT' }), { host: 'h', port: 1 });
    expect([other.code, other.message]).toEqual(['ERR_LISTEN_FAILED', 'cannot listen on h:1: boom']);
  });
});
