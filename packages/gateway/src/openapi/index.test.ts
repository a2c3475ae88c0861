import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceRoot = fileURLToPath(new URL('..', import.meta.url));

/** Every specifier the files reachable from `entry` import at run time (type-only imports left out). */
function reachedSpecifiers(entry: string): Map<string, string> {
  const reached = new Map<string, string>();
  const seen = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(join(sourceRoot, file), 'utf8');
    for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from '([^']+)'/gms)) {
      const specifier = match[2] ?? '';
      if (match[1] !== undefined) continue;
      if (!specifier.startsWith('.')) {
        if (!reached.has(specifier)) reached.set(specifier, file);
        continue;
      }
      pending.push(relative(sourceRoot, join(sourceRoot, dirname(file), specifier.replace(/\.js$/, '.ts'))));
    }
  }
  return reached;
}

describe('the openapi subpath', () => {
  it('the root entry loads neither the OpenAPI parser nor the YAML parser', () => {
    const reached = reachedSpecifiers('index.ts');
    expect([...reached.keys()].filter((s) => /openapi-parser|^yaml$/.test(s))).toEqual([]);
  });

  it('the subpath does, and names the import functions', async () => {
    expect([...reachedSpecifiers('openapi/index.ts').keys()]).toEqual(
      expect.arrayContaining(['@readme/openapi-parser', 'yaml']),
    );
    const subpath = await import('@mcpforge/gateway/openapi');
    for (const name of [
      'loadOpenApiDocument',
      'convertDocument',
      'applyImportPlan',
      'importOpenApi',
    ] as const) {
      expect({ name, type: typeof subpath[name] }).toEqual({ name, type: 'function' });
    }
  });
});
