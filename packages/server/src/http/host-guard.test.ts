import { describe, expect, it } from 'vitest';
import { createHostGuard } from './host-guard.js';

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
