import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inspectorCommand } from '../demo/try-lines.js';
import { fakeIo } from '../test-support/fake-io.js';
import { type DemoResult, render, run } from './gateway-demo.js';

/**
 * The MCP Inspector CLI (tools/node22, on the Node 22 it needs) lists and calls the demo's tool
 * through the gateway, with the agent's key; and the Inspector line the demo prints runs as
 * printed.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const run$ = promisify(execFile);

// What the bundled rates service answers for base=USD&symbols=EUR (its fixed table).
const USD_EUR = { amount: 1, base: 'USD', date: '2026-12-01', rates: { EUR: 0.91996 } };

describe('the demo gateway with the MCP Inspector CLI', { timeout: 90_000 }, () => {
  const { node: node22, inspector } = inject('node22Tools');
  const scratch = mkdtempSync(join(tmpdir(), 'gateway-inspector-'));
  // Keep the Inspector's catalog out of the real home directory; no npm_* of the test run.
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|VITEST)/i.test(name) && name !== 'NODE_OPTIONS'),
  );
  Object.assign(env, { HOME: scratch, MCP_CATALOG_PATH: join(scratch, 'mcp.json') });
  const io = fakeIo();
  let demo: DemoResult;
  let stopped: Promise<void> | undefined;
  let mcpUrl: string;
  let mcpKey: string;

  beforeAll(async () => {
    const started = await run(['--listen', '127.0.0.1:0'], io);
    demo = started.result;
    stopped = started.stopped;
    ({ mcpUrl, mcpKey } = demo.agents['currency-rates']!);
  }, 90_000);
  afterAll(async () => {
    io.controller.abort();
    await stopped;
    rmSync(scratch, { recursive: true, force: true });
  });

  async function inspect(...args: string[]): Promise<unknown> {
    const { stdout } = await run$(
      node22,
      [
        inspector,
        '--cli',
        mcpUrl,
        '--transport',
        'http',
        '--header',
        `Authorization: Bearer ${mcpKey}`,
        ...args,
      ],
      { timeout: 30_000, env },
    );
    return JSON.parse(stdout);
  }

  it('lists the tools (--method tools/list)', async () => {
    const listed = (await inspect('--method', 'tools/list')) as { tools: Array<{ name: string }> };
    expect(listed.tools.map((tool) => tool.name)).toEqual(['frankfurter_latest_rate']);
  });

  it('calls frankfurter_latest_rate with base=USD quote=EUR and gets the upstream answer', async () => {
    const called = (await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'frankfurter_latest_rate',
      '--tool-arg',
      'base=USD',
      '--tool-arg',
      'quote=EUR',
    )) as { isError?: boolean; structuredContent: unknown; content: Array<{ text: string }> };
    expect(called.isError).not.toBe(true);
    expect(called.structuredContent).toEqual(USD_EUR);
    expect(JSON.parse(called.content[0]!.text)).toEqual(USD_EUR);
  });

  it('a wrong key is refused: the Inspector exits non-zero', async () => {
    const refused = await run$(
      node22,
      [inspector, '--cli', mcpUrl, '--transport', 'http', '--header', 'Authorization: Bearer mcpf_mcp_nope'],
      { timeout: 30_000, env },
    ).catch((error: { code?: number }) => error);
    expect((refused as { code?: number }).code).not.toBe(0);
  });

  it.each([
    ['the repository root', ROOT],
    ['another folder', scratch],
  ])('the Inspector line the demo prints runs as printed from %s', async (_where, cwd) => {
    const line =
      cwd === ROOT
        ? render(demo)
            .split('\n')
            .find((text) => text.includes('inspector'))
        : inspectorCommand(mcpUrl, mcpKey, cwd);
    expect(line).toBeDefined();
    if (cwd === ROOT) expect(line).toMatch(/^npm run inspector -- --cli '/);
    else expect(line).toMatch(/^npm --prefix '[^']+' run inspector -- --cli '/);
    const { stdout } = await run$('bash', ['-c', `set -euo pipefail\n${line}`], {
      cwd,
      env,
      timeout: 60_000,
    });
    // npm prints its script banner first; then the Inspector's JSON.
    expect(stdout).toContain('"name": "frankfurter_latest_rate"');
  });
});
