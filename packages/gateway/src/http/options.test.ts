import { expect, it } from 'vitest';
import {
  DEFAULT_CATALOG_REFRESH_MS,
  DEFAULT_PREFIX,
  DEFAULT_RATE_LIMIT_PER_SECOND,
  resolveGatewayOptions,
} from './options.js';

it('fills the defaults', () => {
  const options = resolveGatewayOptions();
  expect(options.prefix).toBe(DEFAULT_PREFIX);
  expect(options.catalogRefreshMs).toBe(DEFAULT_CATALOG_REFRESH_MS);
  expect(options.rateLimit).toMatchObject({ perSecond: DEFAULT_RATE_LIMIT_PER_SECOND });
  expect(resolveGatewayOptions({ rateLimit: false }).rateLimit).toBe(false);
  expect(resolveGatewayOptions({ prefix: '/gw/mcp' }).prefix).toBe('/gw/mcp');
});

it('throws naming the option for a bad value, so a typo never turns a limit off', () => {
  expect(() => resolveGatewayOptions({ prefix: 'mcp' })).toThrow(/^prefix/);
  expect(() => resolveGatewayOptions({ prefix: '/mcp/' })).toThrow(/^prefix/);
  expect(() => resolveGatewayOptions({ catalogRefreshMs: Number.NaN })).toThrow(RangeError);
  expect(() => resolveGatewayOptions({ catalogRefreshMs: 0 })).toThrow(/^catalogRefreshMs/);
  expect(() => resolveGatewayOptions({ rateLimit: { perSecond: -1 } })).toThrow(/^rateLimit\.perSecond/);
  expect(() => resolveGatewayOptions({ rateLimit: { burst: 1.5 } })).toThrow(/^rateLimit\.burst/);
  expect(() => resolveGatewayOptions({ rateLimit: true as never })).toThrow(/^rateLimit/);
  expect(() => resolveGatewayOptions({ logger: {} as never })).toThrow(/^logger\.info/);
});
