import { describe, expect, it } from 'vitest';
import { formatHostPattern, hostPatternMatches, parseHostPattern } from './host-pattern.js';

function matches(pattern: string, url: string): boolean {
  return hostPatternMatches(parseHostPattern(pattern, 'hostPattern'), new URL(url));
}

describe('host patterns of the upstream allow-list', () => {
  it('an exact host matches that host on any port, case-insensitively, and nothing under it', () => {
    expect(matches('API.Frankfurter.dev', 'https://api.frankfurter.dev/v1/latest')).toBe(true);
    expect(matches('api.frankfurter.dev', 'http://api.frankfurter.dev:8080/')).toBe(true);
    expect(matches('frankfurter.dev', 'https://api.frankfurter.dev/')).toBe(false);
    expect(matches('api.frankfurter.dev', 'https://api.frankfurter.dev.evil.test/')).toBe(false);
  });

  it('a wildcard matches hosts under the suffix, not the apex and not a look-alike', () => {
    expect(matches('*.example.com', 'https://a.b.example.com/')).toBe(true);
    expect(matches('*.example.com', 'https://example.com/')).toBe(false);
    expect(matches('*.example.com', 'https://badexample.com/')).toBe(false);
  });

  it('a port restricts the match, with the scheme default port when the URL has none', () => {
    expect(matches('127.0.0.1:8080', 'http://127.0.0.1:8080/')).toBe(true);
    expect(matches('127.0.0.1:8080', 'http://127.0.0.1:8081/')).toBe(false);
    expect(matches('api.example.com:443', 'https://api.example.com/')).toBe(true);
    expect(matches('[::1]:9000', 'http://[::1]:9000/')).toBe(true);
    expect(matches('[::1]', 'http://[0:0:0:0:0:0:0:1]/')).toBe(true);
  });

  it('stores a canonical form', () => {
    expect(formatHostPattern(parseHostPattern(' *.Example.COM:8443 ', 'p'))).toBe('*.example.com:8443');
    expect(formatHostPattern(parseHostPattern('[::1]', 'p'))).toBe('[::1]');
  });

  it('refuses malformed patterns, naming the field', () => {
    for (const bad of [
      '',
      'http://x.com',
      'a..b',
      '*.1.2.3.4',
      '::1',
      '[::1',
      'x.com:0',
      'x.com:99999',
      'a*.b.com',
      '-a.com',
    ]) {
      expect(() => parseHostPattern(bad, 'upstreams[0].hostPattern'), bad).toThrow(
        /^upstreams\[0\]\.hostPattern: /,
      );
    }
  });
});
