import { describe, expect, it } from 'vitest';
import { s } from '../schema/builders.js';
import type { JsonSchema } from '../schema/types.js';
import { SchemaCompiler } from './compiler.js';
import { SchemaError } from './errors.js';
import { describeIssues } from './issues.js';

const search = s.object({
  query: s.string({ minLength: 1, maxLength: 200 }),
  limit: s.optional(s.integer({ minimum: 1, maximum: 5 })),
});

function issuesOf(outcome: ReturnType<ReturnType<SchemaCompiler['compile']>>) {
  if (outcome.ok) throw new Error('expected a failure');
  return outcome.issues;
}

describe('SchemaCompiler: values', () => {
  const validate = new SchemaCompiler().compile(search);

  it('accepts a valid value', () => {
    expect(validate({ query: 'cats', limit: 2 })).toStrictEqual({ ok: true });
    expect(validate({ query: '   ' })).toStrictEqual({ ok: true });
  });

  it('never coerces: "3", true and 1.5 are not integers', () => {
    for (const limit of ['3', true, 1.5]) {
      const issues = issuesOf(validate({ query: 'x', limit }));
      expect(issues).toStrictEqual([
        { path: 'limit', rule: 'type', message: "argument 'limit': must be integer" },
      ]);
    }
  });

  it('does not mutate the value (no defaults, no removal)', () => {
    const withDefault = new SchemaCompiler().compile(s.object({ n: s.optional(s.integer({ default: 3 })) }));
    const value = {};
    expect(withDefault(value)).toStrictEqual({ ok: true });
    expect(value).toStrictEqual({});
    const extra = { query: 'x', path: '/etc' };
    validate(extra);
    expect(extra).toStrictEqual({ query: 'x', path: '/etc' });
  });

  it('rejects unknown fields and missing required ones, naming each', () => {
    const issues = issuesOf(validate({ path: '/etc/passwd', include_private: true }));
    expect(issues).toContainEqual({
      path: 'query',
      rule: 'required',
      message: "argument 'query': is required",
    });
    expect(issues).toContainEqual({
      path: 'path',
      rule: 'additionalProperties',
      message: "argument 'path': is not allowed (additionalProperties)",
    });
    expect(issues).toContainEqual({
      path: 'include_private',
      rule: 'additionalProperties',
      message: "argument 'include_private': is not allowed (additionalProperties)",
    });
    expect(describeIssues(issues)).toContain("argument 'query': is required; ");
  });

  it('reports nested paths and the root', () => {
    const validateItems = new SchemaCompiler().compile(
      s.object({ items: s.array(s.object({ name: s.string() })) }),
    );
    expect(issuesOf(validateItems({ items: [{ name: 1 }] }))).toStrictEqual([
      { path: 'items/0/name', rule: 'type', message: "argument 'items/0/name': must be string" },
    ]);
    expect(issuesOf(validateItems(null))).toStrictEqual([
      { path: '', rule: 'type', message: 'arguments: must be object' },
    ]);
  });

  it('caps the number of issues', () => {
    const validateMany = new SchemaCompiler({ maxIssues: 3 }).compile(s.array(s.integer()));
    expect(issuesOf(validateMany(['a', 'b', 'c', 'd', 'e']))).toHaveLength(3);
  });

  it('checks formats', () => {
    const validateFormats = new SchemaCompiler().compile(
      s.object({ at: s.string({ format: 'date-time' }), id: s.string({ format: 'uuid' }) }),
    );
    expect(
      validateFormats({ at: '2026-01-02T03:04:05Z', id: '123e4567-e89b-12d3-a456-426614174000' }).ok,
    ).toBe(true);
    const issues = issuesOf(validateFormats({ at: 'yesterday', id: 'x' }));
    expect(issues.map((issue) => issue.rule)).toStrictEqual(['format', 'format']);
    expect(issues[0]?.message).toBe('argument \'at\': must match format "date-time"');
  });

  it('refuses a value too deep for a recursive schema instead of crashing', () => {
    const validateTree = new SchemaCompiler().compile({
      $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
      $ref: '#/$defs/node',
    });
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i += 1) deep = { child: deep };
    expect(issuesOf(validateTree(deep))).toStrictEqual([
      { path: '', rule: 'depth', message: 'arguments: nested too deeply to validate' },
    ]);
    expect(validateTree({ child: { child: {} } }).ok).toBe(true);
  });

  it('a huge invalid value gets its first issue only, not one error object per bad item', () => {
    // With every error collected, 4 million bad items made 4 million Ajv error objects (about 600 MB).
    const validateList = new SchemaCompiler().compile(s.object({ list: s.array(s.string()) }));
    const huge = { list: new Array<number>(100_000).fill(0) };
    expect(issuesOf(validateList(huge))).toStrictEqual([
      { path: 'list/0', rule: 'type', message: "argument 'list/0': must be string" },
    ]);
    expect(issuesOf(validateList({ list: [0, 'a', 1] })).map((issue) => issue.path)).toStrictEqual([
      'list/0',
      'list/2',
    ]);
  });

  it('uses the configured subject in messages', () => {
    const validateConfig = new SchemaCompiler({ subject: 'config field' }).compile(search);
    expect(issuesOf(validateConfig({}))[0]?.message).toBe("config field 'query': is required");
  });
});

