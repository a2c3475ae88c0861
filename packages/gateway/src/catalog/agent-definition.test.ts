import { expect, it } from 'vitest';
import { readAgentDefinition } from './agent-definition.js';
import { readSlug } from './slug.js';

it('an agent definition defaults to direct delivery, no sections, limit 8, no operations', () => {
  expect(readAgentDefinition({})).toEqual({
    delivery: 'direct',
    sections: [],
    defaultSearchLimit: 8,
    operations: [],
  });
  expect(
    readAgentDefinition({ delivery: 'search', defaultSearchLimit: 20, operations: ['a', 'b-c'] }),
  ).toEqual({
    delivery: 'search',
    sections: [],
    defaultSearchLimit: 20,
    operations: ['a', 'b-c'],
  });
});

it('refuses a bad agent definition, naming the field', () => {
  expect(() => readAgentDefinition({ delivery: 'broadcast' })).toThrow(
    "delivery: must be one of 'direct', 'search'",
  );
  expect(() => readAgentDefinition({ defaultSearchLimit: 21 })).toThrow(
    'defaultSearchLimit: must be 1..20 (got 21)',
  );
  expect(() => readAgentDefinition({ defaultSearchLimit: 0 })).toThrow('defaultSearchLimit: must be 1..20');
  expect(() => readAgentDefinition({ operations: ['a', 'a'] })).toThrow('operations[1]: repeats "a"');
  expect(() => readAgentDefinition({ operations: ['Not_A_Slug'] })).toThrow('operations[0]: must match');
  expect(() => readAgentDefinition({ operations: 'a' })).toThrow('operations: must be an array');
  expect(() => readAgentDefinition({ tools: [] })).toThrow('tools: is not a known field');
  expect(() => readAgentDefinition([])).toThrow('the value must be an object');
});

it('slugs are lowercase words of letters and digits joined by single hyphens', () => {
  for (const good of ['default', 'currency-rates', 'a1-b2-c3', '0'])
    expect(readSlug(good, 'slug')).toBe(good);
  for (const bad of ['', 'Default', 'a--b', '-a', 'a-', 'a_b', 'a b', 'é', 'x'.repeat(65)]) {
    expect(() => readSlug(bad, 'slug'), bad).toThrow(/^slug: must/);
  }
});
