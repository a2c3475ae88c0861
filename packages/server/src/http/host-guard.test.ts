import { describe, expect, it } from 'vitest';
import { createHostGuard, type HostRefusal } from './host-guard.js';

describe('createHostGuard', () => {
  const guard = createHostGuard();

  it('accepts the loopback names on any port by default', () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:8080', '[::1]:9', '[::1]', 'LOCALHOST:1']) {
      expect(guard(host, undefined)).toBeUndefined();
    }
    expect(guard('127.0.0.1:3000', 'http://localhost:5173')).toBeUndefined();
    expect(guard('127.0.0.1:3000', 'http://[::1]:5173')).toBeUndefined();
  });

  it('refuses a foreign Host or Origin with 403 and does not echo it', () => {
    const byHost = guard('evil.example.com', undefined);
    expect(byHost?.status).toBe(403);
    expect(byHost?.toBody()).not.toContain('evil');
    const byOrigin = guard('localhost:3000', 'http://evil.example.com');
    expect(byOrigin?.status).toBe(403);
    expect(JSON.parse(byOrigin?.toBody() ?? '{}')).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600 },
    });
    expect(byOrigin?.toBody()).not.toContain('evil');
    expect(guard('localhost', 'null')?.status).toBe(403);
    expect(guard(undefined, undefined)?.status).toBe(403);
    expect(guard('localhost.evil.com', undefined)?.status).toBe(403);
  });

  it('uses a configured allow-list; host:port entries match exactly', () => {
    const custom = createHostGuard({ allowedHosts: ['api.example.com', 'other.example.com:8443'] });
    expect(custom('api.example.com:443', 'https://api.example.com')).toBeUndefined();
    expect(custom('other.example.com:8443', undefined)).toBeUndefined();
    expect(custom('other.example.com:80', undefined)?.status).toBe(403);
    expect(custom('localhost', undefined)?.status).toBe(403);
  });

  it('can be opened up explicitly', () => {
    const open = createHostGuard({ allowedHosts: '*', allowedOrigins: '*' });
    expect(open('anything', 'http://anything')).toBeUndefined();
  });
});

describe('createHostGuard parses Host and Origin strictly', () => {
  const guard = createHostGuard();

  it('refuses a Host that only starts like an allowed one ([::1]evil.com, localhost:evil.com)', () => {
    for (const host of [
      '[::1]evil.com',
      '[::1]:80evil.com',
      'localhost:evil.com',
      'localhost:',
      'localhost:65536',
      'localhost:80:80',
      '127.0.0.1:1/x',
      'user@localhost',
      'localhost/evil',
      'localhost evil',
      '[::1',
      '[localhost]',
      '[fe80::1%25eth0]',
      '',
    ]) {
      expect(guard(host, undefined)?.status, host).toBe(403);
    }
  });

  it('refuses an Origin that is not scheme://host[:port] of an allowed host', () => {
    for (const origin of [
      'http://[::1]x.evil.com',
      'http://[::1].evil.com',
      'http://localhost:evil.com',
      'http://localhost.evil.com',
      'http://localhost@evil.com',
      'http://evil.com@localhost',
      'http://localhost/',
      'http://localhost:3000/path',
      'localhost',
      '//localhost',
      'chrome-extension://localhost',
      'file://localhost',
      'ws://localhost:3000',
      'null',
    ]) {
      expect(guard('localhost:3000', origin)?.status, origin).toBe(403);
    }
  });

  it('still accepts the equivalent spellings of allowed hosts', () => {
    expect(guard('[0:0:0:0:0:0:0:1]:3000', 'HTTP://[0::1]:5173')).toBeUndefined();
    expect(guard('LocalHost:3000', 'https://LOCALHOST')).toBeUndefined();
  });

  it('admits other schemes and the null origin only when listed as full origins', () => {
    const listed = createHostGuard({
      allowedOrigins: ['chrome-extension://abcdefgh', 'null', 'https://app.example.com:8443', 'localhost'],
    });
    expect(listed('localhost', 'chrome-extension://abcdefgh')).toBeUndefined();
    expect(listed('localhost', 'chrome-extension://other')?.status).toBe(403);
    expect(listed('localhost', 'null')).toBeUndefined();
    expect(listed('localhost', 'https://app.example.com:8443')).toBeUndefined();
    expect(listed('localhost', 'http://app.example.com:8443')?.status).toBe(403);
    expect(listed('localhost', 'https://app.example.com')?.status).toBe(403);
    expect(listed('localhost', 'http://localhost:1234')).toBeUndefined();
    expect(listed('localhost', 'chrome-extension://localhost')?.status).toBe(403);
  });

  it('takes a bare IPv6 entry as [address], and refuses invalid entries with a TypeError naming the option', () => {
    expect(createHostGuard({ allowedHosts: ['fe80::1'] })('[fe80::1]:8080', undefined)).toBeUndefined();
    expect(() => createHostGuard({ allowedHosts: ['http://example.com'] })).toThrow(
      /hostValidation\.allowedHosts/,
    );
    expect(() => createHostGuard({ allowedHosts: ['a b'] })).toThrow(TypeError);
    expect(() => createHostGuard({ allowedOrigins: ['http://x/y'] })).toThrow(
      /hostValidation\.allowedOrigins/,
    );
    expect(() => createHostGuard({ allowedHosts: 'localhost' as never })).toThrow(/array of strings or '\*'/);
  });

  it('refuses a missing Host even after accepting one', () => {
    expect(guard('localhost', undefined)).toBeUndefined();
    expect(guard(undefined, undefined)?.status).toBe(403);
  });
});

describe('onRefused', () => {
  it('is told which header was refused, why, and the parsed host', () => {
    const refusals: HostRefusal[] = [];
    const guard = createHostGuard({ onRefused: (refusal) => refusals.push(refusal) });
    guard(undefined, undefined);
    guard('[::1]evil.com', undefined);
    guard('Example.COM:80', undefined);
    guard('localhost', 'null');
    guard('localhost', 'http://localhost');
    expect(refusals).toEqual([
      { header: 'host', reason: 'missing', value: undefined, authority: undefined },
      { header: 'host', reason: 'invalid', value: '[::1]evil.com', authority: undefined },
      {
        header: 'host',
        reason: 'not-allowed',
        value: 'Example.COM:80',
        authority: { host: 'example.com', port: '80' },
      },
      { header: 'origin', reason: 'not-allowed', value: 'null', authority: undefined },
    ]);
  });
});
