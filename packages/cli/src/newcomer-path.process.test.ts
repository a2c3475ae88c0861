import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test-support/free-port.js';

/**
 * Issue 22's acceptance, the newcomer path, with `npx mcpforge` as the docs write it and no curl:
 * `new` a project, install, build and test it, `check` it and every demo agent (no error), import
 * the petstore pointed at Prism with `--base-url`, `hosts add --allow-loopback`, `operations
 * publish --all`, `agents create` + `publish`, `keys create`, and one tool call through the
 * gateway that Prism validates.
 *
 * Bounded: it runs on this checkout's built dist/ (the test suite's global setup builds it)
 * rather than a second fresh clone; the fresh clone's part, that `npm ci` links `npx mcpforge`
 * before any build, is `bin-link.process.test.ts`. Long-running (an install and a project's
 * tests, several gateway starts): minutes on a busy machine.
 */
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const PETSTORE = join(
  dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json')),
  '3.0/json/petstore.json',
);
const scratch = mkdtempSync(join(tmpdir(), 'mcpforge-newcomer-'));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; its exit code (-1 when it was killed or timed out) and output. */
function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeout: number },
): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(command, args, { ...options, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

/** A reader's terminal: none of npm's or vitest's variables, no colour. */
function terminal(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(npm_|VITEST)/i.test(name) && name !== 'NODE_OPTIONS' && name !== 'FORCE_COLOR',
    ),
  );
  return { ...env, NO_COLOR: '1', DATABASE_URL: '', ...extra };
}

/** `npx mcpforge ...args` from the checkout's root, to its end. */
function mcpforge(args: string[], extra: Record<string, string> = {}) {
  return run('npx', ['mcpforge', ...args], { cwd: REPO, env: terminal(extra), timeout: 300_000 });
}

/** `npx mcpforge ...args` that serves: resolves with its first stdout line (its --json line). */
async function serving(
  args: string[],
  extra: Record<string, string> = {},
): Promise<{ child: ChildProcess; line: Record<string, unknown> }> {
  const child = spawn('npx', ['mcpforge', ...args], {
    cwd: REPO,
    env: terminal(extra),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const first = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`mcpforge ${args.join(' ')} exited ${code}: ${stderr}`)));
  });
  return { child, line: JSON.parse(await first) as Record<string, unknown> };
}

