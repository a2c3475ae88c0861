import { ADMIN_FLAGS, ADMIN_KEY_HELP, adminClientFor, JSON_FLAG } from '../admin/admin-flags.js';
import type { Agent, AgentDraft, PublishedAgent } from '../admin/admin-types.js';
import { readDocumentFile } from '../admin/document-file.js';
import { SELECTOR_FLAGS, selectOperations, selectorOf } from '../admin/operation-selector.js';
import { requireWorkspace, WORKSPACE_FLAG } from '../admin/workspace-flag.js';
import { CliError } from '../cli/cli-error.js';
import { type Palette, PLAIN } from '../cli/colour.js';
import { type CommandLine, type FlagSpec, flagHelp, parseCommandLine } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';
import { shortTime } from '../cli/table.js';
import { renderPublish } from './gateway-agents.js';

/**
 * `mcpforge gateway agents create|edit|show|archive`: an agent's draft (delivery, sections,
 * operations by slug or by selector) from flags or a JSON/YAML file, read back, and archived.
 * Publishing is `agents publish`, or `--publish` here.
 * @module
 */

const DRAFT_FLAGS: readonly FlagSpec[] = [
  {
    name: 'file',
    value: 'FILE',
    description: 'the draft (an agent definition) as JSON or YAML',
    example: './agent.yaml',
  },
  {
    name: 'delivery',
    value: 'MODE',
    description: 'direct (tools/list lists every tool) or search (search_tools, call_tool)',
    example: 'search',
  },
  {
    name: 'operation',
    value: 'SLUG',
    description: 'an operation it serves, in order (repeat for more)',
    example: 'get-pet',
  },
  ...SELECTOR_FLAGS.map((flag) =>
    flag.name === 'all'
      ? flag
      : {
          ...flag,
          description: `${flag.description}; the section becomes one of the agent's search filters`,
        },
  ),
  {
    name: 'default-search-limit',
    value: 'N',
    description: 'search_tools results when the model gives no limit (1..20)',
    example: '8',
  },
];

const SAVE_FLAGS: readonly FlagSpec[] = [
  WORKSPACE_FLAG,
  ...DRAFT_FLAGS,
  { name: 'publish', description: 'publish the agent at once: its MCP endpoint serves it' },
  ...ADMIN_FLAGS,
  JSON_FLAG,
];
const PLAIN_FLAGS: readonly FlagSpec[] = [WORKSPACE_FLAG, ...ADMIN_FLAGS, JSON_FLAG];

const DRAFT_HELP = `Its operations are given by slug (--operation, in order) and/or by selector: --all, --section
SLUG (the operations in a section), --tag NAME (those of an imported OpenAPI tag); a section
or tag selected also becomes one of the agent's sections (its search filters). --file takes the
admin API's agent definition (delivery, sections, defaultSearchLimit, operations,
searchSynonyms) as JSON or YAML; flags given with it change it.`;

export const AGENTS_CREATE_USAGE = `Usage: mcpforge gateway agents create <agent> --workspace <slug> [flags]

Creates an agent: one MCP endpoint, {prefix}/v1/<workspace>/<agent>. ${DRAFT_HELP}
--publish publishes it at once (its operations must be published: operations publish --all).

${ADMIN_KEY_HELP}

Flags:
${flagHelp(SAVE_FLAGS)}`;

export const AGENTS_EDIT_USAGE = `Usage: mcpforge gateway agents edit <agent> --workspace <slug> [flags]

Changes an agent's draft: the flags given replace those settings (a selector or --operation
replaces its operations); its endpoint serves the change once published (--publish).
${DRAFT_HELP}

${ADMIN_KEY_HELP}

Flags:
${flagHelp(SAVE_FLAGS)}`;

export const AGENTS_SHOW_USAGE = `Usage: mcpforge gateway agents show <agent> --workspace <slug> [flags]

Shows an agent: delivery, sections, operations, synonyms and latest published version.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(PLAIN_FLAGS)}`;

export const AGENTS_ARCHIVE_USAGE = `Usage: mcpforge gateway agents archive <agent> --workspace <slug> [flags]

Archives an agent: its MCP endpoint serves no catalog from now on. Its slug stays taken.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(PLAIN_FLAGS)}`;

const CHANGES = ['delivery', 'operation', 'all', 'section', 'tag', 'default-search-limit'];

