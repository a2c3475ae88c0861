import { describe, expect, it } from 'vitest';
import type { OutboundStream } from './outbound-stream.js';
import { RequestStreams } from './request-streams.js';

const stream = (name: string) => ({ name }) as unknown as OutboundStream;

describe('RequestStreams', () => {
  it('holds any number of requests at once, each found by its own id', () => {
    const streams = new RequestStreams();
    const [a, b, c] = [stream('a'), stream('b'), stream('c')];
    streams.set(1, a);
    streams.set('1', b);
    streams.set(2, c);
    expect(streams.size).toBe(3);
    expect([streams.get(1), streams.get('1'), streams.get(2), streams.get(3)]).toEqual([a, b, c, undefined]);
    expect([...streams.values()]).toEqual([a, b, c]);
    expect(streams.delete(1)).toBe(true);
    expect(streams.delete(1)).toBe(false);
    expect(streams.has(1)).toBe(false);
    expect([streams.get('1'), streams.get(2)]).toEqual([b, c]);
    streams.clear();
    expect(streams.size).toBe(0);
    expect([...streams.values()]).toEqual([]);
  });

  it('replaces the stream of an id already held, wherever it is held', () => {
    const streams = new RequestStreams();
    const [a, b, c, d] = [stream('a'), stream('b'), stream('c'), stream('d')];
    streams.set(1, a);
    streams.set(2, b);
    streams.delete(1); // 2 is held apart from the first request's place, which is free now
    streams.set(2, c);
    expect(streams.size).toBe(1);
    expect(streams.get(2)).toBe(c);
    streams.set(3, d);
    streams.delete(2);
    expect(streams.get(2)).toBeUndefined();
    expect([...streams.values()]).toEqual([d]);
  });
});
