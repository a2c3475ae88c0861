import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE_DIR = dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:import|export)\s+(?:type\s+)?[^'";]*?from\s+'([^']+)'/g;

function sourceFiles(): string[] {
  return readdirSync(SOURCE_DIR, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-support'),
  );
}

/** Every non-test module and the relative modules it imports, type-only imports included. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    const specifiers = [...readFileSync(join(SOURCE_DIR, file), 'utf8').matchAll(IMPORT)].map(
      (m) => m[1] as string,
    );
    graph.set(
      normalize(file),
      specifiers
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => normalize(join(dirname(file), specifier.replace(/\.js$/, '.ts')))),
    );
  }
  return graph;
}

function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    const at = path.indexOf(file);
    if (at !== -1) return [...path.slice(at), file];
    if (done.has(file) || !graph.has(file)) return undefined;
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle !== undefined) return cycle;
    }
    path.pop();
    done.add(file);
    return undefined;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}

describe('module structure of @mcpforge/mcpl', () => {
  it('has no import cycle, not even a type-only one', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(20);
    expect(findCycle(graph)?.join(' → ')).toBeUndefined();
  });

  it('imports only node: built-ins, @mcpforge/wire and @mcpforge/server besides itself', () => {
    for (const file of sourceFiles()) {
      const specifiers = [...readFileSync(join(SOURCE_DIR, file), 'utf8').matchAll(IMPORT)].map(
        (m) => m[1] as string,
      );
      const foreign = specifiers.filter(
        (specifier) => !/^(?:\.|node:|@mcpforge\/(?:wire|server)(?:\/|$))/.test(specifier),
      );
      expect({ file, foreign }).toEqual({ file, foreign: [] });
    }
  });

  it('names every export of its entry points (no `export *`), so API changes show in the diff', () => {
    const manifest = JSON.parse(readFileSync(join(SOURCE_DIR, '..', 'package.json'), 'utf8')) as {
      exports: Record<string, { 'mcpforge-source': string }>;
      dependencies: Record<string, string>;
    };
    for (const entry of Object.values(manifest.exports)) {
      const text = readFileSync(join(SOURCE_DIR, '..', entry['mcpforge-source']), 'utf8');
      expect([entry, /export \* from|export type \* from/.test(text)]).toEqual([entry, false]);
    }
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['@mcpforge/server', '@mcpforge/wire']);
  });
});
