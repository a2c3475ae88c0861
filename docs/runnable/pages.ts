/**
 * @module
 * The pages whose runnable blocks the check runs, and the environment it runs them in.
 */
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join, relative, sep } from 'node:path';

/**
 * The Markdown pages a reader follows: the README, every page under docs/, the package,
 * example and template READMEs. Repository-relative, `/`-separated, sorted.
 */
export function documentationPages(root: string): string[] {
  const pages = new Set<string>();
  const add = (path: string): void => {
    if (existsSync(path)) pages.add(relative(root, path).split(sep).join('/'));
  };
  add(join(root, 'README.md'));
  for (const entry of readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })) {
    if (entry.endsWith('.md')) add(join(root, 'docs', entry));
  }
  for (const folder of ['packages', 'examples']) {
    for (const name of readdirSync(join(root, folder))) add(join(root, folder, name, 'README.md'));
  }
  add(join(root, 'template', 'README.md'));
  return [...pages].sort();
}

/**
 * The environment of a block: the caller's, as in a reader's terminal. Without what npm and
 * vitest add when they run this check (`npm_*` variables, `node_modules/.bin` on PATH,
 * `VITEST*`, `NODE_OPTIONS`): a block that needs `tsc` must say `npx tsc`, as a reader must.
 * TMPDIR is a scratch folder, so what a block writes under it is removed afterwards and two
 * runs of the check never share it.
 */
export function blockEnvironment(scratch: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) {
    if (/^(npm_|VITEST)/i.test(key) || key === 'NODE_OPTIONS') continue;
    clean[key] = value;
  }
  clean['PATH'] = (env['PATH'] ?? '')
    .split(delimiter)
    .filter((entry) => !/node_modules[\\/]\.bin[\\/]?$/.test(entry))
    .join(delimiter);
  clean['TMPDIR'] = scratch;
  return clean;
}
