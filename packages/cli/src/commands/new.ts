import { join, relative } from 'node:path';
import { type FlagSpec, flagHelp, parseCommandLine } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';
import { createProject, type NewProject } from '../new/create-project.js';
import { VENDOR_DIR } from '../new/vendor-packages.js';

/**
 * `mcpforge new <dir>`: a new MCP server project from the template, renamed, with its
 * dependencies declared, and the next steps.
 * @module
 */

export const NEW_FLAGS: readonly FlagSpec[] = [
  {
    name: 'name',
    value: 'PACKAGE',
    description: "the package name (default: the folder's name), e.g. my-server or @me/my-server",
    example: 'my-server',
  },
  {
    name: 'link',
    description: "depend on this checkout's packages (file:) instead of the published ones, for local work",
  },
  {
    name: 'published',
    description:
      "depend on the published packages at this CLI's version even when run from a checkout (which packs its own into vendor/)",
  },
  { name: 'json', description: 'print the result as one JSON line' },
];

export const NEW_USAGE = `Usage: mcpforge new <dir> [--name PACKAGE] [--link | --published]

Makes a new MCP server project in <dir> (new or empty) from the mcpforge template: a tested
stdio server with one example tool, its own tsconfig, tests and README. The package is named
after the folder (or --name). Installed from npm, this CLI makes it depend on @mcpforge/server
at its own version. Run from a mcpforge checkout (built with 'npm run build'), it packs the
checkout's @mcpforge/server and @mcpforge/wire into the project's vendor/ folder and depends
on those tarballs, so 'npm install' works anywhere before the packages are on the registry;
--link depends on the checkout's folders instead (file:, for work on mcpforge itself), and
--published on the registry's packages.

Flags:
${flagHelp(NEW_FLAGS)}

Example:
  mcpforge new my-server && cd my-server && npm install && npm test`;

/** The project made, and what to do next. */
export interface NewResult extends NewProject {
  nextSteps: string[];
}

/** Runs `new` with `args` (after `new`). @throws CliError. */
export async function run(args: readonly string[], io: CliIo): Promise<CommandOutput<NewResult>> {
  const line = parseCommandLine(
    args,
    { flags: NEW_FLAGS, positionals: { name: 'DIR', min: 1, max: 1 } },
    'mcpforge new',
  );
  const name = line.flags['name'];
  const project = createProject({
    dir: line.positionals[0] as string,
    name: typeof name === 'string' ? name : undefined,
    link: line.flags['link'] === true,
    published: line.flags['published'] === true,
  });
  io.progress(`new: ${project.name} in ${project.dir}`);
  return { result: { ...project, nextSteps: nextSteps(project) } };
}

function nextSteps(project: NewProject): string[] {
  const where = relative(process.cwd(), project.dir);
  const cd = where === '' ? '.' : where.startsWith('..') ? project.dir : where;
  return [
    `cd ${cd}`,
    'npm install',
    'npm test',
    'TEMPLATE_SALUTATION=Hello npm start -- --config config/example.json',
  ];
}

/** How to run this CLI from anywhere: the checkout's bin when it runs from one, else the published package. */
export function mcpforgeCommand(project: NewProject): string {
  return project.checkout === undefined
    ? 'npx @mcpforge/cli'
    : `node ${join(project.checkout, 'packages', 'cli', 'bin', 'mcpforge.js')}`;
}

/** What `new` did about the `@mcpforge/*` packages, in one sentence. */
function sourceLine(project: NewProject): string {
  if (project.source === 'vendored')
    return `The @mcpforge packages are not on the npm registry yet: this checkout's were packed into ${join(project.dir, VENDOR_DIR)}/ and the project depends on those tarballs (mcpforge new --published depends on the registry's instead).`;
  if (project.source === 'linked') return "The project depends on this checkout's package folders (file:).";
  return "The project depends on the npm registry's packages at this CLI's version.";
}

/** The human view of `new`'s result. */
export function render(result: NewResult): string {
  const host = {
    mcpServers: {
      [result.name.replace(/^@[^/]+\//, '')]: {
        command: 'node',
        args: [`${result.dir}/dist/main.js`, '--config', `${result.dir}/config/example.json`],
        env: { TEMPLATE_SALUTATION: 'Hello' },
      },
    },
  };
  const deps = Object.entries(result.dependencies).map(([name, spec]) => `  ${name} ${spec}`);
  const overrides = Object.entries(result.overrides ?? {}).map(
    ([name, spec]) => `  ${name} ${spec} (override)`,
  );
  return [
    `Made ${result.name} in ${result.dir}${result.linked ? ", linked to this checkout's packages" : ''}:`,
    ...deps,
    ...overrides,
    sourceLine(result),
    '',
    'Next:',
    ...result.nextSteps.map((step) => `  ${step}`),
    '',
    'Connect a host (Claude Desktop, Cursor, ...) after the build, with this block in its MCP config:',
    ...JSON.stringify(host, null, 2)
      .split('\n')
      .map((text) => `  ${text}`),
    '',
    `Check what a host will see: TEMPLATE_SALUTATION=Hello ${mcpforgeCommand(result)} check -- node ${result.dir}/dist/main.js --config ${result.dir}/config/example.json`,
  ].join('\n');
}
