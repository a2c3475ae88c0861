import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeMessage, fromStreams, type IncomingMessage, ProtocolViolationError } from '../index.js';
import { closed } from '../test-support/streams.js';

type Item = { valid: true; message: IncomingMessage } | { valid: false; line: string };

/** Text with multi-byte characters and the two JSON-legal line separators. */
const tricky = fc.string({
  unit: fc.constantFrom('a', 'é', '€', '😀', '\u2028', '\u2029', '"', '\\', ' ', '\r', '\n', '\t'),
  maxLength: 12,
});

const validItem: fc.Arbitrary<Item> = fc
  .record({ method: tricky, text: tricky, id: fc.option(fc.oneof(fc.integer(), tricky), { nil: undefined }) })
  .map(({ method, text, id }) => ({
    valid: true,
    message:
      id === undefined
        ? { jsonrpc: '2.0', method, params: { text } }
        : { jsonrpc: '2.0', id, method, params: { text } },
  }));

const invalidItem: fc.Arbitrary<Item> = fc
  .oneof(
    fc
      .string({ unit: fc.constantFrom('x', '{', ':', 'é', '😀', '\u2028'), maxLength: 10 })
      .map((s) => `}${s}`),
    fc.constantFrom('42', '[]', '{"jsonrpc":"1.0","method":"m"}', '{"jsonrpc":"2.0","method":7}', 'null'),
  )
  .map((line) => ({ valid: false as const, line }));

describe('property: framing over a connection under any chunking', () => {
  it('every valid message arrives once, in order, and every invalid line is reported', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(validItem, invalidItem), { maxLength: 25 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.boolean(),
        async (items, cuts, crlf) => {
          const ending = crlf ? '\r\n' : '\n';
          const text = items
            .map((item) => (item.valid ? encodeMessage(item.message).slice(0, -1) : item.line) + ending)
            .join('');
          const bytes = Buffer.from(text, 'utf8');
          const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);

          const input = new PassThrough();
          const output = new PassThrough();
          output.resume();
          const connection = fromStreams(input, output);
          const errors: Error[] = [];
          connection.on('error', (error) => errors.push(error));
          const done = closed(connection);
          let previous = 0;
          for (const point of [...points, bytes.length]) {
            if (point > previous) input.write(bytes.subarray(previous, point));
            previous = point;
          }
          input.end();
          await done;

          const received: IncomingMessage[] = [];
          for (;;) {
            try {
              received.push(await connection.nextMessage());
            } catch {
              break;
            }
          }
          const expected = items.flatMap((item) => (item.valid ? [item.message] : []));
          expect(received).toEqual(expected);
          expect(errors).toHaveLength(items.length - expected.length);
          for (const error of errors) expect(error).toBeInstanceOf(ProtocolViolationError);
          connection.close();
        },
      ),
      { numRuns: 150 },
    );
  });
});
