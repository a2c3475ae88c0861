// Node 22 for the test peers that need it (the MCP Inspector CLI, the conformance suites), without
// raising the project's own floor (Node 20):
// - ensureNode22() gives a Node 22 binary: $MCPFORGE_NODE22 when set, the running Node when it is
//   new enough, else node-<os>-<cpu>@NODE22_VERSION from the npm registry, installed once into
//   .cache/node22 (the package ships bin/node and has no install scripts).
// - ensureNode22Tools() installs tools/node22 (its own package-lock.json, not a workspace) with
//   `npm ci` run BY that binary, so npm checks engines against Node 22 and warns of nothing.
// Both install into a staging folder and rename it into place, so parallel callers (test files,
// several vitest runs) never see half an install; the loser of a race throws its copy away.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = join(root, '.cache');
const node22Dir = join(cacheDir, 'node22');
const toolsDir = join(root, 'tools', 'node22');
const toolsModules = join(toolsDir, 'node_modules');
// Written into the installed node_modules: the SHA-256 of the lock file it was installed from.
const TOOLS_STAMP = '.mcpforge-lock-sha256';

/** The Node 22 release installed when no Node 22 is at hand; pinned so every machine runs the same. */
export const NODE22_VERSION = '22.23.5';
/** The oldest Node the tools accept: the Inspector's `engines` floor. */
export const NODE22_MINIMUM = '22.19.0';

/** Paths of the installed Node 22 tools. */
export function node22ToolPaths(node = ensureNode22()) {
  return {
    node,
    inspector: join(
      toolsModules,
      '@modelcontextprotocol',
      'inspector',
      'clients',
      'launcher',
      'build',
      'index.js',
    ),
    conformanceStable: join(toolsModules, 'conformance-stable', 'dist', 'index.js'),
    conformanceNext: join(toolsModules, 'conformance-next', 'dist', 'index.js'),
  };
}

function atLeast(version, minimum) {
  const have = version.split('.').map(Number);
  const need = minimum.split('.').map(Number);
  for (let i = 0; i < need.length; i++) {
    if ((have[i] ?? 0) !== need[i]) return (have[i] ?? 0) > need[i];
  }
  return true;
}

function log(message) {
  process.stderr.write(`▶ ${message}\n`);
}

/** Moves a finished install to `target`, replacing an outdated one; `isCurrent` says whether `target` may stay. */
function moveIntoPlace(staged, target, isCurrent) {
  const old = `${target}.old-${process.pid}`;
  try {
    renameSync(staged, target);
    return;
  } catch (error) {
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
  }
  if (!isCurrent()) {
    try {
      renameSync(target, old);
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
    try {
      renameSync(staged, target);
    } catch (error) {
      // Another installer put its copy in place between the two renames: it is the same install.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    }
  }
  rmSync(staged, { recursive: true, force: true });
  rmSync(old, { recursive: true, force: true });
}

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
  if (result.error) throw result.error;
  return result.status === 0;
}

// -- the Node 22 binary ------------------------------------------------------------------------

function nodePackage() {
  return `node-${process.platform}-${process.arch}`;
}

function cachedNode() {
  return join(node22Dir, 'node_modules', nodePackage(), 'bin', 'node');
}

function cachedNodeIsCurrent() {
  const manifest = join(node22Dir, 'node_modules', nodePackage(), 'package.json');
  if (!existsSync(cachedNode()) || !existsSync(manifest)) return false;
  return JSON.parse(readFileSync(manifest, 'utf8')).version === NODE22_VERSION;
}

/**
 * The path of a Node 22 binary (at least NODE22_MINIMUM), installing NODE22_VERSION from the npm
 * registry into .cache/node22 on first use. Set MCPFORGE_NODE22 to use a Node 22 of your own.
 */
export function ensureNode22() {
  const own = process.env['MCPFORGE_NODE22'];
  if (own) return own;
  if (atLeast(process.versions.node, NODE22_MINIMUM)) return process.execPath;
  if (cachedNodeIsCurrent()) return cachedNode();
  if (!['linux', 'darwin'].includes(process.platform) || !['x64', 'arm64'].includes(process.arch)) {
    throw new Error(
      `no Node 22 here: install Node >= ${NODE22_MINIMUM} and set MCPFORGE_NODE22 to its path (the npm registry's node-<os>-<cpu> binaries cover linux and darwin on x64 and arm64)`,
    );
  }
  log(`installing Node ${NODE22_VERSION} (${nodePackage()}) from the npm registry into .cache/node22`);
  mkdirSync(cacheDir, { recursive: true });
  const staging = mkdtempSync(join(cacheDir, 'node22-staging-'));
  try {
    const installed = run(
      'npm',
      ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--no-audit', '--no-fund'].concat(
        `${nodePackage()}@${NODE22_VERSION}`,
      ),
      { cwd: staging, env: cleanNpmEnv() },
    );
    if (!installed || !existsSync(join(staging, 'node_modules', nodePackage(), 'bin', 'node'))) {
      throw new Error(`installing ${nodePackage()}@${NODE22_VERSION} failed`);
    }
    moveIntoPlace(staging, node22Dir, cachedNodeIsCurrent);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return cachedNode();
}

// -- the tools ---------------------------------------------------------------------------------

function lockDigest() {
  return createHash('sha256')
    .update(readFileSync(join(toolsDir, 'package-lock.json')))
    .digest('hex');
}

function toolsAreCurrent() {
  const stamp = join(toolsModules, TOOLS_STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === lockDigest();
}

/**
 * npm exports its settings to the scripts it runs as lowercase `npm_*` variables; a child npm
 * would take them as its own (a project location, `allow-scripts`, which npm refuses from the
 * environment). The user's own NPM_CONFIG_* settings stay.
 */
export function cleanNpmEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('npm_')) delete env[key];
  return env;
}

