import { describe, expect, it } from 'vitest';
import {
  acceptsEventStream,
  acceptsMediaType,
  isJsonMediaType,
  parseAccept,
  parseMediaType,
} from './media-type.js';

describe('parseMediaType', () => {
  it('lower-cases type, subtype and parameter names, unquotes values', () => {
    const parsed = parseMediaType(' Application/JSON ; Charset="utf-8" ;; x=a.b ');
    expect(parsed?.type).toBe('application');
    expect(parsed?.subtype).toBe('json');
    expect(Object.fromEntries(parsed?.parameters ?? [])).toEqual({ charset: 'utf-8', x: 'a.b' });
    expect(parseMediaType('text/plain;q="a \\"quoted\\", value"')?.parameters.get('q')).toBe(
      'a "quoted", value',
    );
  });

  it('refuses anything that is not exactly one media type', () => {
    for (const value of [
      '',
      'application',
      'application/',
      '/json',
      'application/json/x',
      'application /json',
      'application/json x',
      'application/json; charset',
      'application/json; charset = utf-8',
      'application/json; charset="utf-8',
      'application/json, text/plain',
      'applicätion/json',
      'application/json; x="\u0001"',
    ]) {
      expect(parseMediaType(value), value).toBeUndefined();
    }
  });
});

describe('isJsonMediaType', () => {
  it('is application/json only, compared case-insensitively, parameters allowed', () => {
    expect(isJsonMediaType('application/json')).toBe(true);
    expect(isJsonMediaType('APPLICATION/JSON; charset=UTF-8')).toBe(true);
    expect(isJsonMediaType(undefined)).toBe(false);
    expect(isJsonMediaType('text/plain; x=application/json')).toBe(false);
    expect(isJsonMediaType('application/json-seq')).toBe(false);
    expect(isJsonMediaType('application/vnd.api+json')).toBe(false);
  });
});

describe('parseAccept', () => {
  it('reads ranges and weights, skipping empty list elements', () => {
    expect(parseAccept(' , text/*;q=0.5 ,, */*;q=0 , application/json')).toEqual([
      { type: 'text', subtype: '*', parameters: new Map([['q', '0.5']]), q: 0.5 },
      { type: '*', subtype: '*', parameters: new Map([['q', '0']]), q: 0 },
      { type: 'application', subtype: 'json', parameters: new Map(), q: 1 },
    ]);
    expect(parseAccept('')).toEqual([]);
  });

  it('refuses bad weights, */json and broken elements', () => {
    for (const value of ['text/html;q=2', 'text/html;q=0.1234', 'text/html;q=x', '*/json', 'text', 'a/b c']) {
      expect(parseAccept(value), value).toBeUndefined();
    }
  });
});

describe('acceptsMediaType', () => {
  it('lets the most specific matching range decide, and needs a weight above 0', () => {
    expect(acceptsEventStream(undefined)).toBe(true);
    expect(acceptsEventStream('application/json, text/event-stream')).toBe(true);
    expect(acceptsEventStream('Text/Event-Stream')).toBe(true);
    expect(acceptsEventStream('text/*')).toBe(true);
    expect(acceptsEventStream('*/*;q=0.1')).toBe(true);
    expect(acceptsEventStream('*/*, text/event-stream;q=0')).toBe(false);
    expect(acceptsEventStream('text/*;q=0, text/event-stream')).toBe(true);
    expect(acceptsEventStream('application/json')).toBe(false);
    expect(acceptsEventStream('x-text/event-stream-x')).toBe(false);
    expect(acceptsEventStream('text/event-stream;q=2')).toBe(false);
    expect(acceptsMediaType('application/json;q=0.001', 'application', 'json')).toBe(true);
  });

  it('answers a repeated value the same (the one-entry memo keys on the asked type too)', () => {
    expect(acceptsMediaType('application/json', 'application', 'json')).toBe(true);
    expect(acceptsMediaType('application/json', 'text', 'event-stream')).toBe(false);
    expect(acceptsMediaType('application/json', 'application', 'json')).toBe(true);
  });
});
