import { describe, expect, it } from 'vitest';
import { schemaText } from './schema-text.js';
import { ToolSearchIndex } from './tool-search-index.js';

describe('schemaText', () => {
  it('reads property names, descriptions and short enum values, nested and in array items', () => {
    const text = schemaText({
      type: 'object',
      properties: {
        private: { type: 'boolean', description: 'Whether the repository is private.' },
        content: { type: 'string', enum: ['+1', 'heart', 'x'.repeat(41)] },
        items: { type: 'array', items: { type: 'object', properties: { price: { description: 'Цена.' } } } },
        author: { anyOf: [{ type: 'object', properties: { email: { type: 'string' } } }] },
      },
    });
    expect(text.names).toEqual(['private', 'content', '+1', 'heart', 'items', 'price', 'author', 'email']);
    expect(text.descriptions).toEqual(['Whether the repository is private.', 'Цена.']);
  });

  it('stops at its bounds: depth and property count, and survives cycles and junk', () => {
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic['properties'] = { self: cyclic };
    expect(schemaText(cyclic).names.length).toBeLessThanOrEqual(4);
    const wide = { properties: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p${i}`, {}])) };
    expect(schemaText(wide).names).toHaveLength(200);
    expect(schemaText(undefined)).toEqual({ names: [], descriptions: [] });
    expect(schemaText({ properties: [1, 2] })).toEqual({ names: [], descriptions: [] });
  });
});

describe('the parameters field', () => {
  it('finds a tool by what it takes when its own text does not say it', () => {
    const index = ToolSearchIndex.build([
      {
        name: 'repos_update',
        title: 'Update a repository',
        description: 'Updates a repository.',
        sections: [],
        inputSchema: {
          type: 'object',
          properties: { private: { type: 'boolean', description: 'Hide it.' } },
        },
      },
      { name: 'repos_get', title: 'Get a repository', description: 'Gets a repository.', sections: [] },
    ]);
    expect(index.search('make the repository private', { limit: 8 }).map((hit) => hit.name)).toEqual([
      'repos_update',
      'repos_get',
    ]);
  });
});
