import { expect, it } from 'vitest';
import { bearerToken } from './bearer.js';

it('reads the token of a Bearer authorization header, any case of the scheme', () => {
  expect(bearerToken('Bearer mcpf_mcp_abc')).toBe('mcpf_mcp_abc');
  expect(bearerToken('bearer   tok ')).toBe('tok');
  expect(bearerToken(undefined)).toBeUndefined();
  expect(bearerToken('Basic dXNlcjpwdw==')).toBeUndefined();
  expect(bearerToken('Bearer')).toBeUndefined();
  expect(bearerToken('Bearer a b')).toBeUndefined();
});
