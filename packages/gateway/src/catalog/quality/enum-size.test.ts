import { expect, it } from 'vitest';
import { enumSizeWarnings, MAX_ENUM_VALUES } from './enum-size.js';

const values = (count: number) => Array.from({ length: count }, (_, index) => `v${index}`);

it(`warns of an enum of more than ${MAX_ENUM_VALUES} values, wherever it is, and not of one at the bound`, () => {
  const warnings = enumSizeWarnings({
    name: 'set_timezone',
    description: 'Sets the time zone of a user.',
    inputSchema: {
      type: 'object',
      properties: {
        zone: { type: 'string', enum: values(MAX_ENUM_VALUES + 1) },
        region: { type: 'string', enum: values(MAX_ENUM_VALUES) },
        tags: { type: 'array', items: { enum: values(400) } },
      },
    },
  });
  expect(warnings).toEqual([
    {
      code: 'enum_large',
      tool: 'set_timezone',
      message: `parameter 'zone' of 'set_timezone' lists ${MAX_ENUM_VALUES + 1} values (over ${MAX_ENUM_VALUES}): every tools/list pays for them; use a pattern, or a tool that lists the values`,
    },
    expect.objectContaining({
      code: 'enum_large',
      message: expect.stringMatching(/^parameter 'tags\[\]' .* lists 400 values/),
    }),
  ]);
});
