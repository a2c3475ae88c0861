/**
 * The server `openapi-mcp-generator` makes from the rates upstream's OpenAPI document, generated
 * at bench time into bench/generated/ (git-ignored): the generator's CLI writes a TypeScript
 * project, and its one source file is transpiled with the repository's TypeScript (types are
 * not checked: the project targets an older SDK's types). No network: the generated project's
 * dependencies (`@modelcontextprotocol/sdk`, `axios`, `dotenv`, `zod` 3, `json-schema-to-zod`)
 * are installed as bench devDependencies.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const benchDir = fileURLToPath(new URL('../../', import.meta.url));
export const OPENAPI_DOCUMENT = join(benchDir, 'openapi', 'rates.openapi.json');
const outDir = join(benchDir, 'generated', 'openapi-mcp-generator');

/** The generator's version, from its package.json. */
export function generatorVersion() {
  return require('openapi-mcp-generator/package.json').version;
}

/** Generates and transpiles the server; returns the path of its entry point (`build/index.js`). */
export async function generateServer() {
  const bin = join(
    require.resolve('openapi-mcp-generator/package.json'),
    '..',
    'bin',
    'openapi-mcp-generator.js',
  );
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const generated = spawnSync(
    process.execPath,
    [
      bin,
      '--input',
      OPENAPI_DOCUMENT,
      '--output',
      outDir,
      '--server-name',
      'bench-rates',
      '--transport',
      'stdio',
    ],
    { encoding: 'utf8' },
  );
  if (generated.status !== 0) {
    throw new Error(
      `openapi-mcp-generator failed (exit ${generated.status}): ${generated.stderr.slice(-500)}`,
    );
  }
  const ts = require('typescript');
  const source = await readFile(join(outDir, 'src', 'index.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    fileName: 'index.ts',
  });
  const entry = join(outDir, 'build', 'index.js');
  await mkdir(join(outDir, 'build'), { recursive: true });
  await writeFile(entry, outputText);
  return entry;
}
