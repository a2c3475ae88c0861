import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { cleanNpmEnv, npmCli } from '../scripts/node22.mjs';

const repoRoot = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'mcpforge-engines-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Copies a project's manifests (the root's, its lock file's and every workspace's `package.json`)
 * into a fresh folder, so a dry-run install reads exactly what `npm ci` would, away from the
 * shared `node_modules`.
 */
function copyManifests(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  copyFileSync(join(from, 'package.json'), join(to, 'package.json'));
  copyFileSync(join(from, 'package-lock.json'), join(to, 'package-lock.json'));
  const lock = JSON.parse(readFileSync(join(from, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, unknown>;
  };
  for (const path of Object.keys(lock.packages)) {
    if (path === '' || path.startsWith('node_modules/') || path.includes('/node_modules/')) continue;
    mkdirSync(join(to, path), { recursive: true });
    copyFileSync(join(from, path, 'package.json'), join(to, path, 'package.json'));
  }
}

/** What `npm ci --dry-run` prints (it checks every package's `engines` against `node`). */
async function dryRunCi(node: string, project: string): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(
    node,
    [npmCli(), 'ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'],
    { cwd: project, env: cleanNpmEnv(), timeout: 60_000 },
  );
  return stdout + stderr;
}

describe('engine warnings of a clean install', () => {
  // Issue 8: `npm ci` on Node 20 printed about 20 EBADENGINE warnings (the MCP Inspector and the
  // conformance suites need Node 22); they now live in tools/node22, installed under Node 22.
  it("`npm ci` of the repository on the project's Node (20) warns of no engine", async () => {
    const project = join(scratch, 'repository');
    copyManifests(repoRoot, project);
    const output = await dryRunCi(process.execPath, project);
    expect(output.split('\n').filter((line) => line.includes('EBADENGINE'))).toEqual([]);
  });

  it('`npm ci` of tools/node22 under its Node 22 warns of no engine', async () => {
    const project = join(scratch, 'node22-tools');
    copyManifests(join(repoRoot, 'tools', 'node22'), project);
    const output = await dryRunCi(inject('node22Tools').node, project);
    expect(output.split('\n').filter((line) => line.includes('EBADENGINE'))).toEqual([]);
  });
});
