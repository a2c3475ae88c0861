import { describe, expect, it } from 'vitest';
import { generateKey, KEY_PATTERN, keySha256, parseKey } from './key-format.js';
import { KEY_TYPES } from './key-types.js';

describe('key format', () => {
  it('shows the type in the prefix and carries 256 random bits plus a check', () => {
    const prefixes = KEY_TYPES.map((type) => generateKey(type).value.slice(0, 9));
    expect(prefixes).toEqual(['mcpf_mcp_', 'mcpf_apr_', 'mcpf_adm_']);
    for (const type of KEY_TYPES) {
      const key = generateKey(type);
      expect(key.value).toHaveLength(9 + 43 + 6);
      expect(parseKey(key.value)).toBe(type);
      expect(key.sha256).toBe(keySha256(key.value));
      expect(key.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(key.displayPrefix).toBe(key.value.slice(0, 13));
    }
    expect(generateKey('admin').value).not.toBe(generateKey('admin').value);
  });

  it('refuses a value with a wrong check, length or type tag, without any lookup', () => {
    const { value } = generateKey('mcp_client');
    const last = value.at(-1) === 'A' ? 'B' : 'A';
    expect(parseKey(`${value.slice(0, -1)}${last}`)).toBeUndefined();
    const secretChanged = `${value.slice(0, 12)}${value[12] === 'x' ? 'y' : 'x'}${value.slice(13)}`;
    expect(parseKey(secretChanged)).toBeUndefined();
    expect(parseKey(value.slice(0, -1))).toBeUndefined();
    expect(parseKey(`${value}x`)).toBeUndefined();
    expect(parseKey(value.replace('mcpf_mcp_', 'mcpf_adm_'))).toBeUndefined();
    expect(parseKey('')).toBeUndefined();
  });

  it('a secret scanner finds a key inside text and tells it from look-alikes', () => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const { value } = generateKey('approval');
      const found = KEY_PATTERN.exec(`export TOKEN="${value}" # leaked`)?.[0];
      expect(found).toBe(value);
      expect(parseKey(found!)).toBe('approval');
    }
    expect(KEY_PATTERN.test(`mcpf_xyz_${'a'.repeat(49)}`)).toBe(false);
  });
});