describe('SchemaCompiler: schemas', () => {
  it('resolves local $defs/$ref', () => {
    const validate = new SchemaCompiler().compile({
      $defs: { name: { type: 'string', minLength: 1 } },
      type: 'object',
      properties: { a: { $ref: '#/$defs/name' } },
      required: ['a'],
      additionalProperties: false,
    });
    expect(validate({ a: 'x' }).ok).toBe(true);
    expect(issuesOf(validate({ a: '' }))[0]?.rule).toBe('minLength');
  });

  it('refuses remote $ref without fetching', () => {
    const compiler = new SchemaCompiler();
    for (const ref of ['https://example.com/schema.json', 'other.json#/x']) {
      expect(() => compiler.check({ $ref: ref })).toThrowError(
        expect.objectContaining({ code: 'ERR_SCHEMA_REMOTE_REF' }),
      );
    }
    expect(() => compiler.check({ $ref: '#/$defs/missing' })).toThrowError(SchemaError);
  });

  it('refuses invalid schemas under strict mode', () => {
    const compiler = new SchemaCompiler();
    for (const bad of [
      { type: 'strin' },
      { type: 'object', propertie: {} },
      { type: 'string', pattern: '(' },
      { minimum: 1 },
    ]) {
      expect(() => compiler.check(bad)).toThrowError(
        expect.objectContaining({ name: 'SchemaError', code: 'ERR_SCHEMA_INVALID' }),
      );
    }
  });

  it('refuses a pattern the linear-time engine cannot run, naming where it is (issue 19)', () => {
    const compiler = new SchemaCompiler();
    const refusal = (schema: JsonSchema) => {
      try {
        compiler.check(schema);
      } catch (error) {
        return { code: (error as SchemaError).code, schemaPath: (error as SchemaError).schemaPath };
      }
      return undefined;
    };
    expect(
      refusal({ type: 'object', properties: { email: { type: 'string', pattern: '^(?=.{1,254}$).+@.+$' } } }),
    ).toEqual({ code: 'ERR_SCHEMA_PATTERN', schemaPath: '/properties/email/pattern' });
    expect(refusal({ type: 'object', patternProperties: { '(?<=x)/y': {} } })).toEqual({
      code: 'ERR_SCHEMA_PATTERN',
      schemaPath: '/patternProperties/(?<=x)~1y',
    });
    expect(
      refusal({
        type: 'object',
        properties: { quoted: { $ref: '#/$defs/quoted' } },
        $defs: { quoted: { type: 'string', pattern: '^(["\'])\\w+\\1$' } },
      }),
    ).toEqual({ code: 'ERR_SCHEMA_PATTERN', schemaPath: '/$defs/quoted/pattern' });
    // Not a regular expression at all: invalid, as before, now with where.
    expect(refusal({ type: 'string', pattern: '(' })).toEqual({
      code: 'ERR_SCHEMA_INVALID',
      schemaPath: '/pattern',
    });
    expect(() => compiler.check({ type: 'string', pattern: 'a(?!b)' })).toThrowError(
      /^\/pattern: pattern "a\(\?!b\)" cannot run in linear time: lookahead \(\?!\.\.\.\) is not supported$/,
    );
  });

  it("checks `format: regex` values with the patterns' engine", () => {
    const validate = new SchemaCompiler().compile({ type: 'string', format: 'regex' });
    expect(validate('^[a-z]+$').ok).toBe(true);
    expect(validate('(?<=a)b').ok).toBe(false);
    expect(validate('(').ok).toBe(false);
  });

  it('accepts common hand-written shapes (branch-only required, open tuples, union types)', () => {
    const compiler = new SchemaCompiler();
    const eitherKey = compiler.compile({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      anyOf: [{ required: ['a'] }, { required: ['b'] }],
    });
    expect(eitherKey({ b: 'x' }).ok).toBe(true);
    expect(eitherKey({}).ok).toBe(false);
    expect(compiler.compile({ type: 'array', prefixItems: [{ type: 'string' }] })(['a', 1]).ok).toBe(true);
    expect(compiler.compile({ type: ['string', 'number'], minimum: 1 })(0).ok).toBe(false);
  });

  it('allows annotations and x- vendor keywords', () => {
    const compiler = new SchemaCompiler();
    expect(() =>
      compiler.check({
        type: 'string',
        title: 't',
        description: 'd',
        examples: ['a'],
        default: 'a',
        deprecated: false,
        $comment: 'c',
        'x-mcp-header': 'Region',
        'x-vendor-note': 1,
      }),
    ).not.toThrow();
  });

  it('enforces depth, subschema and size limits', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 40; i += 1) deep = { type: 'array', items: deep };
    expect(() => new SchemaCompiler().check(deep)).toThrowError(
      expect.objectContaining({ code: 'ERR_SCHEMA_TOO_COMPLEX' }),
    );
    expect(() => new SchemaCompiler({ maxDepth: 100 }).check(deep)).not.toThrow();

    const wide = { anyOf: Array.from({ length: 20 }, (_, i) => ({ const: i })) };
    expect(() => new SchemaCompiler({ maxSubschemas: 10 }).check(wide)).toThrowError(
      expect.objectContaining({ code: 'ERR_SCHEMA_TOO_COMPLEX' }),
    );
    expect(() => new SchemaCompiler({ maxSubschemas: 21 }).check(wide)).not.toThrow();

    const big = { type: 'string', description: 'x'.repeat(2000) };
    expect(() => new SchemaCompiler({ maxBytes: 1000 }).check(big)).toThrowError(
      expect.objectContaining({ code: 'ERR_SCHEMA_TOO_COMPLEX' }),
    );
  });

  it('compiles equal schemas once (identity and canonical JSON)', () => {
    const compiler = new SchemaCompiler();
    const first = compiler.compile(search);
    expect(compiler.compile(search)).toBe(first);
    const reordered = JSON.parse(JSON.stringify(search)) as Record<string, unknown>;
    const swapped = { additionalProperties: false, ...reordered };
    expect(compiler.compile(swapped)).toBe(first);
    expect(compiler.size).toBe(1);
    compiler.compile(s.object({ other: s.string() }));
    expect(compiler.size).toBe(2);
  });

  it('compiles two schemas sharing an $id independently', () => {
    const compiler = new SchemaCompiler();
    const a = compiler.compile({ $id: 'https://example.com/a.json', type: 'string' });
    const b = compiler.compile({ $id: 'https://example.com/a.json', type: 'integer' });
    expect(a('s').ok).toBe(true);
    expect(b('s').ok).toBe(false);
  });
});
