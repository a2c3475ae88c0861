import { describe, expect, it } from 'vitest';
import { headerValue } from './header-value.js';

describe('headerValue', () => {
  it('keeps plain visible ASCII, numbers and booleans', () => {
    expect(headerValue('library.search')).toBe('library.search');
    expect(headerValue(42)).toBe('42');
    expect(headerValue(true)).toBe('true');
  });

  it('wraps what is not plain, as the spec examples show', () => {
    expect(headerValue('Hello, 世界')).toBe('=?base64?SGVsbG8sIOS4lueVjA==?=');
    expect(headerValue(' padded ')).toBe('=?base64?IHBhZGRlZCA=?=');
    expect(headerValue('=?base64?abc?=')).toBe(
      `=?base64?${Buffer.from('=?base64?abc?=').toString('base64')}?=`,
    );
  });
});
