import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@mcpforge/gateway';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MAIN, REGISTER } from '../test-support/child-process.js';

/**
 * Issue 22, point 4: one Ctrl-C during `gateway import openapi --publish` stops it promptly and
 * the import is rolled back whole (it ran on and committed everything before), in a real process
 * of the bin on its sources, on a document large enough to be mid-import when the signal comes.
 */
const scratch = mkdtempSync(join(tmpdir(), 'mcpforge-import-interrupt-'));
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** An OpenAPI document of `count` GET operations on one host. */
function largeDocument(count: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    paths[`/things${i}/{id}`] = {
      get: {
        operationId: `getThing${i}`,
        summary: `Reads one thing of kind ${i} by its id.`,
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer' }, description: 'The id.' },
        ],
        responses: {
          '200': {
            description: 'The thing.',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
    };
  }
  const file = join(scratch, 'things.json');
  writeFileSync(
    file,
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Things', version: '1' },
      servers: [{ url: 'https://things.example.com' }],
      paths,
    }),
  );
  return file;
}

describe('gateway import openapi and Ctrl-C, in a real process', { timeout: 300_000 }, () => {
  it('one SIGINT while it imports: it stops, says the import was rolled back whole, and nothing of it is in the database', async () => {
    const document = largeDocument(3000);
    const dataDir = join(scratch, 'data');
    const child = spawn(
      process.execPath,
      [
        '--import',
        REGISTER,
        MAIN,
        'gateway',
        'import',
        'openapi',
        document,
        '--workspace',
        'things',
        '--publish',
        '--allow-host',
        '--data-dir',
        dataDir,
      ],
      { env: { ...process.env, DATABASE_URL: '', NO_COLOR: '1' }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    children.push(child);
    let stderr = '';
    const importing = new Promise<void>((resolve) => {
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        if (stderr.includes('importing operations')) resolve();
      });
    });
    const exited = once(child, 'exit');
    await Promise.race([importing, exited]);
    expect(stderr, 'the import never reached its operations').toContain('importing operations');
    const sent = Date.now();
    child.kill('SIGINT');
    const [code] = await exited;
    expect(code).toBe(1);
    expect(stderr).toContain(
      'stopped before the import committed: it was rolled back whole, nothing of it was written',
    );
    expect(stderr).not.toContain('Imported Things');
    // Promptly: within the import's own pace, not after the remaining thousands of operations.
    expect(Date.now() - sent).toBeLessThan(60_000);
    const db = await openDatabase({ dataDir });
    try {
      const { rows } = await db.query('SELECT 1 FROM workspaces WHERE slug = $1', ['things']);
      expect(rows).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
