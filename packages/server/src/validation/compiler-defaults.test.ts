import { describe, expect, it } from 'vitest';
import { SchemaCompiler } from './compiler.js';
import { SchemaError } from './errors.js';

describe('SchemaCompiler with useDefaults', () => {
  const compiler = new SchemaCompiler({ useDefaults: true });

  it('fills defaults at every depth: nested properties, a default object filled in turn, $ref, items', () => {
    const validate = compiler.compile({
      type: 'object',
      properties: {
        size: { type: 'integer', default: 9 },
        rules: {
          type: 'object',
          default: {},
          properties: { komi: { type: 'number', default: 6.5 }, ko: { type: 'string', default: 'simple' } },
        },
        bot: { $ref: '#/$defs/bot' },
        moves: { type: 'array', items: { type: 'object', properties: { pass: { default: false } } } },
      },
      $defs: { bot: { type: 'object', properties: { level: { type: 'integer', default: 1 } } } },
    });
    const value = { rules: { ko: 'super' }, bot: {}, moves: [{}, { pass: true }] };
    expect(validate(value)).toStrictEqual({ ok: true });
    expect(value).toStrictEqual({
      size: 9,
      rules: { ko: 'super', komi: 6.5 },
      bot: { level: 1 },
      moves: [{ pass: false }, { pass: true }],
    });
    const absent: Record<string, unknown> = {};
    validate(absent);
    expect(absent['rules']).toStrictEqual({ komi: 6.5, ko: 'simple' });
  });

  it('validates the filled value: a default that breaks the schema is reported', () => {
    const validate = compiler.compile({
      type: 'object',
      properties: { n: { type: 'integer', default: 'three' } },
    });
    const outcome = validate({});
    expect(outcome.ok).toBe(false);
  });

  it('ignores a default under anyOf (no branch is known while filling) but still refuses other strict-mode faults', () => {
    const validate = compiler.compile({
      type: 'object',
      anyOf: [{ properties: { a: { type: 'string', default: 'x' } } }, { required: ['b'] }],
    });
    const value = { b: 1 };
    expect(validate(value)).toStrictEqual({ ok: true });
    expect(value).toStrictEqual({ b: 1 });
    expect(() => compiler.compile({ type: 'object', propertiez: {} } as never)).toThrow(SchemaError);
  });

  it('a compiler without useDefaults stays pure', () => {
    const validate = new SchemaCompiler().compile({
      type: 'object',
      properties: { n: { type: 'integer', default: 3 } },
    });
    const value = {};
    expect(validate(value)).toStrictEqual({ ok: true });
    expect(value).toStrictEqual({});
  });
});
