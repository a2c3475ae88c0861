import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where `mcpforge new` finds what it copies and links. The same relative paths hold from
 * `src/new/` (tests) and `dist/new/` (the built CLI): the CLI package is two folders up, and in
 * a checkout the repository root four.
 * @module
 */

/** This CLI package's folder. */
export const CLI_PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** The template bundled into the published CLI (by its prepack), when this copy has it. */
export const BUNDLED_TEMPLATE_DIR = fileURLToPath(new URL('../../template/', import.meta.url));

/** The repository root when this CLI runs from a mcpforge checkout. */
const CHECKOUT_DIR = fileURLToPath(new URL('../../../../', import.meta.url));

function manifestName(dir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(`${dir}/package.json`, 'utf8')) as { name?: string }).name;
  } catch {
    return undefined;
  }
}

/** The checkout this CLI runs from, or undefined (installed from npm). */
export function checkoutDir(): string | undefined {
  return manifestName(`${CHECKOUT_DIR}packages/server`) === '@mcpforge/server' ? CHECKOUT_DIR : undefined;
}

/** The template to copy: the bundled one, else the checkout's `template/`. */
export function templateDir(): string | undefined {
  if (manifestName(BUNDLED_TEMPLATE_DIR) === '@mcpforge/template') return BUNDLED_TEMPLATE_DIR;
  const checkout = checkoutDir();
  if (checkout !== undefined && manifestName(`${checkout}template`) === '@mcpforge/template') {
    return `${checkout}template/`;
  }
  return undefined;
}

/** This CLI's version: the published `@mcpforge/server` a new project depends on. */
export function cliVersion(): string {
  const version = (JSON.parse(readFileSync(`${CLI_PACKAGE_DIR}package.json`, 'utf8')) as { version?: string })
    .version;
  if (typeof version !== 'string') throw new Error(`${CLI_PACKAGE_DIR}package.json has no version`);
  return version;
}

/** Whether a checkout package was built (`dist/index.js` exists). */
export function isBuilt(packageDir: string): boolean {
  return existsSync(`${packageDir}/dist/index.js`);
}