/** The draft `base` with what the flags say; undefined when neither a file nor a flag is given. */
async function draftFrom(
  line: CommandLine,
  client: Awaited<ReturnType<typeof adminClientFor>>,
  workspace: string,
  current?: AgentDraft,
): Promise<AgentDraft | undefined> {
  const { flags, repeated } = line;
  const file = flags['file'];
  let draft: AgentDraft | undefined = current === undefined ? undefined : structuredClone(current);
  if (typeof file === 'string') {
    const { value } = await readDocumentFile(file, '--file');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new CliError(
        'invalid_value',
        `--file ${file} must hold one agent definition (an object: delivery, operations, ...)`,
      );
    }
    draft = value as AgentDraft;
  }
  if (!CHANGES.some((name) => flags[name] !== undefined)) return typeof file === 'string' ? draft : undefined;
  draft ??= { operations: [] };
  const delivery = flags['delivery'];
  if (typeof delivery === 'string') {
    if (delivery !== 'direct' && delivery !== 'search') {
      throw new CliError('invalid_value', `--delivery takes direct or search; got '${delivery}'`);
    }
    draft.delivery = delivery;
  }
  const limit = flags['default-search-limit'];
  if (typeof limit === 'string') {
    if (!/^\d+$/.test(limit))
      throw new CliError('invalid_value', `--default-search-limit takes a number 1..20; got '${limit}'`);
    draft['defaultSearchLimit'] = Number(limit);
  }
  const selector = selectorOf(flags, repeated);
  const named = repeated['operation'] ?? [];
  if (selector !== undefined || named.length > 0) {
    const picked =
      selector === undefined
        ? { operations: [], sections: [] }
        : await selectOperations(client, workspace, selector);
    draft.operations = [...new Set([...named, ...picked.operations.map((operation) => operation.slug)])];
    if (picked.sections.length > 0)
      draft.sections = [...new Set([...(draft.sections ?? []), ...picked.sections])];
  }
  return draft;
}

export interface AgentSaved {
  workspace: string;
  action: 'created' | 'edited';
  agent: Agent;
  published?: PublishedAgent | undefined;
}

async function save(args: readonly string[], io: CliIo, action: AgentSaved['action']) {
  const command = `mcpforge gateway agents ${action === 'created' ? 'create' : 'edit'}`;
  const line = parseCommandLine(
    args,
    { flags: SAVE_FLAGS, positionals: { name: '<agent>', min: 1, max: 1 } },
    command,
  );
  const workspace = requireWorkspace(line.flags, command);
  const slug = line.positionals[0] as string;
  const client = await adminClientFor(line.flags, io);
  let agent: Agent;
  if (action === 'created') {
    agent = await client.createAgent(workspace, slug, await draftFrom(line, client, workspace));
  } else {
    const current = await client.getAgent(workspace, slug);
    const draft = await draftFrom(line, client, workspace, current.draft);
    if (draft === undefined && line.flags['publish'] !== true) {
      throw new CliError(
        'missing_value',
        `${command} needs a change (--delivery, --operation, --all, --section, --tag, --file) or --publish`,
      );
    }
    agent = draft === undefined ? current : await client.updateAgentDraft(workspace, slug, draft);
  }
  const result: AgentSaved = { workspace, action, agent };
  if (line.flags['publish'] === true) result.published = await client.publishAgent(workspace, slug);
  return { result };
}

export function runCreate(args: readonly string[], io: CliIo): Promise<CommandOutput<AgentSaved>> {
  return save(args, io, 'created');
}

export function runEdit(args: readonly string[], io: CliIo): Promise<CommandOutput<AgentSaved>> {
  return save(args, io, 'edited');
}

export function renderSaved(result: AgentSaved, style: Palette = PLAIN): string {
  const { agent } = result;
  const head = `${result.action === 'created' ? 'Created' : 'Edited'} agent '${agent.slug}' in '${result.workspace}': ${agent.draft.delivery ?? 'direct'} delivery, ${agent.draft.operations.length} operation${agent.draft.operations.length === 1 ? '' : 's'}.`;
  if (result.published === undefined) {
    return `${head}\nPublish it to serve it: mcpforge gateway agents publish ${agent.slug} --workspace ${result.workspace}`;
  }
  return `${head}\n${renderPublish(result.published, style)}`;
}

async function one(args: readonly string[], io: CliIo, verb: string) {
  const command = `mcpforge gateway agents ${verb}`;
  const { flags, positionals } = parseCommandLine(
    args,
    { flags: PLAIN_FLAGS, positionals: { name: '<agent>', min: 1, max: 1 } },
    command,
  );
  const workspace = requireWorkspace(flags, command);
  return { client: await adminClientFor(flags, io), workspace, slug: positionals[0] as string };
}

export async function runShow(args: readonly string[], io: CliIo): Promise<CommandOutput<Agent>> {
  const { client, workspace, slug } = await one(args, io, 'show');
  return { result: await client.getAgent(workspace, slug) };
}

export function renderShow(agent: Agent, style: Palette = PLAIN): string {
  const synonyms = (agent.draft['searchSynonyms'] as string[][] | undefined) ?? [];
  return [
    `${style.bold(`agent ${agent.slug}`)} of ${agent.workspace}`,
    `  delivery    ${agent.draft.delivery ?? 'direct'}`,
    `  sections    ${(agent.draft.sections ?? []).join(', ') || '-'}`,
    `  operations  ${agent.draft.operations.join(', ') || '-'}`,
    `  synonyms    ${synonyms.map((group) => group.join(' = ')).join('; ') || '-'}`,
    `  published   ${agent.latestVersion > 0 ? `v${agent.latestVersion}` : 'draft only'}`,
    `  updated     ${shortTime(agent.updatedAt)}`,
    `  archived    ${shortTime(agent.archivedAt)}`,
  ].join('\n');
}

export async function runArchive(args: readonly string[], io: CliIo): Promise<CommandOutput<Agent>> {
  const { client, workspace, slug } = await one(args, io, 'archive');
  return { result: await client.archiveAgent(workspace, slug) };
}

export function renderArchive(agent: Agent): string {
  return `Archived agent '${agent.slug}' of '${agent.workspace}': its MCP endpoint serves nothing from now on.`;
}
