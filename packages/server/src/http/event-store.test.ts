import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from './event-store.js';

function replay(store: MemoryEventStore, after: string): { stream: string | undefined; events: string[] } {
  const events: string[] = [];
  const stream = store.replayAfter(after, (_id, message) => events.push(message));
  return { stream, events };
}

describe('MemoryEventStore', () => {
  it('replays only the events after the given id, and only that stream', () => {
    const store = new MemoryEventStore();
    const a1 = store.append('s-a', 'a1');
    store.append('s-b', 'b1');
    store.append('s-a', 'a2');
    store.append('s-a', 'a3');
    expect(store.streamOf(a1)).toBe('s-a');
    expect(replay(store, store.primingId('s-a')).events).toEqual(['a1', 'a2', 'a3']);
    expect(replay(store, a1)).toEqual({ stream: 's-a', events: ['a2', 'a3'] });
    expect(replay(store, store.primingId('s-b')).events).toEqual(['b1']);
    expect(replay(store, 'nope').stream).toBeUndefined();
    expect(replay(store, 's-zz_3').stream).toBeUndefined();
  });

  it('a resume acknowledges what the client has: those events are dropped, the rest kept', () => {
    const store = new MemoryEventStore();
    store.append('s-a', 'a0');
    const a1 = store.append('s-a', 'a1');
    const a2 = store.append('s-a', 'a2');
    expect(store.bytes).toBe(6);
    expect(replay(store, a1).events).toEqual(['a2']);
    expect(store.size).toBe(1);
    expect(store.bytes).toBe(2);
    // The same id again (the resumed connection dropped before anything arrived) still works.
    expect(replay(store, a1).events).toEqual(['a2']);
    expect(replay(store, a2)).toEqual({ stream: 's-a', events: [] });
    expect(store.size).toBe(0);
    // Numbering goes on where it was.
    expect(store.append('s-a', 'a3')).toBe('s-a_3');
  });

  it('knows only the ids it could have issued: canonical sequences, none beyond the last one', () => {
    const store = new MemoryEventStore();
    store.append('s-a', 'a0');
    store.append('s-a', 'a1');
    expect(store.streamOf('s-a_-1')).toBe('s-a');
    expect(store.streamOf('s-a_1')).toBe('s-a');
    for (const id of ['s-a_2', 's-a_-2', 's-a_01', 's-a_1e0', 's-a_', 's-a_x', '_1', 's-a']) {
      expect({ id, stream: store.streamOf(id) }).toEqual({ id, stream: undefined });
      expect(replay(store, id).stream).toBeUndefined();
    }
  });

  it('bounds each stream and the total', () => {
    const store = new MemoryEventStore({ maxEventsPerStream: 2, maxEvents: 3 });
    const first = store.append('s1', 'x1');
    store.append('s1', 'x2');
    store.append('s1', 'x3');
    expect(replay(store, first).events).toEqual(['x2', 'x3']);
    expect(store.size).toBe(2);
    store.append('s2', 'y1');
    store.append('s2', 'y2');
    expect(store.size).toBeLessThanOrEqual(3);
    expect(replay(store, store.primingId('s1')).stream).toBeUndefined();
    expect(replay(store, store.primingId('s2')).events).toEqual(['y1', 'y2']);
    store.deleteStream('s2');
    expect(store.size).toBe(0);
  });

  it('bounds each stream in bytes (UTF-8), dropping its oldest events first', () => {
    const store = new MemoryEventStore({ maxBytesPerStream: 10 });
    const first = store.append('s1', 'aaaa');
    store.append('s1', 'bbbb');
    store.append('s1', 'éé'); // 4 bytes in UTF-8, 2 UTF-16 units
    expect(store.bytes).toBe(8);
    expect(replay(store, store.primingId('s1')).events).toEqual(['bbbb', 'éé']);
    // The client's id is older than what is kept: it gets what is left.
    expect(replay(store, first).events).toEqual(['bbbb', 'éé']);
  });

  it('keeps no event larger than the stream bound, nor what came before it; the numbering goes on', () => {
    const store = new MemoryEventStore({ maxBytesPerStream: 10 });
    const small = store.append('s1', 'tiny');
    const huge = store.append('s1', 'x'.repeat(11));
    expect(huge).toBe('s1_1');
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
    expect(store.append('s1', 'after')).toBe('s1_2');
    expect(replay(store, small).events).toEqual(['after']);
  });

  it('bounds the total in bytes, evicting the stream idle longest; an evicted stream never reuses an id', () => {
    const store = new MemoryEventStore({ maxBytes: 12 });
    store.append('idle', 'iiii');
    store.append('busy', 'bbbb');
    store.append('idle', 'iiii'); // idle is now the most recent
    store.append('busy', 'bbbb'); // 16 > 12: the stream that appended least recently goes (idle)
    expect(store.bytes).toBe(8);
    expect(replay(store, store.primingId('idle')).stream).toBeUndefined();
    expect(replay(store, store.primingId('busy')).events).toEqual(['bbbb', 'bbbb']);
    // An id the evicted stream never issued is still refused, and its next event is number 2.
    expect(store.streamOf('idle_2')).toBeUndefined();
    expect(store.streamOf('idle_1')).toBe('idle');
    expect(store.append('idle', 'next')).toBe('idle_2');
    // One stream alone over the total loses its own oldest events.
    const alone = new MemoryEventStore({ maxBytes: 8 });
    for (const message of ['1111', '2222', '3333']) alone.append('only', message);
    expect(replay(alone, alone.primingId('only')).events).toEqual(['2222', '3333']);
  });

  it('refuses a bound that would not bound anything, naming the option', () => {
    for (const value of [Number.NaN, 0, -1, 1.5]) {
      expect(() => new MemoryEventStore({ maxBytes: value })).toThrow(
        new RangeError(`MemoryEventStore: maxBytes must be a positive integer or Infinity, got ${value}`),
      );
    }
    expect(() => new MemoryEventStore({ maxBytesPerStream: '5' as unknown as number })).toThrow(TypeError);
    expect(() => new MemoryEventStore({ maxEventsPerStream: 0 })).toThrow(/maxEventsPerStream/);
    expect(() => new MemoryEventStore({ maxEvents: Number.NaN })).toThrow(/maxEvents/);
    expect(new MemoryEventStore({ maxBytes: Number.POSITIVE_INFINITY }).bytes).toBe(0);
  });
});
