import { describe, expect, it } from 'vitest';
import { isJsonMediaType, parseMediaType } from './media-type.js';

describe('media types', () => {
  it('parses type, subtype and parameters, case-insensitively, quoted values unquoted', () => {
    expect(parseMediaType('Application/JSON; Charset="UTF-8"')).toEqual({
      type: 'application',
      subtype: 'json',
      parameters: { charset: 'UTF-8' },
    });
  });

  it('refuses what is not type/subtype', () => {
    for (const text of ['', 'json', 'application/', 'application/json/x', 'a b/c', 'application/json; x']) {
      expect(parseMediaType(text), text).toBeUndefined();
    }
  });

  it('accepts JSON in UTF-8 and +json types, nothing that merely contains "json"', () => {
    expect(isJsonMediaType('application/json')).toBe(true);
    expect(isJsonMediaType('application/json;charset=utf-8')).toBe(true);
    expect(isJsonMediaType('application/merge-patch+json')).toBe(true);
    expect(isJsonMediaType('application/json; charset=latin1')).toBe(false);
    expect(isJsonMediaType('text/json')).toBe(false);
    expect(isJsonMediaType('application/jsonx')).toBe(false);
    expect(isJsonMediaType('text/plain; a=application/json')).toBe(false);
  });
});
