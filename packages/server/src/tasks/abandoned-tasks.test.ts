import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runTypeScript } from '../process/test-support/run-ts.js';

const child = fileURLToPath(new URL('./test-support/abandoned-tasks-child.ts', import.meta.url));

describe('abandoned tasks (issue 8, defect 2)', () => {
  it('8,000 more abandoned tasks with 10 KB arguments do not grow the heap past the live bound', async () => {
    const result = await runTypeScript(child, [], {}, 60_000);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const { first, second, tasks, argumentBytes } = JSON.parse(result.stdout) as Record<string, number>;
    // Unbounded, the 8,000 tasks between the readings keep their arguments: about 80 MB.
    const growth = (second as number) - (first as number);
    expect(tasks).toBe(10_000);
    expect(growth).toBeLessThan(1_000 * (argumentBytes as number));
    // The child may take its whole minute on a loaded machine: the test waits for it.
  }, 90_000);
});
