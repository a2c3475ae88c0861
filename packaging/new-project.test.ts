import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanNpmEnv } from '../scripts/node22.mjs';
import { NPM_INSTALL_FLAGS, packPublished, repoRoot } from './pack.js';

/**
 * template/ as `mcpforge new` will hand it out: copied out of the repository, its @mcpforge
 * dependencies pointed at the packed tarballs, installed, built and tested on its own.
 */
const run = promisify(execFile);
const skeleton = join(repoRoot, 'template');
const scratch = mkdtempSync(join(tmpdir(), 'mcpforge-new-project-'));
const project = join(scratch, 'my-server');
// What a fresh copy does not take along: installs and build outputs.
const NOT_COPIED = new Set(['node_modules', 'dist']);
// The project's own npm and vitest run without this run's npm and vitest settings.
const env = {
  ...Object.fromEntries(
    Object.entries(cleanNpmEnv()).filter(([name]) => !name.startsWith('VITEST') && name !== 'FORCE_COLOR'),
  ),
  NO_COLOR: '1',
};

interface Manifest {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The package names a module imports (`@scope/name/sub` is `@scope/name`), builtins left out. */
function importedPackages(source: string): string[] {
  const specifiers = [...source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)].map(
    (m) => m[1] ?? '',
  );
  return specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    )
    .filter((name) => !builtinModules.includes(name));
}

beforeAll(async () => {
  const packed = packPublished(join(scratch, 'packs'));
  cpSync(skeleton, project, {
    recursive: true,
    filter: (path) => !NOT_COPIED.has(basename(path)) && !path.endsWith('.tsbuildinfo'),
  });
  const manifestPath = join(project, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  // Until the packages are on the registry, the tarballs stand in for them (wire too, so npm
  // never looks the name up on the registry).
  manifest.dependencies['@mcpforge/server'] = `file:${packed['@mcpforge/server'].tarball}`;
  manifest.dependencies['@mcpforge/wire'] = `file:${packed['@mcpforge/wire'].tarball}`;
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  await run('npm', ['install', ...NPM_INSTALL_FLAGS], { cwd: project, env, timeout: 150_000 });
}, 240_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a new project from template/, outside the repository', () => {
  it('is outside the repository', () => {
    expect(relative(repoRoot, project).startsWith('..')).toBe(true);
  });

  it('reads no file outside its own folder (tsconfig extends and references stay inside)', () => {
    const configs = readdirSync(skeleton).filter((name) =>
      /^(tsconfig.*\.json|vitest\.config\.ts)$/.test(name),
    );
    const outside = configs.filter((name) => readFileSync(join(skeleton, name), 'utf8').includes('../'));
    expect(outside).toEqual([]);
  });

  it('declares every package its sources and tests import', () => {
    const manifest = JSON.parse(readFileSync(join(skeleton, 'package.json'), 'utf8')) as Manifest;
    const declared = new Set([
      ...Object.keys(manifest.dependencies),
      ...Object.keys(manifest.devDependencies),
    ]);
    const files = [...sourceFiles(join(skeleton, 'src')), join(skeleton, 'vitest.config.ts')];
    const used = new Set(files.flatMap((file) => importedPackages(readFileSync(file, 'utf8'))));
    expect([...used].filter((name) => !declared.has(name))).toEqual([]);
  });

  it('builds, type-checks and passes its own tests with `npm test`', async () => {
    const { stdout } = await run('npm', ['test'], { cwd: project, env, timeout: 150_000 });
    expect(stdout).toMatch(/Test Files\s+\d+ passed/);
    expect(stdout).not.toMatch(/failed/);
  }, 180_000);
});
