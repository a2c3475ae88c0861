import { describe, expect, it } from 'vitest';
import { MetaKey } from '../protocol/index.js';
import { ServerCore } from './server-core.js';

const SERVER_INFO = { name: 'core', version: '1.0.0' };

describe('ServerCore.complete', () => {
  const core = new ServerCore({ ...SERVER_INFO });

  it('adds resultType and serverInfo to a copy, leaving the handler value untouched', () => {
    const value = { content: [{ type: 'text', text: 'hi' }], isError: false };
    const result = core.complete(value);
    expect(result).toEqual({
      ...value,
      resultType: 'complete',
      _meta: { [MetaKey.serverInfo]: SERVER_INFO },
    });
    expect(Object.keys(result)).toEqual(['content', 'isError', 'resultType', '_meta']);
    expect(value).toEqual({ content: [{ type: 'text', text: 'hi' }], isError: false });
  });

  it("keeps the handler's own _meta keys beside serverInfo", () => {
    const result = core.complete({ content: [], _meta: { 'example.com/trace': 'abc' } });
    expect(result['_meta']).toEqual({ 'example.com/trace': 'abc', [MetaKey.serverInfo]: SERVER_INFO });
  });

  it('copies an own __proto__ member as a member, not as the prototype', () => {
    const value = JSON.parse('{"content":[],"__proto__":{"polluted":true}}') as object;
    const result = core.complete(value);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(result))).toEqual(
      JSON.parse(
        `{"content":[],"__proto__":{"polluted":true},"resultType":"complete","_meta":${JSON.stringify({ [MetaKey.serverInfo]: SERVER_INFO })}}`,
      ),
    );
  });

  it('copies only own members', () => {
    const value = Object.assign(Object.create({ inherited: 1 }) as object, { content: [] });
    expect(Object.keys(core.complete(value))).toEqual(['content', 'resultType', '_meta']);
  });
});

describe('ServerCore.cacheable', () => {
  it('adds resultType, ttlMs, cacheScope and serverInfo to a copy', () => {
    const core = new ServerCore({ ...SERVER_INFO, cacheTtlMs: 5000, cacheScope: 'private' });
    const page = { tools: [] };
    expect(core.cacheable(page)).toEqual({
      tools: [],
      resultType: 'complete',
      ttlMs: 5000,
      cacheScope: 'private',
      _meta: { [MetaKey.serverInfo]: SERVER_INFO },
    });
    expect(page).toEqual({ tools: [] });
  });
});
