import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceRoot = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('entry points', () => {
  it('the root entry imports only node: built-ins; ws is used only under src/ws', () => {
    for (const file of sourceFiles(sourceRoot)) {
      const where = relative(sourceRoot, file);
      const specifiers = [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');
      for (const specifier of specifiers) {
        if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
        expect({ where, specifier }).toEqual({
          where: expect.stringMatching(/^(ws|test-support)\//),
          specifier,
        });
      }
    }
  });

  it('exports @mcpforge/wire/ws on its own subpath with ws as an optional peer', () => {
    const manifest = JSON.parse(readFileSync(join(sourceRoot, '..', 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(manifest.exports)).toEqual(['.', './ws']);
    expect(manifest.peerDependenciesMeta['ws']?.optional).toBe(true);
    expect(manifest.dependencies ?? {}).toEqual({});
  });
});
