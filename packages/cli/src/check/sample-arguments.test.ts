import { SchemaCompiler } from '@mcpforge/server';
import { describe, expect, it } from 'vitest';
import { brokenArguments, validArguments } from './sample-arguments.js';
import { subschemaCheck } from './tool-calls.js';

const accepts = subschemaCheck();
const compiler = new SchemaCompiler();

const SCHEMAS: Record<string, Record<string, unknown>> = {
  patterned: {
    type: 'object',
    properties: {
      slug: { type: 'string', minLength: 1, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
      count: { type: 'integer', minimum: 3, maximum: 9 },
      mail: { type: 'string', format: 'email' },
      tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
    },
    required: ['slug', 'count', 'mail', 'tags'],
    additionalProperties: false,
  },
  choices: {
    type: 'object',
    properties: { mode: { enum: ['fast', 'slow'] }, nested: { $ref: '#/$defs/inner' } },
    required: ['mode', 'nested'],
    additionalProperties: false,
    $defs: { inner: { type: 'object', properties: { on: { type: 'boolean' } }, required: ['on'] } },
  },
  empty: { type: 'object', properties: {}, additionalProperties: false },
};

describe('arguments made from a schema', () => {
  it.each(Object.keys(SCHEMAS))('%s: the valid set passes, the broken set fails', (name) => {
    const schema = SCHEMAS[name] as Record<string, unknown>;
    const validate = compiler.compile(schema);
    expect(validate(validArguments(schema, accepts)).ok).toBe(true);
    const broken = brokenArguments(schema, accepts);
    expect(broken).toBeDefined();
    expect(validate(broken?.arguments).ok).toBe(false);
  });

  it('breaks a required property by its type first', () => {
    const broken = brokenArguments(SCHEMAS['patterned'] as Record<string, unknown>, accepts);
    expect(broken?.breaks).toBe(`'slug' should be a string, got 12345`);
  });

  it('samples a format named after an Object.prototype member as a plain string', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string', format: '__proto__' }, b: { type: 'string', format: 'toString' } },
      required: ['a', 'b'],
    };
    const sample = validArguments(schema, () => true) as Record<string, unknown>;
    expect(typeof sample['a']).toBe('string');
    expect(typeof sample['b']).toBe('string');
  });

  it('has nothing to break in a schema that takes anything', () => {
    expect(brokenArguments({ type: 'object', properties: { any: {} } }, accepts)).toBeUndefined();
  });
});
