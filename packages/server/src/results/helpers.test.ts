import { describe, expect, it } from 'vitest';
import {
  audio,
  embeddedResource,
  image,
  resourceLink,
  result,
  structured,
  text,
  textContent,
  toolError,
} from './helpers.js';

describe('result helpers', () => {
  it('text and toolError', () => {
    expect(text('hi')).toStrictEqual({ content: [{ type: 'text', text: 'hi' }] });
    expect(toolError('no such file')).toStrictEqual({
      content: [{ type: 'text', text: 'no such file' }],
      isError: true,
    });
  });

  it('structured puts the value and its compact JSON side by side', () => {
    const value = { items: [{ id: 'a', score: 1.5 }], total: 1 };
    const out = structured(value);
    expect(out).toStrictEqual({
      content: [{ type: 'text', text: '{"items":[{"id":"a","score":1.5}],"total":1}' }],
      structuredContent: value,
    });
    expect(JSON.parse((out.content[0] as { text: string }).text)).toStrictEqual(out.structuredContent);
    expect(out.structuredContent).not.toBe(value);
    expect(structured({ n: 1 }, { text: 'one' }).content).toStrictEqual([{ type: 'text', text: 'one' }]);
  });

  it('structured refuses non-objects', () => {
    expect(() => structured([1] as unknown as object)).toThrow(TypeError);
    expect(() => structured(null as unknown as object)).toThrow(TypeError);
  });

  it('image and audio encode bytes to base64 and pass strings through', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252]);
    expect(image(bytes, 'image/png')).toStrictEqual({
      type: 'image',
      data: 'AAEC+vv8',
      mimeType: 'image/png',
    });
    const view = new Uint8Array(bytes.buffer, 3, 3);
    expect(audio(view, 'audio/wav').data).toBe('+vv8');
    expect(image('AAEC', 'image/gif').data).toBe('AAEC');
  });

  it('resourceLink, embeddedResource, textContent and result', () => {
    expect(resourceLink({ uri: 'file:///a.txt', name: 'a.txt', size: 3 })).toStrictEqual({
      type: 'resource_link',
      uri: 'file:///a.txt',
      name: 'a.txt',
      size: 3,
    });
    expect(embeddedResource({ uri: 'mem://x', text: 'hello', mimeType: 'text/plain' })).toStrictEqual({
      type: 'resource',
      resource: { uri: 'mem://x', text: 'hello', mimeType: 'text/plain' },
    });
    expect(embeddedResource({ uri: 'mem://b', blob: new Uint8Array([255]) })).toStrictEqual({
      type: 'resource',
      resource: { uri: 'mem://b', blob: '/w==' },
    });
    expect(result(textContent('a'), textContent('b'))).toStrictEqual({
      content: [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ],
    });
  });
});
