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
    expect(replay(store, a1)).toEqual({ stream: 's-a', events: ['a2', 'a3'] });
    expect(replay(store, store.primingId('s-a')).events).toEqual(['a1', 'a2', 'a3']);
    expect(replay(store, 'nope').stream).toBeUndefined();
    expect(replay(store, 's-zz_3').stream).toBeUndefined();
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
});
