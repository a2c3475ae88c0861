import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from './event-store.js';

/** Stream ids `<owner>:<n>` name their owner, as the transport's `<tag>-<n>` name a session. */
const ownerOf = (streamId: string): string | undefined => streamId.split(':')[0];

function replayed(store: MemoryEventStore, streamId: string): string[] {
  const seen: string[] = [];
  store.replayAfter(store.primingId(streamId), (_id, message) => seen.push(message));
  return seen;
}

describe('MemoryEventStore: events kept per owner (issue 19, point 5)', () => {
  it("an owner past its bound loses its own least recently appended streams, never another owner's", () => {
    const store = new MemoryEventStore({ maxBytesPerOwner: 1000, ownerOf });
    store.append('bob:1', 'b'.repeat(400));
    for (let stream = 0; stream < 20; stream++) store.append(`ada:${stream}`, 'a'.repeat(300));
    expect(store.bytesOf('ada')).toBeLessThanOrEqual(1000);
    expect(store.bytesOf('bob')).toBe(400);
    expect(replayed(store, 'bob:1')).toEqual(['b'.repeat(400)]);
    // ada's newest streams are kept, her oldest went.
    expect(replayed(store, 'ada:19')).toEqual(['a'.repeat(300)]);
    expect(store.replayAfter(store.primingId('ada:0'), () => undefined)).toBeUndefined();
    expect(store.bytes).toBe(store.bytesOf('ada') + 400);
  });

  it("without an owner bound, one owner's streams push the others' out of the total", () => {
    const store = new MemoryEventStore({ maxBytes: 2000, ownerOf });
    store.append('bob:1', 'b'.repeat(400));
    for (let stream = 0; stream < 20; stream++) store.append(`ada:${stream}`, 'a'.repeat(300));
    expect(store.replayAfter(store.primingId('bob:1'), () => undefined)).toBeUndefined();
  });

  it("a single owner's stream past the bound keeps its newest events; deleting a stream gives its bytes back", () => {
    const store = new MemoryEventStore({ maxBytesPerOwner: 1000, ownerOf });
    for (let index = 0; index < 10; index++) store.append('ada:1', String(index).repeat(300));
    expect(replayed(store, 'ada:1')).toEqual(['7', '8', '9'].map((digit) => digit.repeat(300)));
    store.deleteStream('ada:1');
    expect(store.bytesOf('ada')).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it('refuses a bound that would turn itself off', () => {
    expect(() => new MemoryEventStore({ maxBytesPerOwner: 0 })).toThrow(/maxBytesPerOwner/);
    expect(() => new MemoryEventStore({ ownerOf: 'x' as unknown as () => string })).toThrow(/ownerOf/);
  });
});
