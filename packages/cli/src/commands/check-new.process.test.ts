import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIN, type Ran, REGISTER, runToEnd } from '../test-support/child-process.js';

/** `mcpforge check` and `mcpforge new` as a person runs them: exit codes, stdout and stderr. */
const BROKEN = fileURLToPath(new URL('../check/test-fixtures/broken-server.mjs', import.meta.url));
const HELLO = fileURLToPath(new URL('../../../../examples/hello-tool/dist/main.js', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'mcpforge-check-new-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function mcpforge(args: string[]): Promise<Ran> {
  return runToEnd(['--import', REGISTER, MAIN, ...args], { timeoutMs: 60_000 });
}

describe('mcpforge check (process)', () => {
  it('exits 1 on the broken server and prints each problem with its fix', async () => {
    const ran = await mcpforge(['check', process.execPath, BROKEN]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/\[probe_handler_ran\]/);
    expect(ran.stdout).toMatch(/fix: /);
  }, 60_000);

  it('--json prints the report as one JSON line; a clean server exits 0', async () => {
    const ran = await mcpforge(['check', '--json', '--', process.execPath, HELLO]);
    expect(ran.code).toBe(0);
    const report = JSON.parse(ran.stdout);
    expect(report.counts.error).toBe(0);
    expect(report.eras.modern).toEqual(['2026-07-28']);
  }, 60_000);

  it('a wrong command line exits 2 with the fix on stderr', async () => {
    const ran = await mcpforge(['check']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/mcpforge check -- node server\.js/);
  }, 30_000);
});

describe('mcpforge new (process)', () => {
  it('makes a project and says the next steps; refuses a non-empty folder with exit 2', async () => {
    const made = await mcpforge(['new', join(scratch, 'fresh')]);
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/npm install/);
    const busy = join(scratch, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'keep.txt'), 'mine');
    const refused = await mcpforge(['new', busy]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/is not empty/);
  }, 60_000);
});
