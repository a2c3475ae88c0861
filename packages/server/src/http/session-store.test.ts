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
});
