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

  it('stores an address in the spelling a URL gives it, so every spelling matches (issue 19, point 14)', () => {
    for (const spelling of ['2130706433', '0x7f000001', '127.1', '0177.0.0.1', '0x7F.0.0.1']) {
      expect(formatHostPattern(parseHostPattern(spelling, 'p')), spelling).toBe('127.0.0.1');
      expect(matches(spelling, 'http://127.0.0.1:8080/'), spelling).toBe(true);
      expect(matches(spelling, 'http://2130706433/'), spelling).toBe(true);
    }
    expect(formatHostPattern(parseHostPattern('10.1:8443', 'p'))).toBe('10.0.0.1:8443');
    expect(formatHostPattern(parseHostPattern('[0:0:0:0:0:0:0:1]', 'p'))).toBe('[::1]');
    expect(formatHostPattern(parseHostPattern('[::FFFF:127.0.0.1]', 'p'))).toBe('[::ffff:7f00:1]');
    expect(matches('[0:0:0:0:0:0:0:1]', 'http://[::1]/')).toBe(true);
  });

  it('refuses a host ending in a number that is no IPv4 address, and a wildcard over one', () => {
    for (const bad of ['foo.123', '1.2.3.4.5', '4294967296', '*.0.1', '*.example.0x10']) {
      expect(() => parseHostPattern(bad, 'hostPattern'), bad).toThrow(/^hostPattern: /);
    }
    expect(() => parseHostPattern('foo.123', 'hostPattern')).toThrow(/is not an IPv4 address/);
    // A label that merely starts with digits is a name.
    expect(formatHostPattern(parseHostPattern('api.1password.com', 'p'))).toBe('api.1password.com');
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
