// Module hooks that let a test's child `node` process run the workspace's TypeScript source as it
// is now (no build, no stale dist). Shared by every package's tests; never shipped.
// - Workspace packages (`@mcpforge/wire`, `@mcpforge/server`, ...) resolve through their `mcpforge-source`
//   export condition, i.e. to `src/*.ts`.
// - A relative `.js` import that does not exist falls back to its `.ts` file.
// - `.ts` files are transpiled (types erased) with the TypeScript compiler.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE_CONDITION = 'mcpforge-source';

export async function resolve(specifier, context, nextResolve) {
  const conditions = context.conditions.includes(SOURCE_CONDITION)
    ? context.conditions
    : [...context.conditions, SOURCE_CONDITION];
  const withSource = { ...context, conditions };
  try {
    return await nextResolve(specifier, withSource);
  } catch (error) {
    const relative = specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('file:');
    if (relative && specifier.endsWith('.js')) return nextResolve(`${specifier.slice(0, -3)}.ts`, withSource);
    throw error;
  }
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  const fileName = fileURLToPath(url);
  const source = await readFile(fileName, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
    },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}
