import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, readCapped, sseData } from './sse-reader.js';

function stream(chunks: readonly string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function all(body: ReadableStream<Uint8Array>, maxBytes = 1024): Promise<string[]> {
  const events: string[] = [];
  for await (const data of sseData(body, maxBytes)) events.push(data);
  return events;
}

describe('sseData', () => {
  it('yields each event, skipping comments, ids and a priming event without data', async () => {
    const body = stream([
      'id: 1\nretry: 100\ndata:\n\n: keep-alive\n\n',
      'event: message\ndata: {"a":1}\n\n',
    ]);
    expect(await all(body)).toEqual(['', '{"a":1}']);
  });

  it('joins data lines and reads events split across chunks and \\r\\n line ends', async () => {
    const body = stream(['data: one\r', '\ndata: two\r\n', '\r\ndata: {"b"', ':2}\n\n']);
    expect(await all(body)).toEqual(['one\ntwo', '{"b":2}']);
  });

  it('yields a last event without the blank line', async () => {
    expect(await all(stream(['data: last']))).toEqual(['last']);
  });

  it('stops past the byte cap', async () => {
    await expect(all(stream(['data: 0123456789\n\n']), 8)).rejects.toBeInstanceOf(BodyTooLargeError);
  });
});

describe('readCapped', () => {
  it('reads the text, and refuses past the cap', async () => {
    expect(await readCapped(stream(['{"x":', '1}']), 100)).toBe('{"x":1}');
    expect(await readCapped(null, 100)).toBe('');
    await expect(readCapped(stream(['0123456789']), 5)).rejects.toBeInstanceOf(BodyTooLargeError);
  });
});
