import { describe, expect, it } from 'vitest';
import {
  assignUniqueNames,
  assignUniqueSlugs,
  baseToolName,
  sanitizeName,
  shortHash,
  slugify,
} from './naming.js';

describe('tool names', () => {
  it('sanitise to A-Za-z0-9_- with one _ per run, trimmed', () => {
    expect(sanitizeName('pets.list all/byId')).toBe('pets_list_all_byId');
    expect(sanitizeName('__ünïcode--')).toBe('n_code');
    expect(baseToolName('GET', '/pets/{petId}/toys')).toBe('get_pets_petId_toys');
    expect(baseToolName('GET', '/x', 'listX', 'custom name')).toBe('custom_name');
    expect(baseToolName('GET', '/x', '***')).toBe('get_x');
  });

  it('an operationId of 200 characters is cut to 64 with the hash of its key, the same on every run', () => {
    const long = 'a'.repeat(200);
    const names = assignUniqueNames([{ key: 'GET /long', name: long }]);
    const name = names.get('GET /long') ?? '';
    expect(name).toHaveLength(64);
    expect(name.endsWith(`_${shortHash('GET /long')}`)).toBe(true);
    expect(assignUniqueNames([{ key: 'GET /long', name: long }]).get('GET /long')).toBe(name);
  });

  it('names colliding after sanitising (also by case) all get a suffix, whatever the order', () => {
    const requests = [
      { key: 'GET /a', name: sanitizeName('list pets') },
      { key: 'GET /b', name: sanitizeName('list.pets') },
      { key: 'GET /c', name: sanitizeName('LIST_PETS') },
      { key: 'GET /d', name: 'unique' },
    ];
    const forward = assignUniqueNames(requests);
    const backward = assignUniqueNames([...requests].reverse());
    expect([...forward.entries()].sort()).toEqual([...backward.entries()].sort());
    expect(forward.get('GET /d')).toBe('unique');
    const suffixed = ['GET /a', 'GET /b', 'GET /c'].map((key) => forward.get(key) ?? '');
    expect(new Set(suffixed.map((name) => name.toLowerCase())).size).toBe(3);
    for (const [index, key] of ['GET /a', 'GET /b', 'GET /c'].entries()) {
      expect(suffixed[index]?.endsWith(`_${shortHash(key)}`)).toBe(true);
    }
  });

  it('a suffixed name that meets a plain one is lengthened', () => {
    const taken = `x_${shortHash('GET /1')}`;
    const names = assignUniqueNames([
      { key: 'GET /1', name: 'x' },
      { key: 'GET /2', name: 'x' },
      { key: 'GET /3', name: taken },
    ]);
    expect(names.get('GET /3')).toBe(taken);
    expect(names.get('GET /1')).toBe(`x_${shortHash('GET /1', 10)}`);
  });
});

describe('slugs', () => {
  it('kebab-case names, camelCase split, unique with the same suffix rule', () => {
    expect(slugify('getPetById')).toBe('get-pet-by-id');
    expect(slugify('HTTPStatus_codes')).toBe('http-status-codes');
    const slugs = assignUniqueSlugs(
      [
        { key: 'a', name: 'get_pet' },
        { key: 'b', name: 'getPet' },
        { key: 'c', name: '***' },
      ],
      'operation',
    );
    expect(slugs.get('a')).toMatch(/^get-pet-[0-9a-f]{6}$/);
    expect(slugs.get('b')).toMatch(/^get-pet-[0-9a-f]{6}$/);
    expect(slugs.get('a')).not.toBe(slugs.get('b'));
    expect(slugs.get('c')).toBe('operation');
  });
});
