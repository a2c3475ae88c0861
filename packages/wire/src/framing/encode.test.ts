import { describe, expect, it } from 'vitest';
import { encodeMessage } from './encode.js';

describe('encodeMessage', () => {
  it('writes one line ending in a newline', () => {
    const line = encodeMessage({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(line).toBe('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    expect(line.indexOf('\n')).toBe(line.length - 1);
  });

  it('escapes U+2028 and U+2029 inside strings, losslessly', () => {
    const params = { 'key\u2028': 'a\u2028b\u2029c' };
    const line = encodeMessage({ jsonrpc: '2.0', method: 'note', params });
    expect(line).not.toMatch(/[\u2028\u2029]/);
    expect(line).toContain('a\\u2028b\\u2029c');
    expect(JSON.parse(line)).toEqual({ jsonrpc: '2.0', method: 'note', params });
  });

  it('escapes a lone U+2029 too', () => {
    const line = encodeMessage({ jsonrpc: '2.0', method: 'note', params: { text: 'a\u2029b' } });
    expect(line).toBe('{"jsonrpc":"2.0","method":"note","params":{"text":"a\\u2029b"}}\n');
  });

  it('leaves other non-ASCII text as it is', () => {
    const params = { text: 'caf\u00e9 \u2027 \u202a \u{1f600}' };
    const line = encodeMessage({ jsonrpc: '2.0', method: 'note', params });
    expect(line).toBe(`${JSON.stringify({ jsonrpc: '2.0', method: 'note', params })}\n`);
  });
});
