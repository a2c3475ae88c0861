import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runTypeScript } from '../process/test-support/run-ts.js';

const CHILD = fileURLToPath(new URL('./test-support/redos-child.ts', import.meta.url));

// Issue 19, point 1: with JavaScript's backtracking engine, `^(a+)+$` against 26 × 'a' + '!'
// took 4 s and doubled with each character: 40 would take about 18 hours. The child is
// killed after a minute, so on a backtracking engine this test fails instead of hanging.
it('validates ^(a+)+$ against 40 × a + ! in linear time (pattern and patternProperties)', async () => {
  const { code, stdout, stderr } = await runTypeScript(CHILD, [], {}, 60_000);
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  const timings = JSON.parse(stdout) as Record<string, { ok: boolean; ms: number }>;
  expect(timings['pattern']?.ok).toBe(false);
  expect(timings['patternProperties']?.ok).toBe(true);
  for (const { ms } of Object.values(timings)) expect(ms).toBeLessThan(2_000);
}, 90_000);
