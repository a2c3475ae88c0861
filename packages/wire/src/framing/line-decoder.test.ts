import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../connection/options.js';
import { MessageTooLargeError } from '../errors/local-error.js';
import { LineDecoder } from './line-decoder.js';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

describe('LineDecoder', () => {
  it('defaults to the connection default and refuses a limit that would turn itself off', () => {
    expect(new LineDecoder().maxMessageBytes).toBe(DEFAULT_MAX_MESSAGE_BYTES);
    expect(new LineDecoder(Number.POSITIVE_INFINITY).maxMessageBytes).toBe(Number.POSITIVE_INFINITY);
    for (const bad of [Number.NaN, 0, -1, 1.5]) {
      expect(() => new LineDecoder(bad)).toThrow(/maxMessageBytes must be a positive integer/);
    }
  });

  it('splits on \\n only, tolerating a trailing \\r and skipping blank lines', () => {
    const decoder = new LineDecoder();
    expect(decoder.push(bytes('a\r\nb\u2028c\n\n\r\nd'))).toEqual(['a', 'b\u2028c']);
    expect(decoder.push(bytes('e\n'))).toEqual(['de']);
    expect(decoder.end()).toBe(0);
  });

  it('a lone \\r does not split: old Mac line endings make one line', () => {
    const decoder = new LineDecoder();
    expect(decoder.push(bytes('{"a":1}\r{"b":2}\r\n'))).toEqual(['{"a":1}\r{"b":2}']);
  });

  it('decodes a multi-byte character split across chunks', () => {
    const decoder = new LineDecoder();
    const encoded = bytes('"é😀"\n');
    const out = [];
    for (let i = 0; i < encoded.length; i++) out.push(...decoder.push(encoded.subarray(i, i + 1)));
    expect(out).toEqual(['"é😀"']);
  });

  it('reports the unterminated bytes left at the end', () => {
    const decoder = new LineDecoder();
    decoder.push(bytes('{"partial":'));
    expect(decoder.end()).toBe(11);
  });

  it('reports an oversize line once, as soon as it crosses the limit, and holds none of its bytes', () => {
    const decoder = new LineDecoder(10);
    const first = decoder.push(bytes('12345678'));
    expect(first).toEqual([]);
    const crossing = decoder.push(bytes('9abc'));
    expect(crossing).toHaveLength(1);
    expect(crossing[0]).toBeInstanceOf(MessageTooLargeError);
    expect(decoder.bufferedBytes).toBe(0);
    expect(decoder.push(bytes('x'.repeat(1000)))).toEqual([]);
    expect(decoder.bufferedBytes).toBe(0);
    expect(decoder.push(bytes('tail\nok\n'))).toEqual(['ok']);
  });

  it('reports an oversize line that arrives in one chunk and resynchronises after it', () => {
    const decoder = new LineDecoder(4);
    const out = decoder.push(bytes('12345\nabcd\n'));
    expect(out[0]).toBeInstanceOf(MessageTooLargeError);
    expect(out[1]).toBe('abcd');
  });

  it('joins the chunks of a long line once, not once per chunk', () => {
    const decoder = new LineDecoder();
    const message = bytes(`"${'é'.repeat(512 * 1024)}"\n`);
    const concat = vi.spyOn(Buffer, 'concat');
    try {
      const out = [];
      for (let offset = 0; offset < message.length; offset += 1023) {
        out.push(...decoder.push(message.subarray(offset, offset + 1023)));
      }
      expect(out).toHaveLength(1);
      expect((out[0] as string).length).toBe(512 * 1024 + 2);
      expect(concat).toHaveBeenCalledTimes(1);
    } finally {
      concat.mockRestore();
    }
  });

  it('accepts strings and Uint8Arrays that are not Buffers', () => {
    const decoder = new LineDecoder();
    expect(decoder.push('x\ny')).toEqual(['x']);
    expect(decoder.push(new TextEncoder().encode('z\n'))).toEqual(['yz']);
  });

  it('property: any chunking of any lines yields the same lines', () => {
    const line = fc.string({ unit: 'binary' }).map((s) => s.replace(/[\n\r]/g, ' '));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.array(fc.nat(), { maxLength: 30 }), (lines, cuts) => {
        const all = bytes(lines.map((l) => `${l}\n`).join(''));
        const points = [...new Set(cuts.map((c) => c % (all.length + 1)))].sort((a, b) => a - b);
        const decoder = new LineDecoder();
        const out: unknown[] = [];
        let previous = 0;
        for (const point of [...points, all.length]) {
          out.push(...decoder.push(all.subarray(previous, point)));
          previous = point;
        }
        expect(out).toEqual(lines.filter((l) => l !== ''));
        expect(decoder.end()).toBe(0);
      }),
    );
  });

  it('enforces the limit on the message, not on a tolerated trailing \\r, however the line is cut', () => {
    const limit = 10;
    const exact = 'x'.repeat(limit);
    for (const ending of ['\n', '\r\n']) {
      for (const text of [`${exact}${ending}`, `${exact}x${ending}`]) {
        const fits = text.startsWith(`${exact}x`) === false;
        const all = bytes(text);
        for (let cut = 0; cut <= all.length; cut++) {
          const decoder = new LineDecoder(limit);
          const out = [...decoder.push(all.subarray(0, cut)), ...decoder.push(all.subarray(cut))];
          expect(out).toHaveLength(1);
          if (fits) expect(out[0]).toBe(exact);
          else expect(out[0]).toBeInstanceOf(MessageTooLargeError);
          expect(decoder.bufferedBytes).toBe(0);
        }
      }
    }
  });

  it('does not join the chunks of a line it already knows is too large', () => {
    const decoder = new LineDecoder(100);
    decoder.push(bytes('x'.repeat(60)));
    const concat = vi.spyOn(Buffer, 'concat');
    try {
      const out = decoder.push(bytes(`${'y'.repeat(60)}\n`));
      expect(out[0]).toBeInstanceOf(MessageTooLargeError);
      expect(concat).not.toHaveBeenCalled();
    } finally {
      concat.mockRestore();
    }
  });

  it('drops a UTF-8 byte order mark at the start of the stream only, even when split', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    for (let cut = 0; cut <= 4; cut++) {
      const all = Buffer.concat([bom, bytes('{}\n'), bom, bytes('{}\n')]);
      const decoder = new LineDecoder();
      const out = [...decoder.push(all.subarray(0, cut)), ...decoder.push(all.subarray(cut))];
      expect(out).toEqual(['{}', '\uFEFF{}']);
    }
  });
});
