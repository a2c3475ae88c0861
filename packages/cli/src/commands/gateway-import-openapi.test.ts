import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listOperations, openDatabase } from '@mcpforge/gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError } from '../cli/cli-error.js';
import { fakeIo } from '../test-support/fake-io.js';
import { render, run } from './gateway-import-openapi.js';

const EXAMPLES = fileURLToPath(new URL('../../../../node_modules/@readme/oas-examples/', import.meta.url));
const PETSTORE = join(EXAMPLES, '3.0', 'json', 'petstore.json');

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'mcpforge-import-cli-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function refusal(args: string[]): Promise<CliError> {
  const error = await run(args, fakeIo()).catch((caught: unknown) => caught);
  if (!(error instanceof CliError)) throw new Error(`expected a CliError, got ${String(error)}`);
  return error;
}

describe('gateway import openapi: the command line', () => {
  it.each([
    [[], 'missing_argument', /<file\|url>/],
    [[PETSTORE], 'missing_argument', /--workspace/],
    [[PETSTORE, '--workspace', 'w', '--approval', 'some'], 'invalid_value', /none, unsafe, all/],
    [[PETSTORE, '--workspace', 'w', '--max-size', '1.5'], 'invalid_value', /--max-size/],
    [[PETSTORE, '--workspace', 'w', '--base-url', 'ftp://x'], 'invalid_value', /--base-url/],
    [[PETSTORE, 'other.json', '--workspace', 'w'], 'unexpected_argument', /./],
    [
      [PETSTORE, '--workspace', 'w', '--database-url', 'pg://x', '--data-dir', 'd'],
      'conflicting_flags',
      /exclude/,
    ],
  ])('%j is refused with %s', async (args, code, message) => {
    const error = await refusal(args as string[]);
    expect({ code: error.code, message: error.message }).toEqual({
      code,
      message: expect.stringMatching(message),
    });
  });
});

describe('gateway import openapi: into PGlite', () => {
  it('imports the petstore as drafts, then a re-import changes nothing', async () => {
    const dataDir = join(folder, 'data');
    const io = fakeIo();
    const { result } = await run([PETSTORE, '--workspace', 'petstore', '--data-dir', dataDir], io);
    expect(result).toMatchObject({
      database: 'pglite',
      dataDir,
      workspace: 'petstore',
      workspaceCreated: true,
      published: false,
      document: { specification: 'openapi-3.0' },
    });
    expect(result.counts.created).toBeGreaterThan(5);
    expect(result.counts.created + result.counts.skipped).toBe(
      result.operations.length + result.skipped.length,
    );
    expect(io.lines).toEqual(
      expect.arrayContaining(['reading and validating the document', 'converting operations']),
    );
    expect(io.lines.at(-1)).toMatch(/^importing operations: \d+\/\d+ \(100%\)$/);
    const text = render(result);
    expect(text).toContain(`${result.counts.created} created, 0 updated, 0 unchanged`);
    expect(text).toMatch(/Catalog \(the imported operations\): \d+ tools, \d+ bytes, ~\d+ tokens/);

    const many = { ...result, operations: Array.from({ length: 45 }, () => result.operations[0]!) };
    expect(render(many)).toContain('… and 5 more (--json lists every one)');

    const again = await run([PETSTORE, '--workspace', 'petstore', '--data-dir', dataDir, '--json'], fakeIo());
    expect(again.result.counts).toMatchObject({ created: 0, updated: 0, unchanged: result.counts.created });
    const db = await openDatabase({ dataDir });
    try {
      expect(await listOperations(db, 'petstore')).toHaveLength(result.counts.created);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('says what failed in the document with the import code', async () => {
    const dataDir = join(folder, 'refused');
    const prefixed = await run(
      [PETSTORE, '--workspace', 'prefixed', '--data-dir', dataDir, '--secret-prefix', 'pets'],
      fakeIo(),
    );
    expect(prefixed.result.secrets.map((secret) => secret.variable)).toContain(
      'MCPFORGE_SECRET_PETS_API_KEY',
    );
    const tooLarge = await refusal([
      PETSTORE,
      '--workspace',
      'w',
      '--data-dir',
      dataDir,
      '--max-size',
      '100',
    ]);
    expect(tooLarge).toMatchObject({ code: 'import_failed', details: { reason: 'spec_too_large' } });
    const remote = await refusal([
      'https://petstore.example.com/openapi.json',
      '--workspace',
      'w',
      '--data-dir',
      dataDir,
    ]);
    expect(remote).toMatchObject({ code: 'import_failed', details: { reason: 'remote_ref_refused' } });
    expect(remote.message).toContain('--allow-remote');
  }, 120_000);
});
