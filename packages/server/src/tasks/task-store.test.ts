import { describe, expect, it } from 'vitest';
import { isTerminal, MemoryTaskStore, type TaskRecord } from './task-store.js';

function record(taskId: string, ttlMs = 1_000): TaskRecord {
  const at = new Date(0).toISOString();
  return { taskId, status: 'working', createdAt: at, lastUpdatedAt: at, ttlMs };
}

describe('MemoryTaskStore', () => {
  it('creates, updates and expires tasks after their ttl', () => {
    let now = 0;
    const store = new MemoryTaskStore({ now: () => now });
    store.create(record('t1'));
    now = 10;
    const updated = store.update('t1', { status: 'completed', result: { content: [] } });
    expect(updated?.status).toBe('completed');
    expect(updated?.lastUpdatedAt).toBe(new Date(10).toISOString());
    expect(store.update('missing', { status: 'failed' })).toBeUndefined();
    now = 1_001;
    expect(store.get('t1')).toBeUndefined();
    store.close();
  });

  it('bounds the number of tasks and knows terminal states', () => {
    const store = new MemoryTaskStore({ maxTasks: 1 });
    store.create(record('a'));
    store.create(record('b'));
    expect(store.get('a')).toBeUndefined();
    expect(store.size).toBe(1);
    expect(
      ['working', 'input_required', 'completed', 'failed', 'cancelled'].map((s) => isTerminal(s as never)),
    ).toEqual([false, false, true, true, true]);
    store.close();
  });
});
