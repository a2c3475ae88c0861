import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../cli/cli-error.js';
import { isBuilt } from './locations.js';

/**
 * The default dependencies of a project that `mcpforge new` makes from a checkout, while the
 * packages are not on the npm registry (issue 22, point 2): the checkout's `@mcpforge/server`
 * and `@mcpforge/wire` packed with `npm pack` into the project's `vendor/` folder and declared
 * as `file:vendor/<tarball>`, so `npm install` works on any machine the project is copied to,
 * with no link back to the checkout. Wire is declared too, so npm never asks the registry for it.
 * @module
 */

/** The project's folder for the packed tarballs. */
export const VENDOR_DIR = 'vendor';

/** The packages a new project needs, in dependency order. */
const VENDORED = ['@mcpforge/wire', '@mcpforge/server'] as const;

/** The environment of a nested npm: without this process's npm_* settings (an `npx` run sets some). */
function npmEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')));
}

/**
 * Packs the checkout's server and wire into `projectDir/vendor/`.
 * @returns the dependency spec of each (`file:vendor/mcpforge-server-0.1.0.tgz`).
 * @throws CliError `invalid_value` when the checkout is not built, or npm fails.
 */
export function vendorFromCheckout(checkout: string, projectDir: string): Record<string, string> {
  const unbuilt = VENDORED.map((name) => join(checkout, 'packages', name.replace('@mcpforge/', ''))).filter(
    (dir) => !isBuilt(dir),
  );
  if (unbuilt.length > 0) {
    throw new CliError(
      'invalid_value',
      `mcpforge new packs this checkout's packages for the project, and they are not built (${unbuilt.map((dir) => `${dir}/dist`).join(', ')} missing): run 'npm run build' in ${checkout}`,
    );
  }
  const destination = join(projectDir, VENDOR_DIR);
  mkdirSync(destination, { recursive: true });
  let stdout: string;
  try {
    // The build is checked above; the packages' prepack would only build again.
    stdout = execFileSync(
      'npm',
      [
        'pack',
        ...VENDORED.flatMap((name) => ['-w', name]),
        '--pack-destination',
        destination,
        '--json',
        '--ignore-scripts',
      ],
      { cwd: checkout, env: npmEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (error) {
    const said = String((error as { stderr?: unknown }).stderr ?? (error as Error).message).trim();
    throw new CliError(
      'invalid_value',
      `npm pack of this checkout's packages failed: ${said.slice(0, 400)}`,
      {
        cause: error,
      },
    );
  }
  const packed = JSON.parse(stdout) as Array<{ name: string; filename: string }>;
  return Object.fromEntries(packed.map((entry) => [entry.name, `file:${VENDOR_DIR}/${entry.filename}`]));
}
