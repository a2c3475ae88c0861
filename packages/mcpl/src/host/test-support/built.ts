import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The package root (packages/mcpl). */
export const PACKAGE_DIR = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Child processes run the built package (no `mcpforge-source` condition there): the test
 * run's global setup builds it (`npm test`); a bare vitest run needs `npx tsc -b tsconfig.build.json`.
 */
export function requireBuilt(relative: string): string {
  const path = fileURLToPath(new URL(`../../../dist/${relative}`, import.meta.url));
  if (!existsSync(path)) {
    throw new Error(
      `${path} is missing: build first (npx tsc -b tsconfig.build.json at the repository root)`,
    );
  }
  return path;
}
