import { describe, expect, it } from 'vitest';
import type { NormalParameter } from './normal-document.js';
import { placementOf } from './parameter-placement.js';

const array = { type: 'array', items: { type: 'string' } };
const object = { type: 'object', properties: { a: { type: 'string' } } };

function query(style: string | undefined, explode: boolean | undefined, schema: unknown) {
  const parameter: NormalParameter = { name: 'p', in: 'query', required: false, schema, style, explode };
  return placementOf(parameter, '');
}

describe('parameter placements', () => {
  it('query styles: form (explode or not), spaceDelimited, pipeDelimited, deepObject', () => {
    expect(query(undefined, undefined, array)).toEqual({ in: 'query', name: 'p', arrayStyle: 'repeat' });
    expect(query('form', false, array)).toEqual({ in: 'query', name: 'p', arrayStyle: 'comma' });
    expect(query('spaceDelimited', false, array)).toEqual({ in: 'query', name: 'p', arrayStyle: 'space' });
    expect(query('pipeDelimited', false, array)).toEqual({ in: 'query', name: 'p', arrayStyle: 'pipe' });
    expect(query(undefined, undefined, object)).toEqual({ in: 'query', name: 'p', arrayStyle: 'flat' });
    expect(query('form', false, object)).toEqual({ in: 'query', name: 'p', arrayStyle: 'comma' });
    expect(query('deepObject', true, object)).toEqual({ in: 'query', name: 'p', arrayStyle: 'deep' });
  });

  it('refuses what the binding cannot send, with the reason', () => {
    expect(query('pipeDelimited', false, object)).toEqual({
      refused: "query parameter 'p' has style pipeDelimited, which cannot send an object",
    });
    expect(query('deepObject', true, array)).toHaveProperty('refused');
    const path = (style: string | undefined, schema: unknown) =>
      placementOf({ name: 'id', in: 'path', required: true, schema, style }, 'id');
    expect(path(undefined, array)).toEqual({ in: 'path', name: 'id' });
    expect(path('matrix', { type: 'string' })).toEqual({ refused: "path parameter 'id' has style matrix" });
    expect(path(undefined, object)).toEqual({ refused: "path parameter 'id' is an object" });
    expect(
      placementOf({ name: 'q', in: 'query', required: true, schema: {}, unsupported: 'why' }, ''),
    ).toEqual({ refused: 'why' });
  });

  it('headers lowercased, cookies by name', () => {
    expect(placementOf({ name: 'X-Trace', in: 'header', required: false, schema: {} }, '')).toEqual({
      in: 'header',
      name: 'x-trace',
    });
    expect(placementOf({ name: 'sid', in: 'cookie', required: false, schema: array }, '')).toEqual({
      in: 'cookie',
      name: 'sid',
    });
  });
});
