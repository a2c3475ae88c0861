import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Vitest global setup: build every workspace once (incremental, so cheap when `npm test` already
 * built) before any test starts. Tests that spawn real processes run `dist/`, and building here,
 * once, keeps parallel test files from racing to write the same outputs.
 */
export default function buildBeforeTests(): void {
  // A developer who has just built (or is iterating on one file that spawns no process) can skip it.
  if (process.env['MCPFORGE_TEST_NO_BUILD'] === '1') return;
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'tsconfig.build.json'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}
