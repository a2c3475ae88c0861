import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ran, runToEnd } from '../test-support/child-process.js';

/** The built bin: the test run's global setup builds it (`npx tsc -b packages/cli/tsconfig.build.json` by hand). */
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const EXAMPLES = fileURLToPath(new URL('../../../../node_modules/@readme/oas-examples/', import.meta.url));

function mcpforge(args: string[]): Promise<Ran> {
  return runToEnd([MAIN, ...args], { env: { DATABASE_URL: '' } });
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'mcpforge-import-process-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

// Real processes opening PGlite: slow on a busy machine.
describe('mcpforge gateway import openapi, in a real process', { timeout: 180_000 }, () => {
  it('imports the Swagger 2.0 petstore (YAML) into a PGlite data dir; a re-import reports it unchanged', async () => {
    const dataDir = join(folder, 'data');
    const document = join(EXAMPLES, '2.0', 'yaml', 'petstore.yaml');
    const base = ['gateway', 'import', 'openapi', document, '--workspace', 'petstore', '--data-dir', dataDir];
    const first = await mcpforge([...base, '--json']);
    expect(first).toMatchObject({ code: 0 });
    const report = JSON.parse(first.stdout);
    expect(report).toMatchObject({
      database: 'pglite',
      workspace: 'petstore',
      document: { specification: 'swagger-2.0' },
      published: false,
    });
    expect(report.counts.created).toBeGreaterThan(0);
    expect(first.stderr).toContain('reading and validating the document');

    const again = await mcpforge(base);
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toContain(`0 created, 0 updated, ${report.counts.created} unchanged`);
    expect(again.stdout).toMatch(/Catalog \(the imported operations\): \d+ tools/);
  });

  it('a refused document exits 1 with the import code in --json', async () => {
    const refused = await mcpforge([
      'gateway',
      'import',
      'openapi',
      'https://petstore.example.com/openapi.json',
      '--workspace',
      'w',
      '--data-dir',
      join(folder, 'refused'),
      '--json',
    ]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({
      error: { code: 'import_failed', message: expect.stringContaining('--allow-remote') },
    });
  });
});
