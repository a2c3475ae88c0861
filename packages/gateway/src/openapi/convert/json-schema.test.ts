import { SchemaCompiler } from '@mcpforge/server';
import { describe, expect, it } from 'vitest';
import { SchemaConverter } from './json-schema.js';

const compiler = new SchemaCompiler();

function accepts(schema: unknown, value: unknown): boolean {
  return compiler.compile(schema as Record<string, unknown>)(value).ok;
}

describe('OpenAPI schemas as JSON Schema 2020-12', () => {
  it('turns 3.0 nullable, example and boolean exclusive bounds into 2020-12', () => {
    const converted = new SchemaConverter().convert({
      type: 'integer',
      nullable: true,
      example: 3,
      minimum: 1,
      exclusiveMinimum: true,
      maximum: 10,
      exclusiveMaximum: false,
    });
    expect(converted).toEqual({ type: ['integer', 'null'], examples: [3], exclusiveMinimum: 1, maximum: 10 });
    expect(accepts(converted, null)).toBe(true);
    expect(accepts(converted, 1)).toBe(false);
    const nullableEnum = new SchemaConverter().convert({
      type: 'string',
      enum: ['a', 'a', 'b'],
      nullable: true,
    });
    expect(nullableEnum).toMatchObject({ enum: ['a', 'b', null] });
  });

  it('drops OpenAPI-only keywords, unknown formats, bad patterns and keywords of other types; infers the type', () => {
    const converter = new SchemaConverter();
    const converted = converter.convert({
      properties: { a: { type: 'string', format: 'phone', pattern: '(?<', minimum: 3, xml: { name: 'a' } } },
      discriminator: { propertyName: 'a' },
      externalDocs: { url: 'https://x' },
      'x-internal': true,
    });
    expect(converted).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(converter.warnings).toEqual(['a pattern that is not a valid regular expression was left out']);
    expect(() => compiler.check(converted as Record<string, unknown>)).not.toThrow();
  });

  it('leaves readOnly properties out of request input (and of required), keeps writeOnly', () => {
    const converted = new SchemaConverter().convert({
      type: 'object',
      required: ['id', 'password'],
      properties: { id: { type: 'string', readOnly: true }, password: { type: 'string', writeOnly: true } },
    });
    expect(converted).toEqual({
      type: 'object',
      required: ['password'],
      properties: { password: { type: 'string', writeOnly: true } },
    });
  });

  it('turns a cyclic (dereferenced) schema into $defs and local $refs that compile and validate', () => {
    const node: Record<string, unknown> = {
      title: 'Node',
      type: 'object',
      properties: { value: { type: 'integer' } },
    };
    (node['properties'] as Record<string, unknown>)['children'] = { type: 'array', items: node };
    const converter = new SchemaConverter();
    const members = converter.objectMembers({ type: 'object', properties: { tree: node } });
    const schema = { type: 'object', properties: members.properties, $defs: converter.defs };
    expect(members.properties['tree']).toEqual({ $ref: '#/$defs/Node' });
    expect(Object.keys(converter.defs)).toEqual(['Node']);
    expect(accepts(schema, { tree: { value: 1, children: [{ value: 2, children: [] }] } })).toBe(true);
    expect(accepts(schema, { tree: { value: 1, children: [{ value: 'x' }] } })).toBe(false);
  });

  it('a body that contains itself: its members at the top, the body itself a definition', () => {
    const body: Record<string, unknown> = { type: 'object', properties: { name: { type: 'string' } } };
    (body['properties'] as Record<string, unknown>)['parent'] = body;
    const converter = new SchemaConverter();
    const members = converter.objectMembers(body);
    expect(members.properties['parent']).toEqual({ $ref: '#/$defs/schema' });
    expect(converter.defs['schema']).toMatchObject({
      type: 'object',
      properties: { parent: { $ref: '#/$defs/schema' } },
    });
    const schema = { type: 'object', properties: members.properties, $defs: converter.defs };
    expect(accepts(schema, { name: 'a', parent: { name: 'b', parent: { name: 'c' } } })).toBe(true);
  });

  it('cuts nesting past the bound to "any value" with one warning, without recursion trouble', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 50; level += 1) deep = { type: 'object', properties: { next: deep } };
    const converter = new SchemaConverter({ maxDepth: 5, maxNodes: 100 });
    const converted = converter.convert(deep);
    expect(JSON.stringify(converted).match(/next/g)).toHaveLength(5);
    expect(converter.warnings).toHaveLength(1);
    expect(() => compiler.check(converted as Record<string, unknown>)).not.toThrow();
  });

  it('a 2.0 tuple items becomes prefixItems; allOf parts are converted', () => {
    const converted = new SchemaConverter().convert({
      type: 'array',
      items: [{ type: 'string' }, { type: 'integer' }],
      allOf: [{ minItems: 1 }],
    });
    expect(converted).toEqual({
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'integer' }],
      allOf: [{ type: 'array', minItems: 1 }],
    });
  });
});
