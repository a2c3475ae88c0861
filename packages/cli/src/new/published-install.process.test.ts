import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/free-port.js';

/**
 * Issue 22, point 2, the published path for real: every public package of this checkout is
 * packed as `npm pack` packs it and published to a local Verdaccio (loopback port, temporary
 * storage, no uplinks: it serves only what was published here), then the CLI is installed from
 * it as a user installs it, its `new` makes a project, and that project installs (the
 * `@mcpforge` scope from Verdaccio, everything else from the npm registry), builds and passes its
 * tests, with no `file:` link anywhere. This also proves the packages complete: exports, types,
 * `files`, the CLI's bin and bundled template. Long-running: two installs and a project's tests.
 */
const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const PUBLIC = ['wire', 'server', 'mcpl', 'gateway', 'cli'];
const scratch = mkdtempSync(join(tmpdir(), 'mcpforge-published-'));
let registry: ChildProcess | undefined;
let registryUrl: string;
let npmrc: string;

/** Without this run's npm and vitest settings; npm reads the test's own userconfig. */
function env(): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) =>
          !name.startsWith('npm_') &&
          !name.startsWith('VITEST') &&
          name !== 'NODE_OPTIONS' &&
          name !== 'FORCE_COLOR',
      ),
    ),
    NO_COLOR: '1',
    npm_config_userconfig: npmrc,
  };
}

async function startRegistry(): Promise<void> {
  const port = await freePort();
  registryUrl = `http://127.0.0.1:${port}`;
  const config = join(scratch, 'verdaccio.yaml');
  writeFileSync(
    config,
    [
      `storage: ${join(scratch, 'storage')}`,
      'auth:',
      '  htpasswd:',
      `    file: ${join(scratch, 'htpasswd')}`,
      'uplinks: {}',
      'packages:',
      "  '**':",
      '    access: $all',
      '    publish: $all',
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  );
  registry = spawn(
    process.execPath,
    [join(REPO, 'node_modules/verdaccio/bin/verdaccio'), '--config', config, '--listen', `127.0.0.1:${port}`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  registry.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  registry.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ok = await fetch(`${registryUrl}/-/ping`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (registry.exitCode !== null || Date.now() > deadline)
      throw new Error(`verdaccio did not start: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // A user for publishing (Verdaccio refuses an anonymous publish); its token goes in the test's npmrc.
  const response = await fetch(`${registryUrl}/-/user/org.couchdb.user:tester`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'tester', password: 'tester-password', type: 'user', roles: [] }),
  });
  const { token } = (await response.json()) as { token: string };
  npmrc = join(scratch, 'npmrc');
  writeFileSync(
    npmrc,
    [
      `@mcpforge:registry=${registryUrl}/`,
      `//127.0.0.1:${port}/:_authToken=${token}`,
      'audit=false',
      'fund=false',
      '',
    ].join('\n'),
  );
}

/** `npm pack` of one workspace as its own pack does it (the CLI's template bundled), into `packs/`. */
async function pack(name: string): Promise<string> {
  const destination = join(scratch, 'packs');
  mkdirSync(destination, { recursive: true });
  const cli = join(REPO, 'packages', 'cli');
  // The built dist/ is this test run's; the prepack's build is skipped, its template bundling is not.
  if (name === 'cli') await run(process.execPath, [join(cli, 'dist/new/bundle-template.js')]);
  try {
    const { stdout } = await run(
      'npm',
      ['pack', '-w', `@mcpforge/${name}`, '--pack-destination', destination, '--json', '--ignore-scripts'],
      { cwd: REPO, env: env() },
    );
    return join(destination, (JSON.parse(stdout) as Array<{ filename: string }>)[0]!.filename);
  } finally {
    if (name === 'cli') await run(process.execPath, [join(cli, 'dist/new/bundle-template.js'), '--remove']);
  }
}

beforeAll(async () => {
  await startRegistry();
  for (const name of PUBLIC) {
    const tarball = await pack(name);
    await run('npm', ['publish', tarball, '--registry', `${registryUrl}/`, '--tag', 'latest'], {
      cwd: scratch,
      env: env(),
    });
  }
}, 300_000);

afterAll(() => {
  registry?.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

describe('the packages published to a registry (Verdaccio)', { timeout: 900_000 }, () => {
  it('the CLI installs from it; its `new` makes a project that installs from it with no file: link, builds and passes its tests', async () => {
    const user = join(scratch, 'user');
    mkdirSync(user);
    writeFileSync(join(user, 'package.json'), JSON.stringify({ name: 'user', private: true }));
    await run('npm', ['install', '@mcpforge/cli', '--prefer-offline'], {
      cwd: user,
      env: env(),
      timeout: 600_000,
    });
    const version = await run('npx', ['mcpforge', '--version'], { cwd: user, env: env() });
    expect(version.stdout.trim()).toBe(
      JSON.parse(readFileSync(join(REPO, 'packages/cli/package.json'), 'utf8')).version,
    );

    // Installed from the registry, the CLI is no checkout: the project depends on the registry's packages.
    const made = await run('npx', ['mcpforge', 'new', 'my-server'], { cwd: user, env: env() });
    expect(made.stdout).toContain("depends on the npm registry's packages");
    const project = join(user, 'my-server');
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    expect(manifest.dependencies['@mcpforge/server']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(readdirSync(project)).not.toContain('vendor');

    await run('npm', ['install', '--prefer-offline'], { cwd: project, env: env(), timeout: 600_000 });
    const lock = readFileSync(join(project, 'package-lock.json'), 'utf8');
    expect(lock).not.toContain('file:');
    const server = (JSON.parse(lock) as { packages: Record<string, { resolved?: string }> }).packages[
      'node_modules/@mcpforge/server'
    ];
    expect(server?.resolved?.startsWith(registryUrl)).toBe(true);
    const tested = await run('npm', ['test'], { cwd: project, env: env(), timeout: 600_000 });
    expect(tested.stdout).toMatch(/Test Files\s+\d+ passed/);
    expect(tested.stdout).not.toMatch(/failed/);
  });
});
