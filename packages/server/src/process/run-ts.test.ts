import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runTypeScript } from './test-support/run-ts.js';

const child = fileURLToPath(new URL('./test-support/resolve-child.ts', import.meta.url));

describe('the shared TypeScript child-process hooks (root test-support/ts-hooks)', () => {
  it('run a .ts child and resolve workspace packages to their source, not a stale dist', async () => {
    const result = await runTypeScript(child);
    expect(result.stderr).toBe('');
    const resolved = JSON.parse(result.stdout) as { id: number; server: string; wire: string };
    expect(resolved.id).toBe(1);
    expect(resolved.server).toMatch(/\/packages\/server\/src\/index\.ts$/);
    expect(resolved.wire).toMatch(/\/packages\/wire\/src\/index\.ts$/);
  });
});