/** Stops a serving npx and the mcpforge under it (its process group), and waits for it. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  process.kill(-(child.pid as number), 'SIGTERM');
  await exited;
}

async function startPrism(): Promise<string> {
  const port = await freePort();
  const child = spawn(
    join(REPO, 'node_modules/.bin/prism'),
    ['mock', PETSTORE, '-h', '127.0.0.1', '-p', String(port)],
    {
      stdio: 'ignore',
    },
  );
  children.push(child);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return `http://127.0.0.1:${port}`;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('prism did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const ok = (ran: Ran) =>
  expect(
    ran,
    `exit ${ran.code}\nstdout: ${ran.stdout.slice(-2000)}\nstderr: ${ran.stderr.slice(-2000)}`,
  ).toMatchObject({ code: 0 });

describe('the newcomer path, through npx mcpforge', { timeout: 1_200_000 }, () => {
  it('new, install, build and test the project; check it', async () => {
    const project = join(scratch, 'x');
    ok(await mcpforge(['new', project]));
    ok(
      await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: project,
        env: terminal(),
        timeout: 600_000,
      }),
    );
    const tested = await run('npm', ['test'], { cwd: project, env: terminal(), timeout: 600_000 });
    ok(tested);
    expect(tested.stdout).toMatch(/Test Files\s+\d+ passed/);
    const checked = await mcpforge(
      [
        'check',
        '--',
        'node',
        join(project, 'dist/main.js'),
        '--config',
        join(project, 'config/example.json'),
      ],
      {
        TEMPLATE_SALUTATION: 'Hello',
      },
    );
    ok(checked);
  });

  it('check finds no error in any demo agent', async () => {
    const { child, line } = await serving(['gateway', 'demo', '--json', '--listen', '127.0.0.1:0']);
    try {
      const agents = line['agents'] as Record<string, { mcpUrl: string; mcpKey: string }>;
      expect(Object.keys(agents).length).toBeGreaterThanOrEqual(3);
      for (const [agent, { mcpUrl, mcpKey }] of Object.entries(agents)) {
        const checked = await mcpforge([
          'check',
          '--url',
          mcpUrl,
          '--header',
          `Authorization: Bearer ${mcpKey}`,
          '--json',
        ]);
        const report = JSON.parse(checked.stdout) as { counts: { error: number } };
        expect(report.counts.error, `${agent}: ${checked.stdout}`).toBe(0);
        expect(checked.code).toBe(0);
      }
    } finally {
      await stop(child);
    }
  });

  it('import the petstore pointed at Prism, allow its host, publish, make an agent and a key; one call through the gateway passes Prism', async () => {
    const prism = await startPrism();
    const dataDir = join(scratch, 'gateway-data');
    // The petstore as published: its absolute `servers` (petstore.swagger.io) are overridden by
    // --base-url, so the whole document is pointed at the mock.
    const document = PETSTORE;

    // The import writes to the database before the gateway serves it (a served PGlite directory is locked).
    const imported = await mcpforge([
      'gateway',
      'import',
      'openapi',
      document,
      '--workspace',
      'pets',
      '--base-url',
      prism,
      '--secret-prefix',
      'petstore',
      '--data-dir',
      dataDir,
      '--json',
    ]);
    ok(imported);
    const report = JSON.parse(imported.stdout) as {
      counts: { created: number };
      secrets: Array<{ variable: string }>;
    };
    expect(report.counts.created).toBeGreaterThan(10);
    // Prism checks that the security the document asks for is sent: any value will do.
    const secrets = Object.fromEntries(report.secrets.map((secret) => [secret.variable, 'special-key']));
    const { child, line } = await serving(
      ['gateway', 'serve', '--data-dir', dataDir, '--listen', '127.0.0.1:0', '--json'],
      secrets,
    );
    try {
      const admin = {
        MCPFORGE_ADMIN_KEY: line['adminKey'] as string,
        MCPFORGE_GATEWAY_URL: line['url'] as string,
      };
      ok(
        await mcpforge(
          ['gateway', 'hosts', 'add', new URL(prism).host, '--workspace', 'pets', '--allow-loopback'],
          admin,
        ),
      );
      ok(await mcpforge(['gateway', 'operations', 'publish', '--all', '--workspace', 'pets'], admin));
      ok(await mcpforge(['gateway', 'agents', 'create', 'store', '--workspace', 'pets', '--all'], admin));
      ok(await mcpforge(['gateway', 'agents', 'publish', 'store', '--workspace', 'pets'], admin));
      const key = await mcpforge(
        [
          'gateway',
          'keys',
          'create',
          '--type',
          'mcp_client',
          '--workspace',
          'pets',
          '--agent',
          'store',
          '--json',
        ],
        admin,
      );
      ok(key);
      const value = (JSON.parse(key.stdout) as { value?: string; key?: { value?: string } }).value ?? '';
      expect(value).toMatch(/^mcpf_mcp_/);

      const client = new Client({ name: 'newcomer', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(`${line['url']}/mcp/v1/pets/store`), {
        requestInit: { headers: { authorization: `Bearer ${value}` } },
      });
      await client.connect(transport);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toContain('getPetById');
        const result = await client.callTool({ name: 'getPetById', arguments: { petId: 7 } });
        // Prism answered from the document: a request it found invalid would be a 4xx tool error.
        expect(result.isError, JSON.stringify(result)).not.toBe(true);
        expect(result.structuredContent).toMatchObject({
          name: expect.any(String),
          photoUrls: expect.any(Array),
        });
      } finally {
        await client.close();
      }
    } finally {
      await stop(child);
    }
  });
});
