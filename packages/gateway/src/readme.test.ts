import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { MIGRATIONS } from './store/migrations/index.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** The example as a file, so the root type-check checks it; the test keeps it equal to the README. */
const exampleFile = new URL('./test-support/readme-example.ts', import.meta.url);

function firstExample(): string {
  const match = /```ts\n([\s\S]*?)```/.exec(readme);
  if (!match?.[1]) throw new Error('README has no ts example');
  return match[1];
}

describe('README', () => {
  it('the first example is test-support/readme-example.ts, verbatim (so it is type-checked)', () => {
    expect(firstExample()).toBe(readFileSync(exampleFile, 'utf8'));
  });

  it('the first example runs as written: a published catalog with the demo tool, and a key that verifies', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const progress = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await import(exampleFile.href);
      expect(log.mock.calls).toEqual([
        [['frankfurter_latest_rate'], expect.stringMatching(/^[0-9a-f]{12}$/), 'currency-rates'],
      ]);
      expect(progress.mock.calls.map((call) => call[0])).toEqual(MIGRATIONS.map((m) => `migrated ${m.id}`));
    } finally {
      log.mockRestore();
      progress.mockRestore();
    }
  });
});
