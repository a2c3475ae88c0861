import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE_DIR = dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:import|export)\s+(?:type\s+)?[^'";]*?from\s+'(\.[^']+)'/g;

/** Every non-test module of this package and the modules it imports, type-only imports included. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = readdirSync(SOURCE_DIR, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  for (const file of files) {
    const text = readFileSync(join(SOURCE_DIR, file), 'utf8');
    const imports = [...text.matchAll(IMPORT)].map((match) =>
      normalize(join(dirname(file), (match[1] as string).replace(/\.js$/, '.ts'))),
    );
    graph.set(normalize(file), imports);
  }
  return graph;
}

/** One import cycle as a path `a → b → … → a`, if there is any. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string): string[] | undefined => {
    if (onPath.has(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file) || !graph.has(file)) return undefined;
    path.push(file);
    onPath.add(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle !== undefined) return cycle;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return undefined;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}

describe('module structure of @mcpforge/server', () => {
  it('has no import cycle, not even a type-only one (shared types live in their own module)', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(50);
    expect(findCycle(graph)?.join(' → ')).toBeUndefined();
  });

  it('names every export of its entry points (no `export *`), so API changes show in the diff', () => {
    const entryPoints = ['index.ts', 'http/index.ts', 'testing/index.ts', 'tasks/index.ts'];
    for (const entry of entryPoints) {
      const text = readFileSync(join(SOURCE_DIR, entry), 'utf8');
      expect([entry, /export \* from|export type \* from/.test(text)]).toEqual([entry, false]);
    }
  });
});
