import { describe, expect, it } from 'vitest';
import { UrlNotAllowedError } from './errors.js';
import { isIdentifier, isSlug } from './syntax.js';
import { checkUrl } from './urls.js';

function refused(url: string, policy: Parameters<typeof checkUrl>[1]): string {
  try {
    checkUrl(url, policy);
  } catch (error) {
    expect(error).toBeInstanceOf(UrlNotAllowedError);
    expect((error as UrlNotAllowedError).code).toBe('ERR_URL_NOT_ALLOWED');
    return (error as Error).message;
  }
  throw new Error(`expected ${url} to be refused`);
}

describe('checkUrl', () => {
  const policy = { hosts: ['api.example.com', '*.cdn.example.net'] };

  it('allows listed hosts over https by default', () => {
    expect(checkUrl('https://API.example.com/v1?q=1', policy).pathname).toBe('/v1');
    expect(checkUrl('https://a.cdn.example.net/x', policy).hostname).toBe('a.cdn.example.net');
    expect(checkUrl('https://a.b.cdn.example.net/x', policy).hostname).toBe('a.b.cdn.example.net');
  });

  it('refuses other schemes, hosts, credentials and garbage', () => {
    expect(refused('http://api.example.com/', policy)).toContain("scheme 'http'");
    expect(refused('file:///etc/passwd', policy)).toContain("scheme 'file'");
    expect(refused('https://evil.com/', policy)).toContain("host 'evil.com'");
    expect(refused('https://cdn.example.net/', policy)).toContain('host');
    expect(refused('https://api.example.com.evil.com/', policy)).toContain('host');
    expect(refused('https://xcdn.example.net/', policy)).toContain('host');
    expect(refused('https://user:pw@api.example.com/', policy)).toContain('credentials');
    expect(refused('https://api.example.com@evil.com/', policy)).toContain('credentials');
    expect(refused('not a url', policy)).toContain('absolute URL');
    expect(refused('https://api.example.com/', { hosts: [] })).toContain('host');
  });

  it('honours configured schemes with or without colon', () => {
    expect(checkUrl('http://127.0.0.1:8080/', { schemes: ['http:'], hosts: ['127.0.0.1'] }).port).toBe(
      '8080',
    );
    expect(checkUrl('http://[::1]/', { schemes: ['http'], hosts: ['[::1]'] }).hostname).toBe('[::1]');
  });
});

describe('isSlug / isIdentifier', () => {
  it('isSlug', () => {
    for (const ok of ['a', 'draft-1', 'my-long-slug-2', 'x'.repeat(64)]) expect(isSlug(ok)).toBe(true);
    for (const bad of ['', '-a', 'a-', 'a--b', 'A', 'a_b', 'a b', 'x'.repeat(65), 3, null]) {
      expect(isSlug(bad)).toBe(false);
    }
  });

  it('isIdentifier', () => {
    for (const ok of ['a', '_x', 'Name_2', 'x'.repeat(64)]) expect(isIdentifier(ok)).toBe(true);
    for (const bad of ['', '2a', 'a-b', 'a.b', 'x'.repeat(65), undefined])
      expect(isIdentifier(bad)).toBe(false);
  });
});
