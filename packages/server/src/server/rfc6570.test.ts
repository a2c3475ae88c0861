import { describe, expect, it } from 'vitest';
import { DefinitionError } from './errors.js';
import { UriTemplate } from './rfc6570.js';

describe('UriTemplate', () => {
  it('matches and expands a simple variable', () => {
    const template = new UriTemplate('test://template/{id}/data');
    expect(template.match('test://template/123/data')).toEqual({ id: '123' });
    expect(template.match('test://template/1/2/data')).toBeUndefined();
    expect(template.match('test://template/a%20b/data')).toEqual({ id: 'a b' });
    expect(template.expand({ id: 'a b/c' })).toBe('test://template/a%20b%2Fc/data');
  });

  it('lets a reserved {+path} span slashes', () => {
    const template = new UriTemplate('file:///{+path}');
    expect(template.match('file:///etc/hosts')).toEqual({ path: 'etc/hosts' });
    expect(template.expand({ path: 'a/b c' })).toBe('file:///a/b%20c');
  });

  it('handles several variables, path segments and queries', () => {
    expect(new UriTemplate('db://{schema},{table}').match('db://public,users')).toEqual({
      schema: 'public',
      table: 'users',
    });
    expect(new UriTemplate('repo://x{/owner,name}').match('repo://x/acme/forge')).toEqual({
      owner: 'acme',
      name: 'forge',
    });
    const query = new UriTemplate('search://items{?q,limit}');
    expect(query.match('search://items?q=cat&limit=5')).toEqual({ q: 'cat', limit: '5' });
    expect(query.expand({ q: 'a&b', limit: 2 })).toBe('search://items?q=a%26b&limit=2');
  });

  it('refuses level-4 modifiers and broken templates with a typed error', () => {
    expect(() => new UriTemplate('x://{id*}')).toThrow(DefinitionError);
    expect(() => new UriTemplate('x://{id')).toThrow(/Unclosed/);
  });
});
