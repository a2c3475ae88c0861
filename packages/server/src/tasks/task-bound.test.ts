import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runTypeScript } from '../process/test-support/run-ts.js';

const child = fileURLToPath(new URL('./test-support/task-bound-child.ts', import.meta.url));

interface Counts {
  created: number;
  liveTasks: number;
  storedRecords: number;
  awaitingElicitation: number;
  runningHandlers: number;
  pendingTimers: number;
  pendingClientRequests: number;
  inFlightOnSession: number;
}

// Issue 19, point 15: an independent check saw RSS grow once over 24k abandoned tasks. What an
// abandoned task can leave behind is counted instead: after 12,000 and after 24,000 of them,
// every count is within the bound (maxLiveTasks = the store's maxTasks = 500), and the same.
it('after 24,000 abandoned tasks, live tasks, records, elicitations, handlers and timers stay within the bound', async () => {
  const result = await runTypeScript(child, [], {}, 120_000);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const { cap, half, total } = JSON.parse(result.stdout) as { cap: number; half: Counts; total: Counts };
  expect(total.created).toBe(24_000);
  for (const counts of [half, total]) {
    expect(counts.liveTasks).toBeLessThanOrEqual(cap);
    expect(counts.storedRecords).toBeLessThanOrEqual(cap);
    expect(counts.awaitingElicitation).toBeLessThanOrEqual(cap);
    expect(counts.runningHandlers).toBeLessThanOrEqual(cap);
    // One expiry timer per live task, and the store's sweep.
    expect(counts.pendingTimers).toBeLessThanOrEqual(counts.liveTasks + 1);
    expect(counts.pendingClientRequests).toBe(0);
    expect(counts.inFlightOnSession).toBe(0);
  }
  // Flat, not growing: the second 12,000 leave exactly what the first did.
  const { created: _h, ...atHalf } = half;
  const { created: _t, ...atTotal } = total;
  expect(atTotal).toEqual(atHalf);
}, 150_000);
