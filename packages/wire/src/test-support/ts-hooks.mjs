// Module hooks that let a test child process run this package's TypeScript source as it is now
// (no build, no stale dist): `@forge/wire` resolves through the `source` export condition, a `.js`
// import falls back to its `.ts` file, and `.ts` files are transpiled with TypeScript.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const packageEntry = new URL('../index.ts', import.meta.url).href;
const wsEntry = new URL('../ws/index.ts', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === '@forge/wire') return { url: packageEntry, shortCircuit: true };
  if (specifier === '@forge/wire/ws') return { url: wsEntry, shortCircuit: true };
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (specifier.startsWith('.') && specifier.endsWith('.js')) {
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
    throw error;
  }
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  const source = await readFile(fileURLToPath(url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName: fileURLToPath(url),
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: false },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}
