import { ADMIN_FLAGS, ADMIN_KEY_HELP, adminClientFor, JSON_FLAG } from '../admin/admin-flags.js';
import type { Section } from '../admin/admin-types.js';
import { requireWorkspace, WORKSPACE_FLAG } from '../admin/workspace-flag.js';
import { CliError } from '../cli/cli-error.js';
import { type Palette, PLAIN } from '../cli/colour.js';
import { type FlagSpec, flagHelp, parseCommandLine } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';
import { shortTime, table } from '../cli/table.js';

/**
 * `mcpforge gateway sections list|create|edit`: a workspace's sections (groups of operations,
 * described for the model, an agent's search filters). The admin API has no way to remove a
 * section, so neither has the CLI.
 * @module
 */

const LIST_FLAGS: readonly FlagSpec[] = [WORKSPACE_FLAG, ...ADMIN_FLAGS, JSON_FLAG];
const TEXT_FLAGS: readonly FlagSpec[] = [
  { name: 'title', value: 'TEXT', description: 'its title (1..128 characters)', example: 'Rates' },
  {
    name: 'description',
    value: 'TEXT',
    description: 'what its operations are about, for the model and search',
  },
];
const SAVE_FLAGS: readonly FlagSpec[] = [WORKSPACE_FLAG, ...TEXT_FLAGS, ...ADMIN_FLAGS, JSON_FLAG];

export const SECTIONS_LIST_USAGE = `Usage: mcpforge gateway sections list --workspace <slug> [flags]

Lists a workspace's sections by slug, with their titles.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(LIST_FLAGS)}`;

export const SECTIONS_CREATE_USAGE = `Usage: mcpforge gateway sections create <section> --workspace <slug> --title TEXT [flags]

Creates a section. Operations name it in their sections; agents use it as a search filter.
Sections cannot be removed (the admin API has no such call): change their text with edit.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(SAVE_FLAGS)}`;

export const SECTIONS_EDIT_USAGE = `Usage: mcpforge gateway sections edit <section> --workspace <slug> [--title TEXT] [--description TEXT] [flags]

Changes a section's title and/or description. Catalogs published before keep the text they
were published with; publish the agents again to serve the new text.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(SAVE_FLAGS)}`;

export interface SectionList {
  workspace: string;
  sections: Section[];
}

export async function runList(args: readonly string[], io: CliIo): Promise<CommandOutput<SectionList>> {
  const command = 'mcpforge gateway sections list';
  const { flags } = parseCommandLine(args, { flags: LIST_FLAGS }, command);
  const workspace = requireWorkspace(flags, command);
  const client = await adminClientFor(flags, io);
  return { result: { workspace, sections: await client.listSections(workspace) } };
}

export function renderList(result: SectionList, style: Palette = PLAIN): string {
  if (result.sections.length === 0) {
    return `No sections in '${result.workspace}': mcpforge gateway sections create <slug> --workspace ${result.workspace} --title TEXT`;
  }
  return table(
    ['SECTION', 'TITLE', 'DESCRIPTION', 'UPDATED'],
    result.sections.map((section) => [
      section.slug,
      section.title,
      section.description.length > 60 ? `${section.description.slice(0, 57)}...` : section.description || '-',
      shortTime(section.updatedAt),
    ]),
    style.bold,
  );
}

export interface SectionSaved {
  workspace: string;
  action: 'created' | 'edited';
  section: Section;
}

async function save(args: readonly string[], io: CliIo, action: SectionSaved['action']) {
  const command = `mcpforge gateway sections ${action === 'created' ? 'create' : 'edit'}`;
  const { flags, positionals } = parseCommandLine(
    args,
    { flags: SAVE_FLAGS, positionals: { name: '<section>', min: 1, max: 1 } },
    command,
  );
  const workspace = requireWorkspace(flags, command);
  const title = typeof flags['title'] === 'string' ? flags['title'] : undefined;
  const description = typeof flags['description'] === 'string' ? flags['description'] : undefined;
  if (action === 'created' && title === undefined) {
    throw new CliError('missing_value', `${command} needs --title TEXT, e.g. --title Rates`);
  }
  if (action === 'edited' && title === undefined && description === undefined) {
    throw new CliError('missing_value', `${command} needs --title TEXT and/or --description TEXT`);
  }
  const client = await adminClientFor(flags, io);
  const slug = positionals[0] as string;
  const section =
    action === 'created'
      ? await client.createSection(workspace, { slug, title, description })
      : await client.updateSection(workspace, slug, { title, description });
  return { result: { workspace, action, section } };
}

export function runCreate(args: readonly string[], io: CliIo): Promise<CommandOutput<SectionSaved>> {
  return save(args, io, 'created');
}

export function runEdit(args: readonly string[], io: CliIo): Promise<CommandOutput<SectionSaved>> {
  return save(args, io, 'edited');
}

export function renderSaved(result: SectionSaved): string {
  const verb = result.action === 'created' ? 'Created' : 'Changed';
  return `${verb} section '${result.section.slug}' of '${result.workspace}' (${result.section.title}).`;
}
