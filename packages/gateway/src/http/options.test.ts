import { expect, it } from 'vitest';
import { DEFAULT_LEASE_MS, DEFAULT_PENDING_TTL_MS, DEFAULT_SWEEP_MS } from '../approvals/approval-service.js';
import { DEFAULT_APPROVAL_WAIT_MS } from '../approvals/mcp/approval-call.js';
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

it('fills the approval defaults and refuses a bad or misspelt approval option', () => {
  expect(resolveGatewayOptions().approvals).toEqual({
    pendingTtlMs: DEFAULT_PENDING_TTL_MS,
    leaseMs: DEFAULT_LEASE_MS,
    sweepMs: DEFAULT_SWEEP_MS,
    waitMs: DEFAULT_APPROVAL_WAIT_MS,
    maxPendingPerKey: 50,
    maxPendingPerAgent: 500,
    maxArgumentsBytes: 64 * 1024,
    retentionMs: 90 * 86_400_000,
  });
  expect(resolveGatewayOptions({ approvals: { maxPendingPerKey: 3 } }).approvals.maxPendingPerKey).toBe(3);
  expect(() => resolveGatewayOptions({ approvals: { maxArgumentsBytes: 0 } })).toThrow(
    /^approvals\.maxArgumentsBytes/,
  );
  expect(resolveGatewayOptions({ approvals: { leaseMs: 2000 } }).approvals).toMatchObject({
    leaseMs: 2000,
    pendingTtlMs: DEFAULT_PENDING_TTL_MS,
  });
  expect(() => resolveGatewayOptions({ approvals: { pendingTtlMs: 0 } })).toThrow(/^approvals\.pendingTtlMs/);
  expect(() => resolveGatewayOptions({ approvals: { leaseMs: 1.5 } })).toThrow(/^approvals\.leaseMs/);
  expect(() => resolveGatewayOptions({ approvals: { sweepMs: 2 ** 31 } })).toThrow(/^approvals\.sweepMs/);
  expect(() => resolveGatewayOptions({ approvals: { pendingTTLMs: 5 } as never })).toThrow(
    /^approvals\.pendingTTLMs: unknown option/,
  );
  expect(() => resolveGatewayOptions({ approvals: 5 as never })).toThrow(/^approvals/);
});

it('takes a public origin, and refuses anything that is not an origin', () => {
  expect(resolveGatewayOptions().publicOrigin).toBeUndefined();
  expect(resolveGatewayOptions({ publicOrigin: 'https://gw.example.com' }).publicOrigin).toBe(
    'https://gw.example.com',
  );
  expect(resolveGatewayOptions({ publicOrigin: 'http://127.0.0.1:8080' }).publicOrigin).toBe(
    'http://127.0.0.1:8080',
  );
  // A trailing slash is the same origin; it is dropped so paths are glued on cleanly.
  expect(resolveGatewayOptions({ publicOrigin: 'https://gw.example.com/' }).publicOrigin).toBe(
    'https://gw.example.com',
  );
  for (const bad of [
    'https://gw.example.com/mcp',
    'https://gw.example.com/?a=1',
    'gw.example.com',
    'ftp://x.example',
    5,
  ]) {
    expect(() => resolveGatewayOptions({ publicOrigin: bad as never }), String(bad)).toThrow(/^publicOrigin/);
  }
});

it('fills the session and unread-answer bounds, and refuses a bad or misspelt one naming it', () => {
  const options = resolveGatewayOptions();
  expect(options.sessions).toEqual({ perKey: 100, perAgent: 1_000, max: 10_000 });
  expect(options.unreadAnswers).toEqual({ perKey: 16 * 1024 * 1024, total: 64 * 1024 * 1024 });
  expect(resolveGatewayOptions({ sessions: { perKey: 3 } }).sessions.perKey).toBe(3);
  expect(() => resolveGatewayOptions({ sessions: { perAgent: Number.NaN } })).toThrow(/^sessions\.perAgent/);
  expect(() => resolveGatewayOptions({ sessions: { max: 1.5 } })).toThrow(/^sessions\.max/);
  expect(() => resolveGatewayOptions({ sessions: 5 as never })).toThrow(/^sessions:/);
  expect(() => resolveGatewayOptions({ unreadAnswers: { total: 0 } })).toThrow(/^unreadAnswers\.total/);
  expect(() => resolveGatewayOptions({ unreadAnswers: { perkey: 1 } as never })).toThrow(
    /^unreadAnswers\.perkey: unknown option/,
  );
});
