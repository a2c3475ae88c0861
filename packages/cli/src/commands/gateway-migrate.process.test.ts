import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS } from '@mcpforge/gateway';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
/** The workspace's hooks that run TypeScript sources in a child (root `test-support/`). */
const REGISTER = fileURLToPath(new URL('../../../../test-support/ts-hooks/register.mjs', import.meta.url));

// A real node process that transpiles the sources and starts PGlite: slow on a busy machine.
describe('gateway migrate in a real process', { timeout: 120_000 }, () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcpforge-migrate-process-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('applies every migration: one progress line each on stderr, the JSON result on stdout, exit 0', async () => {
    const child = spawn(
      process.execPath,
      ['--import', REGISTER, MAIN, 'gateway', 'migrate', '--data-dir', join(dir, 'data'), '--json'],
      { env: { ...process.env, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    const ids = MIGRATIONS.map((migration) => migration.id);
    expect(JSON.parse(stdout)).toMatchObject({ database: 'pglite', applied: ids, current: ids.at(-1) });
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(ids.length);
    for (const [index, line] of lines.entries()) {
      expect(line).toMatch(new RegExp(`^migration ${ids[index]} applied \\(\\d+ ms\\)$`));
    }
  });
});
