import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { SchemaCompiler } from '../validation/compiler.js';
import { s } from './builders.js';
import type { Infer, JsonSchema } from './types.js';

describe('s builders: produced JSON', () => {
  it('object: properties always present, required lists non-optional keys, closed by default', () => {
    const schema = s.object({
      query: s.string({ minLength: 1, maxLength: 200, description: 'Search text' }),
      limit: s.optional(s.integer({ minimum: 1, maximum: 5 })),
    });
    expect(JSON.parse(JSON.stringify(schema))).toStrictEqual({
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 200, description: 'Search text' },
        limit: { type: 'integer', minimum: 1, maximum: 5 },
      },
      required: ['query'],
      additionalProperties: false,
    });
    expect(schema).toStrictEqual(JSON.parse(JSON.stringify(schema)));
  });

  it('empty object keeps properties {} and omits required', () => {
    expect(s.object({})).toStrictEqual({ type: 'object', properties: {}, additionalProperties: false });
  });

  it('additionalProperties true or a schema', () => {
    expect(s.object({}, { additionalProperties: true })['additionalProperties']).toBe(true);
    expect(s.object({}, { additionalProperties: s.string() })['additionalProperties']).toStrictEqual({
      type: 'string',
    });
  });

  it('scalars, arrays, enum, literal, record', () => {
    expect(s.number({ exclusiveMinimum: 0, multipleOf: 0.5 })).toStrictEqual({
      type: 'number',
      exclusiveMinimum: 0,
      multipleOf: 0.5,
    });
    expect(s.boolean({ default: false })).toStrictEqual({ type: 'boolean', default: false });
    expect(s.string({ format: 'uri', pattern: '^https:' })).toStrictEqual({
      type: 'string',
      pattern: '^https:',
      format: 'uri',
    });
    expect(s.array(s.string(), { minItems: 1, uniqueItems: true })).toStrictEqual({
      type: 'array',
      items: { type: 'string' },
      minItems: 1,
      uniqueItems: true,
    });
    expect(s.enum(['asc', 'desc'], { title: 'Order' })).toStrictEqual({
      type: 'string',
      enum: ['asc', 'desc'],
      title: 'Order',
    });
    expect(s.enum([1, 'a'])).toStrictEqual({ enum: [1, 'a'] });
    expect(s.literal('v1')).toStrictEqual({ type: 'string', const: 'v1' });
    expect(s.literal(3)).toStrictEqual({ type: 'integer', const: 3 });
    expect(s.literal(null)).toStrictEqual({ type: 'null', const: null });
    expect(s.record(s.integer())).toStrictEqual({
      type: 'object',
      additionalProperties: { type: 'integer' },
    });
  });

  it('nullable, union, annotations and raw keywords', () => {
    expect(s.nullable(s.string())).toStrictEqual({ type: ['string', 'null'] });
    expect(s.nullable(s.enum(['a']))).toStrictEqual({
      anyOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }],
    });
    expect(s.union(s.string(), s.integer())).toStrictEqual({
      anyOf: [{ type: 'string' }, { type: 'integer' }],
    });
    expect(
      s.string({ examples: ['eu'], deprecated: true, keywords: { 'x-mcp-header': 'Region' } }),
    ).toStrictEqual({ type: 'string', examples: ['eu'], deprecated: true, 'x-mcp-header': 'Region' });
    expect(s.annotate(s.union(s.string(), s.integer()), { description: 'id' })).toStrictEqual({
      anyOf: [{ type: 'string' }, { type: 'integer' }],
      description: 'id',
    });
  });

  it('optional marker is invisible in JSON and survives annotate', () => {
    const marked = s.optional(s.string());
    expect(JSON.stringify(marked)).toBe('{"type":"string"}');
    expect(Object.keys(marked)).toStrictEqual(['type']);
    const schema = s.object({ a: s.annotate(marked, { description: 'x' }) });
    expect(schema['required']).toBeUndefined();
  });

  it('does not share structure with the inputs (outputs are independent copies)', () => {
    const inner = s.string();
    const schema = s.object({ a: inner });
    (inner as JsonSchema)['minLength'] = 5;
    expect(schema['properties']).toStrictEqual({ a: { type: 'string' } });
  });
});

