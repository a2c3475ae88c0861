import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CliError } from '../cli/cli-error.js';
import { copyTemplate } from './copy-template.js';
import { checkoutDir, cliVersion, isBuilt, templateDir } from './locations.js';
import { nameFromDirectory, packageNameProblem } from './package-name.js';
import { type DependencyMode, rewriteManifest, rewriteReadme } from './project-files.js';
import { vendorFromCheckout } from './vendor-packages.js';

/** What `mcpforge new` was asked for. */
export interface NewProjectRequest {
  dir: string;
  name?: string | undefined;
  link: boolean;
  /** Depend on the published packages even when run from a checkout (which packs its own by default). */
  published?: boolean | undefined;
}

/** What it made. */
export interface NewProject {
  /** Absolute path of the project. */
  dir: string;
  name: string;
  /** The `@mcpforge/*` dependencies as declared. */
  dependencies: Record<string, string>;
  overrides?: Record<string, string> | undefined;
  linked: boolean;
  /** How the `@mcpforge/*` packages are had: the registry, this checkout linked, or tarballs packed into `vendor/`. */
  source: 'published' | 'linked' | 'vendored';
  /** The checkout this CLI runs from, when it does. */
  checkout?: string | undefined;
}

function refuseNonEmpty(dir: string): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) {
    throw new CliError(
      'invalid_value',
      `${dir} exists and is not a folder: give a new folder for the project`,
    );
  }
  if (readdirSync(dir).length > 0) {
    throw new CliError(
      'invalid_value',
      `${dir} is not empty: give a new or empty folder (mcpforge new never writes over files)`,
    );
  }
}

/** `--link`: this checkout's server and wire, which must be built. */
function linkMode(): DependencyMode {
  const checkout = checkoutDir();
  if (checkout === undefined) {
    throw new CliError(
      'invalid_value',
      '--link depends on the packages of a mcpforge checkout, and this CLI does not run from one: run it from the checkout (node packages/cli/dist/main.js new ...) or leave --link out',
    );
  }
  const serverDir = join(checkout, 'packages', 'server');
  const wireDir = join(checkout, 'packages', 'wire');
  const unbuilt = [serverDir, wireDir].filter((dir) => !isBuilt(dir));
  if (unbuilt.length > 0) {
    throw new CliError(
      'invalid_value',
      `--link needs the checkout's packages built (${unbuilt.map((dir) => `${dir}/dist`).join(', ')} missing): run 'npm run build' in ${checkout}`,
    );
  }
  return { kind: 'link', serverDir, wireDir };
}

/**
 * Copies the template into `request.dir` (new or empty), renames it and declares its
 * `@mcpforge/*` dependencies. Everything is checked before the first file is written.
 * @throws CliError for a bad name, a non-empty folder, a missing template or an unbuilt checkout.
 */
export function createProject(request: NewProjectRequest): NewProject {
  const dir = resolve(request.dir);
  const name = request.name ?? nameFromDirectory(dir);
  const problem = packageNameProblem(name);
  if (problem !== undefined) {
    const hint =
      request.name === undefined ? ` (it comes from the folder's name; give one with --name my-server)` : '';
    throw new CliError('invalid_value', `'${name}' is not a valid npm package name: ${problem}${hint}`);
  }
  refuseNonEmpty(dir);
  const template = templateDir();
  if (template === undefined) {
    throw new CliError(
      'invalid_value',
      'this mcpforge CLI has no project template (a broken install): reinstall @mcpforge/cli',
    );
  }
  if (request.link && request.published === true) {
    throw new CliError('conflicting_flags', '--link and --published exclude each other: give one');
  }
  const checkout = checkoutDir();
  const vendoring = !request.link && request.published !== true && checkout !== undefined;
  let mode: DependencyMode = request.link ? linkMode() : { kind: 'published', version: cliVersion() };
  mkdirSync(dir, { recursive: true });
  copyTemplate(template, dir);
  // Until the packages are on the registry, a checkout's CLI hands out its own, packed.
  if (vendoring) mode = { kind: 'vendored', tarballs: vendorFromCheckout(checkout, dir) };
  const manifest = rewriteManifest(dir, name, mode);
  rewriteReadme(dir, name);
  const dependencies = Object.fromEntries(
    Object.entries(manifest.dependencies ?? {}).filter(([key]) => key.startsWith('@mcpforge/')),
  );
  return {
    dir,
    name,
    dependencies,
    ...(manifest.overrides === undefined ? {} : { overrides: manifest.overrides }),
    linked: request.link,
    source: mode.kind === 'link' ? 'linked' : mode.kind,
    ...(checkout === undefined ? {} : { checkout }),
  };
}
