import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '..');
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', '.cache']);
const TEST_FILE = /\.test\.(?:ts|mjs)$/;

/** Every test file of the repository, as paths relative to its root with `/` separators. */
function testFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...testFiles(path));
    else if (TEST_FILE.test(entry.name)) found.push(relative(repoRoot, path).split(sep).join('/'));
  }
  return found;
}

describe('selecting the template tests by name', () => {
  // Vitest's CLI filter keeps every test file whose path contains the word, so a file named
  // `uri-template.test.ts` in the server made `npx vitest run template` run server tests too.
  it('`npx vitest run template` matches only files under template/', () => {
    const matched = testFiles(repoRoot).filter((path) => path.includes('template'));
    expect(matched.length).toBeGreaterThan(0);
    expect(matched.filter((path) => !path.startsWith('template/'))).toEqual([]);
  });
});