describe('s builders: inference', () => {
  it('infers object, optional, nullable, union, enum, literal, record, array', () => {
    const schema = s.object({
      query: s.string(),
      limit: s.optional(s.integer()),
      tags: s.array(s.string()),
      order: s.enum(['asc', 'desc']),
      kind: s.literal('doc'),
      parent: s.nullable(s.string()),
      id: s.union(s.string(), s.integer()),
      headers: s.optional(s.record(s.string())),
      nested: s.object({ ok: s.boolean() }),
    });
    expectTypeOf<Infer<typeof schema>>().toEqualTypeOf<{
      query: string;
      limit?: number;
      tags: string[];
      order: 'asc' | 'desc';
      kind: 'doc';
      parent: string | null;
      id: string | number;
      headers?: Record<string, string>;
      nested: { ok: boolean };
    }>();
  });

  it('open objects allow extra keys; hand-written schemas infer unknown', () => {
    const open = s.object({ a: s.string() }, { additionalProperties: true });
    expectTypeOf<Infer<typeof open>>().toMatchTypeOf<{ a: string; [key: string]: unknown }>();
    expectTypeOf<Infer<JsonSchema>>().toBeUnknown();
    expectTypeOf<Infer<ReturnType<typeof s.raw<{ id: string }>>>>().toEqualTypeOf<{ id: string }>();
  });
});

describe('s builders: schemas compile under Ajv 2020 strict mode', () => {
  it('every builder output compiles and validates as intended', () => {
    const compiler = new SchemaCompiler();
    const schema = s.object({
      query: s.string({ minLength: 1, format: 'email', description: 'd', examples: ['a@b.c'] }),
      limit: s.optional(s.integer({ minimum: 1, exclusiveMaximum: 10, default: 3 })),
      ratio: s.optional(s.number({ multipleOf: 0.25 })),
      flag: s.optional(s.boolean()),
      tags: s.optional(s.array(s.string(), { maxItems: 2, uniqueItems: true })),
      order: s.optional(s.enum(['asc', 'desc'])),
      mixed: s.optional(s.enum([1, 'a', null])),
      kind: s.optional(s.literal('doc')),
      parent: s.optional(s.nullable(s.string())),
      parentKind: s.optional(s.nullable(s.enum(['a', 'b']))),
      id: s.optional(s.union(s.string(), s.integer())),
      map: s.optional(s.record(s.integer(), { propertyNames: s.string({ pattern: '^[a-z]+$' }) })),
      region: s.optional(s.string({ keywords: { 'x-mcp-header': 'Region' } })),
      anything: s.optional(s.any()),
      none: s.optional(s.null()),
    });
    const validate = compiler.compile(schema);
    expect(validate({ query: 'a@b.c', limit: 3, map: { ab: 1 }, parent: null })).toStrictEqual({ ok: true });
    expect(validate({ query: 'a@b.c', map: { AB: 1 } }).ok).toBe(false);
    expect(validate({ query: 'a@b.c', tags: ['x', 'x'] }).ok).toBe(false);
    expect(validate({ query: 'not-an-email' }).ok).toBe(false);
  });

  it('every builder output compiles in a plain Ajv2020 with all strict options on', () => {
    const ajv = new Ajv2020({ strict: true, strictRequired: true, strictTuples: true, strictTypes: true });
    addFormats.default(ajv);
    ajv.addKeyword({ keyword: 'x-mcp-header' });
    const outputs = [
      s.string({ minLength: 1, maxLength: 3, pattern: '^a', format: 'uri', title: 't' }),
      s.integer({ minimum: 0, maximum: 9, exclusiveMinimum: -1, exclusiveMaximum: 10, multipleOf: 1 }),
      s.number({ default: 1.5, examples: [2.5] }),
      s.boolean(),
      s.null(),
      s.any({ description: 'anything' }),
      s.array(s.object({ a: s.string() }), { minItems: 1, maxItems: 3, uniqueItems: true }),
      s.object({}),
      s.object({ a: s.optional(s.string()) }, { additionalProperties: s.integer(), minProperties: 1 }),
      s.record(s.string(), { propertyNames: s.string({ maxLength: 8 }), maxProperties: 4 }),
      s.enum(['a', 'b']),
      s.enum([1, 'x', null, true]),
      s.literal(false),
      s.literal(1.5),
      s.nullable(s.integer()),
      s.nullable(s.object({ a: s.string() })),
      s.nullable(s.literal('x')),
      s.union(s.string(), s.array(s.integer())),
      s.annotate(s.union(s.string(), s.integer()), { title: 'id', keywords: { 'x-mcp-header': 'Id' } }),
      s.raw({ type: 'string' }),
    ];
    for (const schema of outputs) expect(() => ajv.compile(schema)).not.toThrow();
  });
});
