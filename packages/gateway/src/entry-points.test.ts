import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './store/migrations/index.js';

const sourceRoot = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1] ?? '');
}

/** Which files may import each driver: the adapters, and the test harness that builds on them. */
const DRIVER_HOMES: Record<string, RegExp> = {
  pg: /^(store\/pg-(database|listener)\.ts|test-support\/.*)$/,
  '@electric-sql/pglite': /^(store\/pglite-database\.ts|test-support\/.*)$/,
};

describe('entry points', () => {
  it('only the adapters import the database drivers', () => {
    for (const file of sourceFiles(sourceRoot)) {
      const where = relative(sourceRoot, file);
      for (const specifier of importsOf(file)) {
        const home = DRIVER_HOMES[specifier];
        if (home !== undefined)
          expect({ where, specifier }).toEqual({ where: expect.stringMatching(home), specifier });
      }
    }
  });

  it('no module outside the harness imports test-support', () => {
    for (const file of sourceFiles(sourceRoot)) {
      const where = relative(sourceRoot, file);
      if (where.startsWith('test-support/')) continue;
      expect(importsOf(file).filter((s) => s.includes('test-support'))).toEqual([]);
    }
  });

  it('the root entry reaches neither driver through static imports (openDatabase loads one lazily)', () => {
    const reached = new Set<string>();
    const pending = [join(sourceRoot, 'index.ts')];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (reached.has(file)) continue;
      reached.add(file);
      for (const specifier of importsOf(file)) {
        expect({ from: relative(sourceRoot, file), specifier }).not.toEqual(
          expect.objectContaining({ specifier: expect.stringMatching(/^(pg|@electric-sql\/pglite)$/) }),
        );
        if (specifier.startsWith('.')) pending.push(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
      }
    }
    expect(reached.size).toBeGreaterThan(1);
  });

  it('the built package ships its migrations: dist/ opens and migrates a database on its own', () => {
    // dist/ is built by the test run's global setup (tsc -b), as a user's install would have it.
    const script = `
      const { openDatabase } = await import(${JSON.stringify(join(sourceRoot, '..', 'dist', 'index.js'))});
      const lines = [];
      const db = await openDatabase({ onMigration: (e) => lines.push(e.type + ' ' + e.id) });
      await db.close();
      console.log(JSON.stringify(lines));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual(MIGRATIONS.flatMap((m) => [`start ${m.id}`, `done ${m.id}`]));
  });
});

describe('the gateway front door', () => {
  it('names the listener, the MCP endpoint and history', async () => {
    const root = await import('./index.js');
    for (const name of [
      'createGateway',
      'startGateway',
      'resolveGatewayOptions',
      'createMcpHandler',
      'AgentDirectory',
      'HistoryWriter',
      'listInvocations',
      'firstCallEvidence',
    ] as const) {
      expect({ name, type: typeof root[name] }).toEqual({ name, type: 'function' });
    }
  });

  it('only the MCP endpoint and the listener import the toolkit HTTP handler', () => {
    for (const file of sourceFiles(sourceRoot)) {
      const where = relative(sourceRoot, file);
      if (importsOf(file).includes('@mcpforge/server/http'))
        expect(where).toMatch(/^(mcp|http|admin|test-support)\//);
    }
  });
});
