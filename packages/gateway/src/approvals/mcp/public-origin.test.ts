import { describe, expect, it } from 'vitest';
import { readPublicOrigin } from './public-origin.js';

describe('publicOrigin', () => {
  it('takes an http(s) origin, with a port, and drops a trailing slash', () => {
    expect(readPublicOrigin(undefined)).toBeUndefined();
    expect(readPublicOrigin('https://gw.example.com/')).toBe('https://gw.example.com');
    expect(readPublicOrigin('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it('refuses a path, a query, credentials, another scheme or a non-string, naming the option', () => {
    for (const bad of [
      'https://gw.example.com/mcp',
      'https://gw.example.com/?a=1',
      'https://u:p@gw.example.com',
      'ftp://gw.example.com',
      'gw.example.com',
      42,
    ]) {
      expect(() => readPublicOrigin(bad, 'approvals.publicOrigin')).toThrow(
        /^approvals\.publicOrigin: must be an http\(s\) origin/,
      );
    }
  });
});
