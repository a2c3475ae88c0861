import { describe, expect, it } from 'vitest';
import {
  DEPTH_MARKER,
  isSecretName,
  MAX_PREVIEW_BYTES,
  previewOf,
  previewWithCut,
  REDACTED,
  TOO_LARGE_MARKER,
} from './preview.js';

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

describe('isSecretName', () => {
  it('matches secret-looking names in any case and spelling', () => {
    for (const name of [
      'password',
      'PASSWORD',
      'db_password',
      'passwd',
      'clientSecret',
      'client-secret',
      'access_token',
      'refreshToken',
      'api_key',
      'apiKey',
      'X-API-KEY',
      'apikey',
      'key',
      'private_key',
      'privateKey',
      'authorization',
      'Authorization',
      'auth',
      'proxy_auth',
      'cookie',
      'Set-Cookie',
      'session',
      'sessionId',
      'credentials',
      'signature',
      'pin',
      'otp',
    ]) {
      expect(isSecretName(name), name).toBe(true);
    }
  });

  it('leaves ordinary names alone, including words that merely contain a short secret word', () => {
    for (const name of [
      'customer',
      'amount',
      'monkey',
      'keyboard',
      'author',
      'authorName',
      'spinner',
      'hotpot',
      'description',
    ]) {
      expect(isSecretName(name), name).toBe(false);
    }
  });
});

describe('previewOf', () => {
  it('redacts secret members at any depth, whatever their value', () => {
    const preview = previewOf({
      customer: 'acme',
      token: 'abc',
      nested: { list: [{ deeper: { client_secret: { any: 'thing' }, ok: 1 } }], Authorization: 'Bearer x' },
    });
    expect(preview).toEqual({
      customer: 'acme',
      token: REDACTED,
      nested: { list: [{ deeper: { client_secret: REDACTED, ok: 1 } }], Authorization: REDACTED },
    });
    expect(JSON.stringify(preview)).not.toMatch(/abc|thing|Bearer/);
  });

  it('leaves out control fields', () => {
    expect(previewOf({ a: 1, _mcpforge_confirmation_token: 'tok' })).toEqual({ a: 1 });
  });

  it('cuts long strings and arrays with a marker', () => {
    const preview = previewOf({ text: 'x'.repeat(300), list: Array.from({ length: 25 }, (_, i) => i) }) as {
      text: string;
      list: unknown[];
    };
    expect(preview.text).toBe(`${'x'.repeat(256)}…[+44 chars]`);
    expect(preview.list).toEqual([...Array.from({ length: 20 }, (_, i) => i), '…[+5 items]']);
  });

  it('never splits a surrogate pair', () => {
    const preview = previewOf({ text: `${'x'.repeat(255)}😀tail` }) as { text: string };
    expect(preview.text.startsWith(`${'x'.repeat(255)}…`)).toBe(true);
    expect(preview.text).toBe(`${'x'.repeat(255)}…[+6 chars]`);
  });

  it('elides nesting deeper than 8', () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 20; i++) deep = { d: deep };
    let node = previewOf(deep) as Record<string, unknown>;
    let depth = 0;
    while (typeof node['d'] === 'object') {
      node = node['d'] as Record<string, unknown>;
      depth++;
    }
    expect(node['d']).toBe(DEPTH_MARKER);
    expect(depth).toBe(7);
  });

  it('stays within its bound for wide, long and deep payloads', () => {
    const wide = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`field${i}`, 'v'.repeat(200)]));
    const long = {
      items: Array.from({ length: 10_000 }, () => ({ a: 'y'.repeat(250), b: ['z'.repeat(250)] })),
    };
    const unicode = { s: Array.from({ length: 20 }, () => '€'.repeat(256)) };
    const keys = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`${'k'.repeat(300)}${i}`, 1]));
    for (const payload of [wide, long, unicode, keys]) {
      const preview = previewOf(payload);
      expect(bytes(preview)).toBeLessThanOrEqual(MAX_PREVIEW_BYTES);
      expect(preview).not.toBe(TOO_LARGE_MARKER);
    }
    // A small payload is kept whole.
    const small = { customer: 'acme', amount: 10, lines: [{ sku: 'A', qty: 2 }] };
    expect(previewOf(small)).toEqual(small);
  });

  it('shows a `__proto__` member at any depth, as the upstream receives it (issue 19)', () => {
    // As the MCP request body is parsed: `__proto__` is an ordinary own member of the arguments.
    const args = JSON.parse(
      '{"nested":{"data":{"__proto__":{"hidden":"X"},"visible":1}},"__proto__":{"top":2}}',
    );
    const { preview, truncated } = previewWithCut(args);
    expect(JSON.stringify(preview)).toBe(
      '{"nested":{"data":{"__proto__":{"hidden":"X"},"visible":1}},"__proto__":{"top":2}}',
    );
    expect(truncated).toBe(false);
    // Stored as JSON and read back (jsonb), it is still there.
    const readBack = JSON.parse(JSON.stringify(preview)).nested.data;
    expect(Object.getOwnPropertyDescriptor(readBack, '__proto__')?.value).toEqual({ hidden: 'X' });
    expect(Object.getPrototypeOf((preview as { nested: { data: object } }).nested.data)).toBe(
      Object.prototype,
    );
  });

  it('keeps both of two long names that are cut to the same text, and says it cut', () => {
    const args = { [`${'n'.repeat(300)}A`]: 'first', [`${'n'.repeat(300)}B`]: 'second' };
    const { preview, truncated } = previewWithCut(args);
    expect(Object.values(preview as object)).toEqual(['first', 'second']);
    expect(truncated).toBe(true);
  });

  it('says whether it cut anything: strings, lists, members, depth or the whole', () => {
    expect(previewWithCut({ a: 'short', b: [1, 2], token: 'secret-value' }).truncated).toBe(false);
    expect(previewWithCut({ a: 'x'.repeat(300) }).truncated).toBe(true);
    expect(previewWithCut({ a: Array.from({ length: 21 }, () => 0) }).truncated).toBe(true);
    expect(
      previewWithCut(Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`m${i}`, i]))).truncated,
    ).toBe(true);
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 9; i++) deep = { d: deep };
    expect(previewWithCut(deep).truncated).toBe(true);
    const huge = Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`${'k'.repeat(20)}${i}`, i]));
    expect(previewWithCut(huge).truncated).toBe(true);
  });
});
