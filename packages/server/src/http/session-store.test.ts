import { describe, expect, it } from 'vitest';
import { MemorySessionStore } from './session-store.js';

describe('MemorySessionStore', () => {
  it('gets, touches and deletes, reporting every drop', () => {
    const dropped: string[] = [];
    const store = new MemorySessionStore<number>({ onEvict: (id) => dropped.push(id) });
    store.set('a', 1);
    expect(store.get('a')).toBe(1);
    store.delete('a');
    expect(store.get('a')).toBeUndefined();
    expect(dropped).toEqual(['a']);
    store.close();
  });

  it('evicts the least recently used beyond the bound', () => {
    const dropped: string[] = [];
    const store = new MemorySessionStore<number>({ maxSessions: 2, onEvict: (id) => dropped.push(id) });
    store.set('a', 1);
    store.set('b', 2);
    store.touch('a');
    store.set('c', 3);
    expect(dropped).toEqual(['b']);
    expect(store.size).toBe(2);
    expect(store.get('a')).toBe(1);
    store.close();
    expect(store.size).toBe(0);
  });

  it('expires idle sessions on read and on sweep', () => {
    let now = 0;
    const dropped: string[] = [];
    const store = new MemorySessionStore<number>({
      idleTimeoutMs: 100,
      now: () => now,
      onEvict: (id) => dropped.push(id),
    });
    store.set('a', 1);
    store.set('b', 2);
    now = 60;
    store.touch('b');
    now = 150;
    expect(store.get('a')).toBeUndefined();
    expect(store.get('b')).toBe(2);
    now = 400;
    store.sweep();
    expect(store.size).toBe(0);
    expect(dropped).toEqual(['a', 'b']);
    store.close();
  });

  it('keeps exact least-recently-used order through gets, touches and replacements', () => {
    const dropped: string[] = [];
    const store = new MemorySessionStore<number>({ maxSessions: 4, onEvict: (id) => dropped.push(id) });
    for (const id of ['a', 'b', 'c', 'd']) store.set(id, 0);
    store.get('a');
    store.touch('a'); // order: b c d a
    store.touch('c'); // b d a c
    store.set('b', 1); // replaced: d a c b
    store.touch('c'); // d a b c
    for (const id of ['e', 'f', 'g', 'h']) store.set(id, 0);
    expect(dropped).toEqual(['d', 'a', 'b', 'c']);
    store.close();
    expect(dropped.slice(4)).toEqual(['e', 'f', 'g', 'h']);
  });

  it('a touch after a get refreshes the session stored now, not one dropped or replaced since', () => {
    let now = 0;
    const store = new MemorySessionStore<number>({ idleTimeoutMs: 100, now: () => now });
    store.set('a', 1);
    expect(store.get('a')).toBe(1);
    store.set('a', 2);
    now = 60;
    store.touch('a');
    now = 150;
    expect(store.get('a')).toBe(2);
    store.delete('a');
    store.touch('a');
    expect(store.size).toBe(0);
    expect(store.get('a')).toBeUndefined();
    store.close();
  });
});
