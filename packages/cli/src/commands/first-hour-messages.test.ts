import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@mcpforge/gateway';
import { afterAll, describe, expect, it } from 'vitest';
import { adminApiUrl } from '../admin/admin-client.js';
import { CliError } from '../cli/cli-error.js';
import { parseFlags } from '../cli/flags.js';
import { postgresFailure } from '../serve/database-failure.js';
import { everyInterfaceWarning } from '../serve/start.js';
import { fakeIo } from '../test-support/fake-io.js';
import { run as importOpenApi } from './gateway-import-openapi.js';

/**
 * Issue 22, point 6: messages of the first hour that misled, each now naming the fix. (The
 * `check --url` case is in check.test.ts, the catalog_revision one in the gateway's
 * call-tool.test.ts, the allow-list refusal in openapi/apply/apply-plan.test.ts.)
 */
const scratch = mkdtempSync(join(tmpdir(), 'mcpforge-messages-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function refusal(run: () => unknown): CliError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    return error as CliError;
  }
  throw new Error('not refused');
}

/** A PostgreSQL open that fails, as the CLI opens one. */
async function openFailure(databaseUrl: string): Promise<unknown> {
  return openDatabase({ databaseUrl }).then(
    async (db) => {
      await db.close();
      return new Error('it opened');
    },
    (error: unknown) => error,
  );
}

describe('messages that name the fix', () => {
  it('--admin-key points at MCPFORGE_ADMIN_KEY and --admin-key-file', () => {
    const error = refusal(() =>
      parseFlags(
        ['--admin-key', 'x'],
        [{ name: 'admin-key-file', value: 'FILE', description: '' }],
        'mcpforge gateway keys list',
      ),
    );
    expect(error.code).toBe('unknown_flag');
    expect(error.message).toContain('set MCPFORGE_ADMIN_KEY, or pass --admin-key-file FILE');
  });

  it("--url given an agent's MCP URL says to give the gateway's URL", () => {
    const error = refusal(() => adminApiUrl('http://127.0.0.1:8080/mcp/v1/default/office'));
    expect(error.message).toContain(
      "--url takes the gateway's URL, not an agent's MCP URL: give http://127.0.0.1:8080",
    );
    expect(adminApiUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/mcp/admin/v1');
  });

  it('a PostgreSQL without the named database names createdb', async () => {
    const url = 'postgres://postgres@127.0.0.1:5432/mcpforge_no_such_database_22';
    const said = postgresFailure(await openFailure(url), url);
    expect(said).toBe(
      `PostgreSQL at 127.0.0.1:5432 has no database "mcpforge_no_such_database_22": create it with 'createdb -h 127.0.0.1 -p 5432 -U postgres mcpforge_no_such_database_22' (the gateway makes its tables itself), or name one that exists in --database-url / DATABASE_URL`,
    );
  });

  it('PostgreSQL not answering says to start it, not a raw ECONNREFUSED', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const said = postgresFailure(await openFailure(url), url);
    expect(said).toContain(
      `cannot reach PostgreSQL (nothing answers at 127.0.0.1:${port}, ECONNREFUSED): start PostgreSQL`,
    );
  });

  it('a plain-text file given to the import is "not an OpenAPI document", not "not a valid JSON Schema"', async () => {
    const file = join(scratch, 'notes.txt');
    writeFileSync(file, 'these are my notes\nabout the API\n');
    const error = await importOpenApi(
      ['gateway', 'import', 'openapi', file, '--workspace', 'w', '--data-dir', join(scratch, 'data')].slice(
        3,
      ),
      fakeIo({}),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect((error as Error).message).toContain('not an OpenAPI document: it reads as a string');
    expect((error as Error).message).not.toContain('JSON Schema');
  }, 60_000);

  it('--listen 0.0.0.0 warns that the admin API answers every interface', () => {
    expect(everyInterfaceWarning({ host: '0.0.0.0', port: 8080 })).toContain(
      'warning: listening on every interface (0.0.0.0): the admin API and the MCP endpoints answer anyone who can reach this machine',
    );
    expect(everyInterfaceWarning({ host: '127.0.0.1', port: 8080 })).toBeUndefined();
  });
});
