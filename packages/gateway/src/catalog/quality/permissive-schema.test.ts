import { expect, it } from 'vitest';
import { permissiveSchemaWarnings } from './permissive-schema.js';

const tool = (inputSchema: Record<string, unknown>) => ({
  name: 'update_thing',
  description: 'Updates a thing.',
  inputSchema,
});

it('warns of parameters that accept anything: {}, true, annotations only, and open objects without properties', () => {
  const warnings = permissiveSchemaWarnings(
    tool({
      type: 'object',
      properties: {
        anything: {},
        described: { description: 'Any value at all' },
        open: { type: 'object' },
        list: { type: 'array', items: true },
        typed: { type: 'string' },
        map: { type: 'object', additionalProperties: { type: 'string' } },
        closed: { type: 'object', additionalProperties: false },
      },
      additionalProperties: false,
    }),
  );
  expect(warnings.map((warning) => warning.message.split(' of ')[0])).toEqual([
    "parameter 'anything'",
    "parameter 'described'",
    "parameter 'open'",
    "parameter 'list[]'",
  ]);
  expect(warnings[2]?.message).toBe(
    "parameter 'open' of 'update_thing' is an object without properties that accepts any member: declare its properties or set additionalProperties",
  );
  expect(new Set(warnings.map((warning) => warning.code))).toEqual(new Set(['schema_permissive']));
});

it('an input schema without parameters must close itself, or it takes any argument', () => {
  expect(permissiveSchemaWarnings(tool({ type: 'object' }))).toEqual([
    {
      code: 'schema_permissive',
      tool: 'update_thing',
      message:
        'the input schema of \'update_thing\' declares no parameters yet accepts any: add "additionalProperties": false if it takes none, or declare them',
    },
  ]);
  expect(permissiveSchemaWarnings(tool({ type: 'object', additionalProperties: false }))).toEqual([]);
  expect(permissiveSchemaWarnings(tool({ type: 'object', properties: { id: { type: 'integer' } } }))).toEqual(
    [],
  );
});
