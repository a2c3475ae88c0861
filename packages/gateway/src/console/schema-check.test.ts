import { describe, expect, it } from 'vitest';
import { lineDiff } from './browser/line-diff.js';
import { checkInputSchema } from './browser/schema-check.js';

// The console's live checks, without a browser: what the draft editor says as a schema is typed,
// and the diff of a draft against its published version.

describe('checkInputSchema', () => {
  it('accepts a tool input schema the gateway publishes', () => {
    const schema = {
      type: 'object',
      properties: { base: { type: 'string', pattern: '^[A-Z]{3}$' }, limit: { type: 'integer', minimum: 1 } },
      required: ['base'],
      additionalProperties: false,
    };
    expect(checkInputSchema(JSON.stringify(schema))).toEqual([]);
  });

  it('names each problem with its path', () => {
    expect(checkInputSchema('{ "type": "object", ')[0]).toMatch(/^not JSON/);
    expect(checkInputSchema('[]')).toEqual(['the input schema must be a JSON object']);
    expect(checkInputSchema('{ "type": "string" }')).toContain(
      "type: must be 'object' (a tool takes named arguments)",
    );
    expect(
      checkInputSchema(
        JSON.stringify({
          type: 'object',
          properties: { a: { type: 'text' }, b: { minLength: -1 }, c: { pattern: '(' } },
          required: ['a', 'z'],
        }),
      ),
    ).toEqual([
      'properties.a.type: unknown type "text"',
      'properties.b.minLength: must be a non-negative integer',
      'properties.c.pattern: not a valid regular expression',
      'required: names "z", which is not a property',
    ]);
  });
});

describe('lineDiff', () => {
  it('keeps common lines and marks the added and removed ones in order', () => {
    expect(lineDiff('a\nb\nc', 'a\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
    expect(lineDiff('x', 'x').every((line) => line.kind === 'same')).toBe(true);
  });
});
