import { describe, expect, it } from 'vitest';
import { absoluteBaseUrl, fillServerUrl, pickBaseUrl } from './servers.js';

describe('base URLs from servers', () => {
  it('fills variables with their defaults and keeps unknown ones (then unusable)', () => {
    expect(
      fillServerUrl({ url: 'https://{env}.api.test:{port}/v1', variables: { env: 'prod', port: '8443' } }),
    ).toBe('https://prod.api.test:8443/v1');
    expect(pickBaseUrl([{ url: 'https://{unknown}.api.test', variables: {} }])).toBeUndefined();
    expect(fillServerUrl({ url: 'https://{constructor}.api.test/{__proto__}', variables: {} })).toBe(
      'https://{constructor}.api.test/{__proto__}',
    );
  });

  it('takes the first absolute http(s) URL, without query, fragment, trailing slash or credentials', () => {
    expect(
      pickBaseUrl([
        { url: 'ftp://x', variables: {} },
        { url: 'https://api.test/v2/?a=1#f', variables: {} },
      ]),
    ).toBe('https://api.test/v2');
    expect(absoluteBaseUrl('https://user:pw@api.test')).toBeUndefined();
  });

  it('resolves a relative server against the fallback, and uses the fallback when there is no server', () => {
    expect(pickBaseUrl([{ url: '/v3', variables: {} }], 'http://127.0.0.1:4010/base/')).toBe(
      'http://127.0.0.1:4010/base/v3',
    );
    expect(pickBaseUrl([{ url: '/v3', variables: {} }])).toBeUndefined();
    expect(pickBaseUrl([], 'https://fallback.test/')).toBe('https://fallback.test');
    expect(pickBaseUrl([])).toBeUndefined();
  });

  it('lets the override replace absolute servers too, so a document can be pointed at a mock', () => {
    const servers = [{ url: 'https://petstore3.swagger.io/api/v3', variables: {} }];
    expect(pickBaseUrl(servers)).toBe('https://petstore3.swagger.io/api/v3');
    expect(pickBaseUrl(servers, 'http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
    // A relative server further down still keeps its path under the override.
    expect(pickBaseUrl([...servers, { url: '/v3', variables: {} }], 'http://127.0.0.1:4010')).toBe(
      'http://127.0.0.1:4010/v3',
    );
  });
});
