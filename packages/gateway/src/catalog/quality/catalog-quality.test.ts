import { expect, it } from 'vitest';
import { catalogWarnings } from './catalog-quality.js';
import { RECOMMENDED_MAX_TOOLS } from './catalog-size.js';
import { CATALOG_WARNING_CODES } from './catalog-warning.js';

const described = (name: string, index: number) => ({
  name,
  description: `Reads the record number ${index} of the ledger, with its history and owner.`,
  inputSchema: { type: 'object', additionalProperties: false },
});

it('a direct catalog above the recommended limit is told to use search mode; a search one is not', () => {
  const tools = Array.from({ length: RECOMMENDED_MAX_TOOLS + 1 }, (_, index) =>
    described(
      `read_record_${'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz'.slice(index, index + 3)}`,
      index,
    ),
  );
  const direct = catalogWarnings('direct', tools);
  expect(direct.filter((warning) => warning.code !== 'description_near_duplicate')).toEqual([
    {
      code: 'catalog_over_recommended_limit',
      message: `tools/list lists ${RECOMMENDED_MAX_TOOLS + 1} tools (over the recommended ${RECOMMENDED_MAX_TOOLS}): publish the agent with delivery 'search', so tools/list lists only search_tools and call_tool`,
    },
  ]);
  expect(catalogWarnings('search', tools).some((w) => w.code === 'catalog_over_recommended_limit')).toBe(
    false,
  );
  expect(
    catalogWarnings('direct', tools.slice(0, RECOMMENDED_MAX_TOOLS)).some(
      (w) => w.code === 'catalog_over_recommended_limit',
    ),
  ).toBe(false);
});

it('runs every check: per tool in catalog order, then duplicates, then the size; every code is named', () => {
  const warnings = catalogWarnings('direct', [
    { name: 'op1', description: 'Does it.', inputSchema: { type: 'object', properties: { x: {} } } },
    {
      name: 'op2',
      description: 'Does it.',
      inputSchema: {
        type: 'object',
        properties: { y: { enum: Array.from({ length: 60 }, (_, i) => i), description: 'Y' } },
      },
    },
  ]);
  expect(warnings.map((warning) => [warning.code, warning.tool])).toEqual([
    ['description_short', 'op1'],
    ['parameter_undescribed', 'op1'],
    ['name_uninformative', 'op1'],
    ['schema_permissive', 'op1'],
    ['description_short', 'op2'],
    ['name_uninformative', 'op2'],
    ['enum_large', 'op2'],
    ['description_duplicate', 'op2'],
  ]);
  for (const warning of warnings) expect(CATALOG_WARNING_CODES).toContain(warning.code);
});

it('warns a search-mode catalog only about what makes a tool hard to find or call', () => {
  const tools = [
    {
      name: 'long_one',
      description: 'x'.repeat(2000),
      inputSchema: { type: 'object' as const, properties: {} },
    },
    {
      name: 'big_enum',
      description: 'Sets the time zone of the account.',
      inputSchema: {
        type: 'object' as const,
        properties: {
          zone: {
            type: 'string' as const,
            description: 'zone',
            enum: Array.from({ length: 60 }, (_, i) => `z${i}`),
          },
        },
      },
    },
    { name: 'short', description: 'Does it.', inputSchema: { type: 'object' as const, properties: {} } },
  ];
  const codes = (delivery: 'direct' | 'search') => catalogWarnings(delivery, tools).map((w) => w.code);
  expect(codes('direct')).toEqual(
    expect.arrayContaining(['description_long', 'enum_large', 'description_short']),
  );
  expect(codes('search')).toContain('description_short');
  expect(codes('search')).not.toContain('description_long');
  expect(codes('search')).not.toContain('enum_large');
  for (const warning of catalogWarnings('search', tools))
    expect(warning.message).not.toContain('every tools/list');
});
