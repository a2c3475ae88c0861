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

/** Modules `file` loads at run time: its imports and re-exports, without `import type` / `export type`. */
function valueImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from '([^']+)'/gms)]
    .filter((match) => match[1] === undefined)
    .map((match) => match[2] ?? '');
}

/** The files of this package the root entry loads at run time, each with the file that first loads it. */
function loadedByRoot(): Map<string, string | undefined> {
  const loaded = new Map<string, string | undefined>([['index.ts', undefined]]);
  const pending = ['index.ts'];
  for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
    for (const specifier of valueImportsOf(join(sourceRoot, file))) {
      if (!specifier.startsWith('.')) continue;
      const target = relative(sourceRoot, join(sourceRoot, dirname(file), specifier.replace(/\.js$/, '.ts')));
      if (!loaded.has(target)) {
        loaded.set(target, file);
        pending.push(target);
      }
    }
  }
  return loaded;
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
      // The harness: src/test-support/ and a module's own test-support/ folder.
      if (/(^|\/)test-support\//.test(where)) continue;
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

  it('the root entry re-exports types with `export type`, so a module only types come from is not loaded', () => {
    const index = readFileSync(join(sourceRoot, 'index.ts'), 'utf8');
    expect(index.match(/export \{[^}]*\btype /g) ?? []).toEqual([]);
  });

  it('undici is loaded by the root entry only through the executor: createExecutor, and the listener that creates one', () => {
    const loaded = loadedByRoot();
    const undiciHomes = [...loaded.keys()].filter((file) =>
      valueImportsOf(join(sourceRoot, file)).includes('undici'),
    );
    // The executor's own modules, and nothing else.
    expect(undiciHomes.every((file) => file.startsWith('execute/'))).toBe(true);
    expect(undiciHomes.length).toBeGreaterThan(0);
    // Who loads the executor: the root's re-export of createExecutor and http/gateway.ts, which
    // creates one in createGateway. Loading it there lazily would keep undici out of a process
    // that only uses the store or the catalog; this list says where that change would go.
    const loadsExecutor = [...loaded.keys()].filter((file) =>
      valueImportsOf(join(sourceRoot, file)).some((specifier) => /(^|\/)executor\.js$/.test(specifier)),
    );
    expect(loadsExecutor.sort()).toEqual(['execute/index.ts', 'http/gateway.ts']);
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
    // A child process opening PGlite: slow on a loaded machine.
  }, 60_000);
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