/** The npm CLI script of the running Node, to run under Node 22. */
export function npmCli() {
  const beside = join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
  const fromEnv = process.env['npm_execpath']?.replace(/npx-cli\.js$/, 'npm-cli.js');
  for (const candidate of [fromEnv, beside]) {
    if (candidate?.endsWith('npm-cli.js') && existsSync(candidate)) return candidate;
  }
  throw new Error(`npm's npm-cli.js not found beside ${process.execPath}`);
}

/**
 * Installs tools/node22 from its lock file (when the installed copy is from another lock) and
 * returns the paths of its tools and of the Node 22 that runs them.
 */
export function ensureNode22Tools() {
  const node = ensureNode22();
  if (toolsAreCurrent()) return node22ToolPaths(node);
  log('installing tools/node22 (MCP Inspector, conformance suites) with npm ci under Node 22');
  mkdirSync(cacheDir, { recursive: true });
  const staging = mkdtempSync(join(cacheDir, 'node22-tools-staging-'));
  try {
    for (const file of ['package.json', 'package-lock.json']) {
      writeFileSync(join(staging, file), readFileSync(join(toolsDir, file)));
    }
    const digest = lockDigest();
    // --ignore-scripts: the one install script (the Inspector's) only sets up a source checkout.
    const installed = run(
      node,
      [npmCli(), 'ci', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'],
      { cwd: staging, env: cleanNpmEnv() },
    );
    if (!installed) throw new Error('npm ci in tools/node22 failed');
    writeFileSync(join(staging, 'node_modules', TOOLS_STAMP), digest);
    moveIntoPlace(join(staging, 'node_modules'), toolsModules, toolsAreCurrent);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return node22ToolPaths(node);
}

// `node scripts/node22.mjs` installs and prints the paths; `node scripts/node22.mjs inspector ARGS`
// (`npm run inspector -- ARGS`) runs the MCP Inspector with ARGS on Node 22;
// `node scripts/node22.mjs npm ARGS` runs npm on Node 22 in tools/node22 (to update its lock file).
const COMMANDS = ['inspector', 'npm'];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (command === undefined) {
    process.stdout.write(`${JSON.stringify(ensureNode22Tools(), null, 2)}\n`);
  } else if (!COMMANDS.includes(command)) {
    process.stderr.write(`unknown command '${command}': use no argument, 'inspector' or 'npm'\n`);
    process.exitCode = 2;
  } else {
    const [file, cwd] =
      command === 'npm' ? [npmCli(), toolsDir] : [ensureNode22Tools().inspector, process.cwd()];
    const result = spawnSync(ensureNode22(), [file, ...args], {
      stdio: 'inherit',
      cwd,
      env: command === 'npm' ? cleanNpmEnv() : process.env,
    });
    process.exitCode = result.status ?? 1;
  }
}
