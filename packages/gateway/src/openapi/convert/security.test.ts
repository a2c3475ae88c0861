// biome-ignore-all lint/suspicious/noTemplateCurlyInString: bindings hold the literal ${VAR} syntax
import { describe, expect, it } from 'vitest';
import { secretVariable, securityBinding } from './security.js';

const schemes = {
  key: { type: 'apiKey', in: 'header', name: 'X-Key' },
  q: { type: 'apiKey', in: 'query', name: 'api_key' },
  c: { type: 'apiKey', in: 'cookie', name: 'sid' },
  bearer: { type: 'http', scheme: 'bearer' },
  basic: { type: 'http', scheme: 'basic' },
  digest: { type: 'http', scheme: 'digest' },
  oauth: { type: 'oauth2' },
  oidc: { type: 'openIdConnect' },
  tls: { type: 'mutualTLS' },
};

describe('secret variable names', () => {
  it('are MCPFORGE_SECRET_<PREFIX>_<SCHEME> uppercased and sanitised, without repeating the prefix', () => {
    expect(secretVariable('petstore', 'api_key')).toBe('MCPFORGE_SECRET_PETSTORE_API_KEY');
    expect(secretVariable('Swagger Petstore', 'petstore_auth')).toBe(
      'MCPFORGE_SECRET_SWAGGER_PETSTORE_PETSTORE_AUTH',
    );
    expect(secretVariable('petstore', 'petstore_auth')).toBe('MCPFORGE_SECRET_PETSTORE_AUTH');
    expect(secretVariable('', 'bearer-token')).toBe('MCPFORGE_SECRET_BEARER_TOKEN');
    expect(secretVariable('3scale', 'key')).toBe('MCPFORGE_SECRET_3SCALE_KEY');
    expect(secretVariable('mcpforge secret', 'key')).toBe('MCPFORGE_SECRET_KEY');
    expect(secretVariable('x', '%%%')).toBe('MCPFORGE_SECRET_X_SECRET');
  });
});

describe('security requirements as binding values', () => {
  it('apiKey in header, query and cookie; bearer, basic, oauth2 and openIdConnect on authorization', () => {
    expect(securityBinding([{ key: [], q: [], c: [] }], schemes, 'p')).toEqual({
      headers: { 'x-key': '${MCPFORGE_SECRET_P_KEY}', cookie: 'sid=${MCPFORGE_SECRET_P_C}' },
      query: { api_key: '${MCPFORGE_SECRET_P_Q}' },
      secrets: [
        { variable: 'MCPFORGE_SECRET_P_KEY', scheme: 'key', in: 'header', name: 'x-key' },
        { variable: 'MCPFORGE_SECRET_P_Q', scheme: 'q', in: 'query', name: 'api_key' },
        { variable: 'MCPFORGE_SECRET_P_C', scheme: 'c', in: 'cookie', name: 'sid' },
      ],
    });
    const header = (name: string) =>
      (securityBinding([{ [name]: [] }], schemes, 'p') as { headers: object }).headers;
    expect(header('bearer')).toEqual({ authorization: 'Bearer ${MCPFORGE_SECRET_P_BEARER}' });
    expect(header('basic')).toEqual({ authorization: 'Basic ${MCPFORGE_SECRET_P_BASIC}' });
    expect(header('oauth')).toEqual({ authorization: 'Bearer ${MCPFORGE_SECRET_P_OAUTH}' });
    expect(header('oidc')).toEqual({ authorization: 'Bearer ${MCPFORGE_SECRET_P_OIDC}' });
  });

  it('takes the first alternative whose schemes are all supported; {} first means none', () => {
    expect(securityBinding([{ tls: [] }, { digest: [] }, { bearer: [] }], schemes, 'p')).toMatchObject({
      headers: { authorization: 'Bearer ${MCPFORGE_SECRET_P_BEARER}' },
    });
    expect(securityBinding([{}, { bearer: [] }], schemes, 'p')).toEqual({
      headers: {},
      query: {},
      secrets: [],
    });
    expect(securityBinding([], schemes, 'p')).toEqual({ headers: {}, query: {}, secrets: [] });
  });

  it('says why when none is usable: unsupported, undefined, or two schemes on one header', () => {
    expect(securityBinding([{ tls: [] }, { nope: [] }], schemes, 'p')).toEqual({
      unsupported: "no supported security scheme among 'tls' (mutualTLS), 'nope' (not defined)",
    });
    expect(securityBinding([{ bearer: [], basic: [] }], schemes, 'p')).toHaveProperty('unsupported');
    // A ${...} in a cookie or header name from the document would be a template: refused.
    const sneaky = {
      c: { type: 'apiKey', in: 'cookie', name: '${HOME}' },
      h: { type: 'apiKey', in: 'header', name: 'a${HOME}' },
    };
    expect(securityBinding([{ c: [] }], sneaky, 'p')).toHaveProperty('unsupported');
    expect(securityBinding([{ h: [] }], sneaky, 'p')).toHaveProperty('unsupported');
  });
});
