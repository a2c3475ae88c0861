import { describe, expect, it } from 'vitest';
import { SseWriter } from './sse.js';

function sink() {
  const chunks: string[] = [];
  let ended = 0;
  return {
    chunks,
    ended: () => ended,
    sink: { write: (chunk: string) => chunks.push(chunk), end: () => void ended++ },
  };
}

describe('SseWriter', () => {
  it('primes with retry and an id with empty data, then sends message events', () => {
    const out = sink();
    const writer = new SseWriter(out.sink, { keepAliveMs: 0 });
    writer.prime('s_-1', 1000);
    writer.send('{"a":1}', 's_0');
    writer.send('{"b":2}');
    expect(out.chunks.join('')).toBe(
      'retry: 1000\nid: s_-1\ndata: \n\nid: s_0\nevent: message\ndata: {"a":1}\n\nevent: message\ndata: {"b":2}\n\n',
    );
  });

  it('sends keep-alive comments and stops cleanly on close', async () => {
    const out = sink();
    const writer = new SseWriter(out.sink, { keepAliveMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 35));
    writer.close();
    writer.close();
    const count = out.chunks.length;
    expect(count).toBeGreaterThanOrEqual(1);
    expect(out.chunks.every((chunk) => chunk === ': keep-alive\n\n')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 25));
    writer.send('{}');
    expect(out.chunks.length).toBe(count);
    expect(out.ended()).toBe(1);
  });
});
