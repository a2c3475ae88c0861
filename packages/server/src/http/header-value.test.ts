import { describe, expect, it } from 'vitest';
import { decodeHeaderValue, trimFieldValue } from './header-value.js';

describe('trimFieldValue', () => {
  it('drops spaces and tabs around the value only', () => {
    expect(trimFieldValue(' \t tools/call \t')).toBe('tools/call');
    expect(trimFieldValue('a b')).toBe('a b');
  });
});

describe('decodeHeaderValue', () => {
  it('decodes the base64 sentinel as UTF-8', () => {
    expect(decodeHeaderValue('=?base64?SGVsbG8sIOS4lueVjA==?=')).toBe('Hello, 世界');
    expect(decodeHeaderValue('  =?base64?IHBhZGRlZCA=?=  ')).toBe(' padded ');
  });

  it('treats values without the full wrapper as literal', () => {
    expect(decodeHeaderValue('SGVsbG8=')).toBe('SGVsbG8=');
    expect(decodeHeaderValue('=?base64?SGVsbG8=')).toBe('=?base64?SGVsbG8=');
    expect(decodeHeaderValue('SGVsbG8=?=')).toBe('SGVsbG8=?=');
  });

  it('rejects invalid base64 inside the sentinel', () => {
    expect(decodeHeaderValue('=?base64?SGVsbG8?=')).toBeUndefined(); // missing padding
    expect(decodeHeaderValue('=?base64?SGVs!!!bG8=?=')).toBeUndefined(); // bad alphabet
    expect(decodeHeaderValue('=?base64?/w==?=')).toBeUndefined(); // 0xff is not UTF-8
  });
});
