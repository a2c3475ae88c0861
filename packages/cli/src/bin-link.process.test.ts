import { execFile, execFileSync } from 'node:child_process';
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanNpmEnv } from '../../../scripts/node22.mjs';

/**
 * Issue 22, point 1: `npx mcpforge` after `npm ci && npm run build` on a fresh clone. npm links
 * a workspace's bin at install time only when the bin's file exists then, and a fresh clone has
 * no dist/ at `npm ci` time: the bin must be a committed file. Here npm itself links a workspace
 * made of the CLI's manifest and bin/ only (no dist/, as on a fresh clone); the full fresh clone
 * is `newcomer-path.process.test.ts`.
 */
const run = promisify(execFile);
const CLI_DIR = fileURLToPath(new URL('../', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const manifest = JSON.parse(readFileSync(join(CLI_DIR, 'package.json'), 'utf8')) as {
  version: string;
  bin: Record<string, string>;
};
const scratch = mkdtempSync(join(tmpdir(), 'mcpforge-bin-link-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A workspace root holding a copy of the CLI package with `bin` as its manifest's bin and no dist/. */
async function installWithoutBuild(name: string, bin: Record<string, string>): Promise<string> {
  const root = join(scratch, name);
  const cli = join(root, 'cli');
  mkdirSync(cli, { recursive: true });
  cpSync(join(CLI_DIR, 'bin'), join(cli, 'bin'), { recursive: true });
  // The CLI's own dependencies are left out: what is tested is npm's bin link, offline.
  writeFileSync(
    join(cli, 'package.json'),
    JSON.stringify({ name: '@mcpforge/cli', version: manifest.version, type: 'module', bin }),
  );
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({ name: 'root', private: true, workspaces: ['cli'] }),
  );
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund'], { cwd: root, env: cleanNpmEnv() });
  return root;
}

describe('the mcpforge bin on a fresh clone', { timeout: 120_000 }, () => {
  it('is a committed, executable file, so it exists before any build', () => {
    const target = manifest.bin['mcpforge'];
    expect(target).toBe('./bin/mcpforge.js');
    const tracked = execFileSync('git', ['ls-files', '--', 'packages/cli/bin/mcpforge.js'], {
      cwd: REPO,
      encoding: 'utf8',
    });
    expect(tracked.trim()).toBe('packages/cli/bin/mcpforge.js');
    accessSync(join(CLI_DIR, 'bin', 'mcpforge.js'), constants.X_OK);
  });

  it('package-lock.json records the same bin: npm ci links what the lockfile says, not the manifest', () => {
    const lock = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { bin?: Record<string, string> }>;
    };
    const recorded = lock.packages['packages/cli']?.bin?.['mcpforge'];
    expect(recorded?.replace(/^\.\//, '')).toBe(manifest.bin['mcpforge']?.replace(/^\.\//, ''));
  });

  it('is linked by npm with no dist/ yet, and then says to build instead of failing obscurely', async () => {
    const root = await installWithoutBuild('linked', manifest.bin);
    expect(existsSync(join(root, 'node_modules', '.bin', 'mcpforge'))).toBe(true);
    const ran = await run('npx', ['mcpforge', '--version'], { cwd: root, env: cleanNpmEnv() }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain('the CLI is not built yet');
    expect(ran.stderr).toContain("run 'npm run build'");
  });

  it('the bin as it was (./dist/main.js) is not linked before the build: what the launcher fixes', async () => {
    const root = await installWithoutBuild('unlinked', { mcpforge: './dist/main.js' });
    expect(existsSync(join(root, 'node_modules', '.bin', 'mcpforge'))).toBe(false);
  });

  it("runs the built CLI once it is built (this checkout's dist/)", async () => {
    const { stdout } = await run(process.execPath, [join(CLI_DIR, 'bin', 'mcpforge.js'), '--version']);
    expect(stdout.trim()).toBe(manifest.version);
  });
});
