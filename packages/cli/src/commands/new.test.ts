import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckReport } from '../check/report.js';
import { CliError } from '../cli/cli-error.js';
import { checkoutDir } from '../new/locations.js';
import { fakeIo } from '../test-support/fake-io.js';
import { run as runCheck } from './check.js';
import { type NewResult, render, run } from './new.js';

const exec = promisify(execFile);
const checkout = checkoutDir() as string;
const scratch = mkdtempSync(join(tmpdir(), 'mcpforge-new-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The project's own npm and vitest run without this run's npm and vitest settings. */
const env = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !name.startsWith('npm_') &&
        !name.startsWith('VITEST') &&
        name !== 'FORCE_COLOR' &&
        name !== 'NODE_OPTIONS',
    ),
  ),
  NO_COLOR: '1',
};

async function make(args: string[]): Promise<NewResult> {
  return (await run(args, fakeIo())).result;
}

async function refusal(args: string[]): Promise<CliError> {
  const error = await run(args, fakeIo()).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

describe('mcpforge new --link, outside the repository', () => {
  const project = join(scratch, 'linked', 'my-server');
  let made: NewResult;
  beforeAll(async () => {
    made = await make([project, '--link']);
    await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: project,
      env,
      timeout: 240_000,
    });
  }, 300_000);

  it('is outside the checkout, named after its folder, linked to the checkout', () => {
    expect(relative(checkout, project).startsWith('..')).toBe(true);
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    expect(manifest.name).toBe('my-server');
    expect(manifest.dependencies['@mcpforge/server']).toBe(`file:${join(checkout, 'packages', 'server')}`);
    expect(manifest.overrides).toEqual({ '@mcpforge/wire': `file:${join(checkout, 'packages', 'wire')}` });
    expect(made.linked).toBe(true);
    expect(readFileSync(join(project, 'README.md'), 'utf8').split('\n')[0]).toBe('# my-server');
  });

  it('installs, then builds, type-checks and passes its own tests with npm test', async () => {
    const { stdout } = await exec('npm', ['test'], { cwd: project, env, timeout: 240_000 });
    expect(stdout).toMatch(/Test Files\s+\d+ passed/);
    expect(stdout).not.toMatch(/failed/);
  }, 300_000);

  it('is clean under mcpforge check once built', async () => {
    const output = await runCheck(
      [
        '--timeout-ms',
        '30000',
        process.execPath,
        join(project, 'dist/main.js'),
        '--config',
        join(project, 'config/example.json'),
      ],
      fakeIo({ ...process.env, TEMPLATE_SALUTATION: 'Hello' }),
    );
    const report = output.result as CheckReport;
    expect(report.findings.filter((finding) => finding.severity === 'error')).toEqual([]);
    expect(output.exitCode).toBe(0);
  }, 120_000);
});

describe('mcpforge new from a checkout, by default (issue 22, point 2)', () => {
  const project = join(scratch, 'vendored', 'my-server');
  let made: NewResult;
  beforeAll(async () => {
    made = await make([project]);
    await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: project,
      env,
      timeout: 240_000,
    });
  }, 300_000);

  it("depends on this checkout's server and wire packed into vendor/, and says so", () => {
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    const version = JSON.parse(readFileSync(join(checkout, 'packages/server/package.json'), 'utf8')).version;
    expect(manifest.dependencies['@mcpforge/server']).toBe(`file:vendor/mcpforge-server-${version}.tgz`);
    expect(manifest.dependencies['@mcpforge/wire']).toBe(`file:vendor/mcpforge-wire-${version}.tgz`);
    expect(existsSync(join(project, 'vendor', `mcpforge-server-${version}.tgz`))).toBe(true);
    expect(made.source).toBe('vendored');
    const text = render(made);
    expect(text).toContain('The @mcpforge packages are not on the npm registry yet');
    expect(text).toContain(join(checkout, 'packages', 'cli', 'bin', 'mcpforge.js'));
  });

  it('installs with no link back to the checkout, then builds and passes its own tests', async () => {
    const lock = readFileSync(join(project, 'package-lock.json'), 'utf8');
    expect(lock).not.toContain(checkout);
    const { stdout } = await exec('npm', ['test'], { cwd: project, env, timeout: 240_000 });
    expect(stdout).toMatch(/Test Files\s+\d+ passed/);
    expect(stdout).not.toMatch(/failed/);
  }, 300_000);
});

describe('mcpforge new', () => {
  it('with --published, declares the published @mcpforge/server at the CLI version, copies no build output', async () => {
    const project = join(scratch, 'published');
    const made = await make([project, '--name', '@acme/weather-server', '--published']);
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    const cliVersion = JSON.parse(readFileSync(join(checkout, 'packages/cli/package.json'), 'utf8')).version;
    expect(manifest.name).toBe('@acme/weather-server');
    expect(manifest.dependencies['@mcpforge/server']).toBe(cliVersion);
    expect(manifest.overrides).toBeUndefined();
    expect(made.nextSteps).toContain('npm install');
    for (const output of ['node_modules', 'dist', 'tsconfig.build.tsbuildinfo', 'vendor']) {
      expect(existsSync(join(project, output))).toBe(false);
    }
    expect(existsSync(join(project, 'src', 'tools', 'greet.test.ts'))).toBe(true);
    const readme = readFileSync(join(project, 'README.md'), 'utf8');
    expect(readme).not.toMatch(/## Inside the repository|npm pack -w/);
    const text = render(made);
    expect(text).toMatch(/cd .*published/);
    expect(text).toMatch(/"weather-server": \{/);
  });

  it('refuses a folder that is not empty, and writes nothing into it', async () => {
    const project = join(scratch, 'busy');
    mkdirSync(project);
    writeFileSync(join(project, 'notes.txt'), 'mine');
    const error = await refusal([project]);
    expect(error.message).toMatch(/is not empty/);
    expect(existsSync(join(project, 'package.json'))).toBe(false);
  });

  it('makes a project in an existing empty folder', async () => {
    const project = join(scratch, 'empty');
    mkdirSync(project);
    await make([project]);
    expect(existsSync(join(project, 'package.json'))).toBe(true);
  });

  it.each(['My Server', '.hidden', '@scope/a/b', 'a'.repeat(215), 'caf\u00e9'])(
    'refuses --name %j',
    async (name) => {
      const error = await refusal([join(scratch, 'bad-name'), '--name', name]);
      expect(error.code).toBe('invalid_value');
      expect(error.message).toMatch(/not a valid npm package name/);
      expect(existsSync(join(scratch, 'bad-name'))).toBe(false);
    },
  );

  it('names --name when the folder name is not a package name', async () => {
    const error = await refusal([join(scratch, 'My Server')]);
    expect(error.message).toMatch(/--name/);
  });

  it('needs the folder', async () => {
    const error = await refusal([]);
    expect(error.exitCode).toBe(2);
  });
});
