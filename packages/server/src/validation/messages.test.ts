import { describe, expect, it } from 'vitest';
import { s } from '../schema/builders.js';
import { SchemaCompiler } from './compiler.js';
import { describeIssues, type ValidationIssue } from './issues.js';

function messagesOf(outcome: ReturnType<ReturnType<SchemaCompiler['compile']>>): string[] {
  if (outcome.ok) throw new Error('expected a failure');
  return outcome.issues.map((issue) => issue.message);
}

// The conformance scenario's schema, as examples/everything registers it (content-tools.ts).
const contact = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, never awaited
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
} as const;

// The library example's config schema (examples/library/src/config.ts), key length 16.
const libraryConfig = s.object(
  {
    role: s.enum(['reader', 'editor']),
    dataDir: s.optional(s.string()),
    approvalKey: s.optional(s.string()),
  },
  {
    keywords: {
      if: { properties: { role: { const: 'editor' } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, never awaited
      then: {
        required: ['dataDir', 'approvalKey'],
        properties: {
          dataDir: { type: 'string', minLength: 1 },
          approvalKey: { type: 'string', minLength: 16 },
        },
      },
    },
  },
);

describe('validation messages name the fix (issue 8, messages that name the fix)', () => {
  it('if/then: says which field is missing and under which condition, not "must match "then" schema"', () => {
    const validate = new SchemaCompiler().compile(contact);
    expect(messagesOf(validate({ contactMethod: 'phone' }))).toEqual([
      `argument 'phone': is required when 'contactMethod' is "phone"`,
    ]);
    expect(messagesOf(validate({ contactMethod: 'email' }))).toEqual([
      `argument 'email': is required unless 'contactMethod' is "phone"`,
    ]);
    expect(validate({ contactMethod: 'phone', phone: '1' }).ok).toBe(true);
  });

  it('if/then in a config: every rule of the branch says when it applies', () => {
    const validate = new SchemaCompiler({ subject: 'config field' }).compile(libraryConfig);
    expect(
      describeIssues((validate({ role: 'editor' }) as { ok: false; issues: ValidationIssue[] }).issues),
    ).toBe(
      `config field 'dataDir': is required when 'role' is "editor"; ` +
        `config field 'approvalKey': is required when 'role' is "editor"`,
    );
    expect(messagesOf(validate({ role: 'editor', dataDir: 'd', approvalKey: 'short' }))).toEqual([
      `config field 'approvalKey': must NOT have fewer than 16 characters when 'role' is "editor"`,
    ]);
    expect(validate({ role: 'reader' }).ok).toBe(true);
  });

  it('const: says the expected value, not "must be equal to constant"', () => {
    const validate = new SchemaCompiler().compile(
      s.object({ mode: s.optional(s.literal('fast')), shape: s.optional(s.raw({ const: { sides: [3] } })) }),
    );
    expect(messagesOf(validate({ mode: 'slow', shape: { sides: [4] } }))).toEqual([
      `argument 'mode': must be "fast"`,
      `argument 'shape': must be {"sides":[3]}`,
    ]);
  });

  it('a choice of titled constants (oneOf/anyOf of const) lists the values once', () => {
    const validate = new SchemaCompiler().compile(
      s.object({
        pick: s.raw({
          oneOf: [
            { const: 'value1', title: 'First Option' },
            { const: 'value2', title: 'Second Option' },
          ],
        }),
        many: s.optional(s.raw({ anyOf: [{ const: 1 }, { const: 2 }, { type: 'string' }] })),
      }),
    );
    expect(messagesOf(validate({ pick: 'value9' }))).toEqual([
      `argument 'pick': must be one of "value1", "value2"`,
    ]);
    expect(messagesOf(validate({ pick: 'value1', many: 3 }))).toEqual([
      `argument 'many': must be 1`,
      `argument 'many': must be 2`,
      `argument 'many': must be string`,
      `argument 'many': must match a schema in anyOf`,
    ]);
  });

  it('a condition it cannot put in words still points at the if/then', () => {
    const validate = new SchemaCompiler().compile({
      type: 'object',
      properties: { n: { type: 'integer' } },
      if: { properties: { n: { type: 'integer', minimum: 10 } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, never awaited
      then: { properties: { n: { type: 'integer', multipleOf: 5 } } },
    });
    expect(messagesOf(validate({ n: 12 }))).toEqual([
      `argument 'n': must be multiple of 5 (by the "then" of an if/then)`,
    ]);
  });

  it('nested if/then inside a property names the nested path', () => {
    const validate = new SchemaCompiler().compile(s.object({ inner: s.raw(contact) }));
    expect(messagesOf(validate({ inner: { contactMethod: 'phone' } }))).toEqual([
      `argument 'inner/phone': is required when 'inner/contactMethod' is "phone"`,
    ]);
  });

  it('bounds what a caller controls: a huge unknown key, and long lists of allowed values', () => {
    const validate = new SchemaCompiler().compile(
      s.object({ e: s.optional(s.raw({ enum: Array.from({ length: 50 }, (_, i) => `v${i}`) })) }),
    );
    const [extra, choice] = messagesOf(validate({ ['k'.repeat(1_000_000)]: 1, e: 'x' }));
    expect(extra?.length).toBeLessThan(150);
    expect(choice).toBe(
      `argument 'e': must be one of "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", … (50 in all)`,
    );
  });
});
