import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The console's built front end, read once from disk: the browser modules `tsc -b` compiled into
 * `dist/console/browser/`, the style sheet and the HTML shell from `src/console/static/` (both
 * ship in the package). Every asset is served below one directory named by a hash of all their
 * contents, `assets/<hash>/`, so a relative `import './api.js'` inside a module stays valid, any
 * change gives new URLs, and the URLs can be cached for a year.
 * @module
 */

/** One asset: its bytes and media type. */
export interface ConsoleAsset {
  body: Buffer;
  /** The same bytes gzipped once at load, for clients that accept it. */
  gzip: Buffer;
  type: string;
}

/** The front end as the handler serves it. */
export interface ConsoleBundle {
  /** The first 16 hex digits of a SHA-256 over every asset's name and bytes. */
  hash: string;
  /** The HTML shell, pointing at `assets/<hash>/...` (relative to `{prefix}/console/`). */
  shell: Buffer;
  /** By path below `assets/<hash>/`: `main.js`, `pages/keys.js`, `console.css`. */
  assets: Map<string, ConsoleAsset>;
}

/** Thrown when the browser modules were never built (`npm run build` builds them). */
export class ConsoleNotBuiltError extends Error {
  readonly code = 'console_not_built';
  constructor(directory: string) {
    super(`the console's browser modules are not built (${directory}): run npm run build`);
    this.name = 'ConsoleNotBuiltError';
  }
}

// From src/console/ and from dist/console/ alike, the package root is two levels up.
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Where `tsc -b` writes the browser modules. */
export const BROWSER_DIR = join(PACKAGE_ROOT, 'dist', 'console', 'browser');
/** The shell and the style sheet. */
export const STATIC_DIR = join(PACKAGE_ROOT, 'src', 'console', 'static');

async function modules(directory: string, below = ''): Promise<string[]> {
  const entries = await readdir(join(directory, below), { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    const path = below === '' ? entry.name : `${below}/${entry.name}`;
    if (entry.isDirectory()) found.push(...(await modules(directory, path)));
    else if (entry.name.endsWith('.js')) found.push(path);
  }
  return found.sort();
}

const asset = (body: Buffer, type: string): ConsoleAsset => ({
  body,
  gzip: gzipSync(body, { level: 9 }),
  type,
});

/** Reads and hashes the front end from `browserDir` and `staticDir`. */
export async function loadConsoleBundle(
  browserDir = BROWSER_DIR,
  staticDir = STATIC_DIR,
): Promise<ConsoleBundle> {
  let names: string[];
  try {
    names = await modules(browserDir);
  } catch {
    throw new ConsoleNotBuiltError(browserDir);
  }
  if (!names.includes('main.js')) throw new ConsoleNotBuiltError(browserDir);
  const assets = new Map<string, ConsoleAsset>();
  for (const name of names) {
    assets.set(name, asset(await readFile(join(browserDir, name)), 'text/javascript; charset=utf-8'));
  }
  assets.set('console.css', asset(await readFile(join(staticDir, 'console.css')), 'text/css; charset=utf-8'));
  const digest = createHash('sha256');
  for (const [name, asset] of assets) digest.update(name).update('\0').update(asset.body).update('\0');
  const hash = digest.digest('hex').slice(0, 16);
  const template = await readFile(join(staticDir, 'index.html'), 'utf8');
  const shell = Buffer.from(
    template.replace('{{css}}', `assets/${hash}/console.css`).replace('{{js}}', `assets/${hash}/main.js`),
    'utf8',
  );
  return { hash, shell, assets };
}
