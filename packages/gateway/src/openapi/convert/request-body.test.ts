import { describe, expect, it } from 'vitest';
import { jsonBodySchema } from './request-body.js';

const body = (content: Record<string, { schema?: unknown }>) => jsonBodySchema({ required: true, content });

describe('the JSON media type of a request body', () => {
  it('prefers application/json, then +json and .../json, then */*', () => {
    expect(body({ 'application/xml': { schema: 1 }, 'application/json': { schema: 2 } })).toEqual({
      schema: 2,
      mediaType: 'application/json',
    });
    expect(body({ 'application/vnd.api+json': { schema: 3 } })).toEqual({
      schema: 3,
      mediaType: 'application/vnd.api+json',
    });
    expect(body({ 'application/json; charset=utf-8': {} })).toEqual({
      schema: {},
      mediaType: 'application/json; charset=utf-8',
    });
    expect(body({ '*/*': { schema: 4 } })).toEqual({ schema: 4, mediaType: '*/*' });
  });

  it('refuses forms, files, other types and no media type, saying which', () => {
    expect(body({ 'multipart/form-data': {} })).toEqual({
      refused: 'the request body is multipart/form-data (forms and file uploads are not imported)',
    });
    expect(body({ 'application/x-www-form-urlencoded': {} })).toHaveProperty('refused');
    expect(body({ 'application/octet-stream': {}, 'text/plain': {} })).toEqual({
      refused: 'the request body is application/octet-stream, text/plain, not JSON',
    });
    expect(body({})).toEqual({ refused: 'the request body has no media type' });
  });
});
