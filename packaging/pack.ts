import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanNpmEnv } from '../scripts/node22.mjs';

export const repoRoot = join(import.meta.dirname, '..');

/** The workspaces published to the npm registry, in dependency order. */
export const PUBLISHED = ['@mcpforge/wire', '@mcpforge/server', '@mcpforge/mcpl'] as const;
export type PublishedName = (typeof PUBLISHED)[number];

export interface PackageManifest {
  name: string;
  version: string;
  private?: boolean | undefined;
  exports: Record<string, Record<string, string>>;
  dependencies?: Record<string, string> | undefined;
  [field: string]: unknown;
}

export interface PackedPackage {
  name: PublishedName;
  /** Absolute path of the tarball. */
  tarball: string;
  /** Paths inside the tarball (relative to its `package/` folder). */
  files: string[];
  /** The `package.json` inside the tarball. */
  manifest: PackageManifest;
}

interface NpmPackEntry {
  name: string;
  filename: string;
  files: Array<{ path: string }>;
}

/**
 * `npm pack` of the published workspaces into `destination`, as a maintainer would run it from
 * the repository root (each package's `prepack` builds it first).
 */
export function packPublished(destination: string): Record<PublishedName, PackedPackage> {
  mkdirSync(destination, { recursive: true });
  const stdout = execFileSync(
    'npm',
    ['pack', ...PUBLISHED.flatMap((name) => ['-w', name]), '--pack-destination', destination, '--json'],
    // Lifecycle output (prepack) goes to stderr; stdout is the JSON report.
    { cwd: repoRoot, env: cleanNpmEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const packed = {} as Record<PublishedName, PackedPackage>;
  for (const entry of JSON.parse(stdout) as NpmPackEntry[]) {
    const name = entry.name as PublishedName;
    const tarball = join(destination, entry.filename);
    const manifest = JSON.parse(
      execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
    ) as PackageManifest;
    packed[name] = { name, tarball, files: entry.files.map((file) => file.path), manifest };
  }
  return packed;
}

/** The version of a package installed at the repository root, so a test project installs the same one. */
export function rootVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/** Flags for every `npm install` of a test project: from the cache when it can, nothing else printed. */
export const NPM_INSTALL_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund'] as const;
