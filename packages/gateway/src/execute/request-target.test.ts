import { describe, expect, it } from 'vitest';
import { testBinding } from '../test-support/execute-fixtures.js';
import { buildRequestTarget, encodeComponent } from './request-target.js';

function target(path: string, placements: Record<string, unknown>, args: Record<string, unknown>) {
  return buildRequestTarget(
    testBinding({ method: 'GET', baseUrl: 'https://api.example.com', path, arguments: placements }),
    '',
    args,
  );
}

describe('encodeComponent', () => {
  it('leaves only the unreserved characters literal', () => {
    const reserved = ':/?#[]@!$&\'()*+,;=% "<>\\^`{|}';
    const encoded = encodeComponent(reserved) ?? '';
    expect(encoded).toMatch(/^(%[0-9A-F]{2})+$/);
    expect(decodeURIComponent(encoded)).toBe(reserved);
    expect(encodeComponent('AZaz09-._~')).toBe('AZaz09-._~');
  });

  it('refuses a lone surrogate, which has no UTF-8 form', () => {
    expect(encodeComponent('\ud800')).toBeUndefined();
  });
});

describe('buildRequestTarget', () => {
  it('fills path placeholders, also inside a segment', () => {
    expect(target('/v1/{id}.json', { id: { in: 'path' } }, { id: 'a b' })).toBe('/v1/a%20b.json');
    expect(target('/v1/{id}', { id: { in: 'path' } }, { id: 42 })).toBe('/v1/42');
    expect(target('/v1/{ids}', { ids: { in: 'path' } }, { ids: ['a,b', 'c'] })).toBe('/v1/a%2Cb,c');
  });

  it("refuses a segment that would come out '.', '..' or empty, even from two placeholders", () => {
    const placements = { a: { in: 'path' }, b: { in: 'path' } };
    expect(target('/x/{a}{b}', placements, { a: '.', b: '.' })).toMatchObject({ argument: 'a' });
    expect(target('/x/{a}/{b}', placements, { a: 'ok', b: '..' })).toMatchObject({ argument: 'b' });
    expect(target('/x/{a}/{b}', placements, { a: 'ok', b: [] })).toMatchObject({ argument: 'b' });
    expect(target('/x/{a}{b}', placements, { a: '.', b: '..' })).toBe('/x/...');
  });

  it('refuses an object as a path or query value', () => {
    expect(target('/x/{a}', { a: { in: 'path' } }, { a: { k: 1 } })).toMatchObject({ argument: 'a' });
    expect(target('/x', { q: { in: 'query' } }, { q: { k: 1 } })).toMatchObject({ argument: 'q' });
    expect(target('/x', { q: { in: 'query' } }, { q: [{ k: 1 }] })).toMatchObject({ argument: 'q' });
  });

  it('writes each array style of the binding', () => {
    const args = { q: ['a b', 'c|d', 'e,f'] };
    expect(target('/x', { q: { in: 'query', arrayStyle: 'repeat' } }, args)).toBe(
      '/x?q=a%20b&q=c%7Cd&q=e%2Cf',
    );
    expect(target('/x', { q: { in: 'query', arrayStyle: 'comma' } }, args)).toBe('/x?q=a%20b,c%7Cd,e%2Cf');
    expect(target('/x', { q: { in: 'query', arrayStyle: 'space' } }, args)).toBe(
      '/x?q=a%20b%20c%7Cd%20e%2Cf',
    );
    expect(target('/x', { q: { in: 'query', arrayStyle: 'pipe' } }, args)).toBe('/x?q=a%20b|c%7Cd|e%2Cf');
  });

  it('leaves out absent, null and empty-array query values, and encodes query names', () => {
    const placements = {
      a: { in: 'query' },
      b: { in: 'query' },
      c: { in: 'query', arrayStyle: 'comma' },
      d: { in: 'query', name: 'filter[name]' },
    };
    expect(target('/x', placements, { b: null, c: [], d: true })).toBe('/x?filter%5Bname%5D=true');
    expect(target('/x', placements, {})).toBe('/x');
  });
});
