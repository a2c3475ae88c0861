import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A package.json as far as `new` changes it. */
interface Manifest {
  name: string;
  description?: string;
  dependencies?: Record<string, string>;
  overrides?: Record<string, string>;
  [field: string]: unknown;
}

/** How the new project depends on mcpforge. */
export type DependencyMode =
  /** The published packages, at this CLI's version. */
  | { kind: 'published'; version: string }
  /** Tarballs packed into the project (`file:vendor/...tgz`), by package name: until the packages are published. */
  | { kind: 'vendored'; tarballs: Record<string, string> }
  /** This checkout's packages (`file:`), wire through `overrides` since server depends on it. */
  | { kind: 'link'; serverDir: string; wireDir: string };

/** The `@mcpforge/*` dependencies `mode` declares, and the overrides it needs. */
export function mcpforgeDependencies(mode: DependencyMode): {
  dependencies: Record<string, string>;
  overrides?: Record<string, string>;
} {
  if (mode.kind === 'published') return { dependencies: { '@mcpforge/server': mode.version } };
  if (mode.kind === 'vendored') return { dependencies: { ...mode.tarballs } };
  return {
    dependencies: { '@mcpforge/server': `file:${mode.serverDir}` },
    overrides: { '@mcpforge/wire': `file:${mode.wireDir}` },
  };
}

/** Renames the copied project's package and points its `@mcpforge/*` dependencies at `mode`. */
export function rewriteManifest(projectDir: string, name: string, mode: DependencyMode): Manifest {
  const path = join(projectDir, 'package.json');
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  manifest.name = name;
  manifest.description = `${name}: an MCP server built on @mcpforge/server`;
  const { dependencies, overrides } = mcpforgeDependencies(mode);
  manifest.dependencies = { ...(manifest.dependencies ?? {}), ...dependencies };
  if (overrides !== undefined) manifest.overrides = { ...(manifest.overrides ?? {}), ...overrides };
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Sections of the template's README about the template itself, not about a project made from it. */
const TEMPLATE_ONLY_SECTIONS = ['## A new server from it', '## Inside the repository'];

/** The README of the new project: its name as the title, the template-only sections replaced. */
export function rewriteReadme(projectDir: string, name: string): void {
  const path = join(projectDir, 'README.md');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return;
  }
  const sections = text.split(/^(?=## )/m);
  const [intro = '', ...rest] = sections;
  const kept = rest.filter(
    (section) => !TEMPLATE_ONLY_SECTIONS.some((heading) => section.startsWith(heading)),
  );
  const title = intro
    .replace(/^# .*$/m, `# ${name}`)
    .replace(
      /^The skeleton a new mcpforge MCP server starts from \(`mcpforge new` copies it\)\./m,
      'An MCP server made by `mcpforge new` from the mcpforge template.',
    );
  const develop = `## Develop

\`\`\`sh
npm install
npm test                 # build, type-check and the tests
TEMPLATE_SALUTATION=Hello node dist/main.js --config config/example.json
TEMPLATE_SALUTATION=Hello mcpforge check -- node dist/main.js --config config/example.json   # what a host will run into
\`\`\`

`;
  writeFileSync(path, [title, develop, ...kept].join(''));
}
