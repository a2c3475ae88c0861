import { expect, it } from 'vitest';
import { parameterDescriptionWarnings } from './parameter-descriptions.js';

it('warns of each parameter without a description, nested ones by their path', () => {
  const warnings = parameterDescriptionWarnings({
    name: 'create_order',
    description: 'Creates an order for a customer.',
    inputSchema: {
      type: 'object',
      properties: {
        customer: { type: 'string', description: 'Customer name' },
        note: { type: 'string', description: '  ' },
        lines: {
          type: 'array',
          description: 'Order lines',
          items: {
            type: 'object',
            properties: { sku: { type: 'string' }, quantity: { type: 'integer', description: 'How many' } },
          },
        },
        address: { type: 'object', properties: { city: { type: 'string' } } },
      },
    },
  });
  expect(warnings.map((warning) => warning.message)).toEqual([
    "parameter 'note' of 'create_order' has no description: say what it means and which values it takes",
    "parameter 'lines[].sku' of 'create_order' has no description: say what it means and which values it takes",
    "parameter 'address' of 'create_order' has no description: say what it means and which values it takes",
    "parameter 'address.city' of 'create_order' has no description: say what it means and which values it takes",
  ]);
  expect(new Set(warnings.map((warning) => warning.code))).toEqual(new Set(['parameter_undescribed']));
});

it('a tool whose parameters are all described has no warning', () => {
  expect(
    parameterDescriptionWarnings({
      name: 'get_rate',
      description: 'Latest exchange rate.',
      inputSchema: { type: 'object', properties: { base: { type: 'string', description: 'From' } } },
    }),
  ).toEqual([]);
});
