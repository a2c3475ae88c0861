import { ADMIN_FLAGS, ADMIN_KEY_HELP, adminClientFor, JSON_FLAG } from '../admin/admin-flags.js';
import type { Operation, OperationDraft, PublishedOperation } from '../admin/admin-types.js';
import { readDocumentFile } from '../admin/document-file.js';
import { requireWorkspace, WORKSPACE_FLAG } from '../admin/workspace-flag.js';
import { CliError } from '../cli/cli-error.js';
import { type Palette, PLAIN } from '../cli/colour.js';
import { type CommandLine, type FlagSpec, flagHelp, parseCommandLine } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';
import { shortTime } from '../cli/table.js';

/**
 * `mcpforge gateway operations create|edit|show|archive`: an operation's draft from a JSON or
 * YAML file or from flags, read back, and archived. Publishing is `operations publish`.
 * @module
 */

const DRAFT_FLAGS: readonly FlagSpec[] = [
  {
    name: 'file',
    value: 'FILE',
    description: 'the draft (an operation definition) as JSON or YAML',
    example: './operation.yaml',
  },
  { name: 'name', value: 'TOOL', description: 'the MCP tool name (default: the slug with _ for -)' },
  { name: 'title', value: 'TEXT', description: "the tool's title" },
  { name: 'description', value: 'TEXT', description: 'what the tool does, for the model' },
  { name: 'method', value: 'METHOD', description: 'GET, POST, PUT, PATCH or DELETE', example: 'GET' },
  {
    name: 'base-url',
    value: 'URL',
    description: 'the upstream, e.g. http://127.0.0.1:4010 (its host must be allowed: hosts add)',
    example: 'http://127.0.0.1:4010',
  },
  {
    name: 'path',
    value: 'PATH',
    description: 'below the base URL; each {name} becomes a required string argument',
    example: '/pets/{petId}',
  },
  { name: 'section', value: 'SLUG', description: 'a section it belongs to (repeat for more)' },
  { name: 'approval', value: 'MODE', description: 'required: a person approves every call; none' },
];

const CREATE_FLAGS: readonly FlagSpec[] = [
  WORKSPACE_FLAG,
  ...DRAFT_FLAGS,
  { name: 'publish', description: 'publish the draft as version 1 at once' },
  ...ADMIN_FLAGS,
  JSON_FLAG,
];
const EDIT_FLAGS = CREATE_FLAGS;
const PLAIN_FLAGS: readonly FlagSpec[] = [WORKSPACE_FLAG, ...ADMIN_FLAGS, JSON_FLAG];

const DRAFT_HELP = `The draft comes from --file (the admin API's operation definition, JSON or YAML:
name, description, inputSchema, binding { method, baseUrl, path, arguments, headers }, ...) or
from the flags; with both, the flags change the file's draft.`;

export const OPERATIONS_CREATE_USAGE = `Usage: mcpforge gateway operations create <operation> --workspace <slug> [flags]

Creates an operation with its first draft. ${DRAFT_HELP} Without --file it needs
--description, --method, --base-url and --path. --publish publishes it at once.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(CREATE_FLAGS)}`;

export const OPERATIONS_EDIT_USAGE = `Usage: mcpforge gateway operations edit <operation> --workspace <slug> [flags]

Replaces an operation's draft with --file, or changes the fields the flags give; published
versions do not change until it is published again (--publish).

${ADMIN_KEY_HELP}

Flags:
${flagHelp(EDIT_FLAGS)}`;

export const OPERATIONS_SHOW_USAGE = `Usage: mcpforge gateway operations show <operation> --workspace <slug> [flags]

Shows an operation: its latest published version and its draft, whole (--json for the API's object).

${ADMIN_KEY_HELP}

Flags:
${flagHelp(PLAIN_FLAGS)}`;

export const OPERATIONS_ARCHIVE_USAGE = `Usage: mcpforge gateway operations archive <operation> --workspace <slug> [flags]

Archives an operation: agents published from now on leave it out; catalogs already published
keep it until their agent is published again. Its slug stays taken.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(PLAIN_FLAGS)}`;

/** A string argument for each `{name}` of `path`, placed in the path. */
function pathArguments(
  path: string,
): Pick<OperationDraft, 'inputSchema'> & { arguments: Record<string, unknown> } {
  const names = [...path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1] as string);
  return {
    inputSchema: {
      type: 'object',
      properties: Object.fromEntries(names.map((name) => [name, { type: 'string', minLength: 1 }])),
      required: names,
      additionalProperties: false,
    },
    arguments: Object.fromEntries(names.map((name) => [name, { in: 'path' }])),
  };
}

/** `base` with the fields the flags give. */
function withFlags(base: OperationDraft | undefined, line: CommandLine, slug: string): OperationDraft {
  const { flags, repeated } = line;
  const text = (name: string) => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);
  const draft: OperationDraft =
    base === undefined ? { name: slug.replace(/-/g, '_') } : structuredClone(base);
  if (text('name') !== undefined) draft.name = text('name') as string;
  if (text('title') !== undefined) draft.title = text('title') as string;
  if (text('description') !== undefined) draft.description = text('description') as string;
  const approval = text('approval');
  if (approval !== undefined) {
    if (approval !== 'none' && approval !== 'required') {
      throw new CliError('invalid_value', `--approval takes none or required; got '${approval}'`);
    }
    draft['approval'] = approval;
  }
  if (repeated['section'] !== undefined) draft['sections'] = [...repeated['section']];
  const binding = { ...(draft.binding ?? {}) };
  const method = text('method');
  if (method !== undefined) binding.method = method.toUpperCase();
  if (text('base-url') !== undefined) binding.baseUrl = text('base-url') as string;
  const path = text('path');
  if (path !== undefined) {
    binding.path = path;
    // A new draft, or one whose path changed: its arguments follow the path's placeholders.
    if (base === undefined || draft['inputSchema'] === undefined) {
      const made = pathArguments(path);
      draft['inputSchema'] = made.inputSchema;
      binding['arguments'] = made.arguments;
    }
  }
  if (Object.keys(binding).length > 0) draft.binding = binding;
  return draft;
}

const FLAG_FIELDS = ['name', 'title', 'description', 'method', 'base-url', 'path', 'section', 'approval'];

/** The draft from `--file` and/or the flags; undefined when neither is given. */
async function draftFrom(
  line: CommandLine,
  slug: string,
  current?: OperationDraft,
): Promise<OperationDraft | undefined> {
  const file = line.flags['file'];
  let base = current;
  if (typeof file === 'string') {
    const { value } = await readDocumentFile(file, '--file');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new CliError(
        'invalid_value',
        `--file ${file} must hold one operation definition (an object with name, description, inputSchema, binding)`,
      );
    }
    base = value as OperationDraft;
  }
  const flagged = FLAG_FIELDS.some((name) => line.flags[name] !== undefined);
  if (!flagged) return typeof file === 'string' ? base : undefined;
  return withFlags(base, line, slug);
}

export interface OperationSaved {
  workspace: string;
  action: 'created' | 'edited';
  operation: Operation;
  published?: PublishedOperation | undefined;
}

async function save(args: readonly string[], io: CliIo, action: OperationSaved['action']) {
  const command = `mcpforge gateway operations ${action === 'created' ? 'create' : 'edit'}`;
  const line = parseCommandLine(
    args,
    { flags: CREATE_FLAGS, positionals: { name: '<operation>', min: 1, max: 1 } },
    command,
  );
  const workspace = requireWorkspace(line.flags, command);
  const slug = line.positionals[0] as string;
  const client = await adminClientFor(line.flags, io);
  let operation: Operation;
  if (action === 'created') {
    const draft = await draftFrom(line, slug);
    if (draft === undefined) {
      throw new CliError(
        'missing_value',
        `${command} needs --file FILE, or --description, --method, --base-url and --path (${command} --help says more)`,
      );
    }
    operation = await client.createOperation(workspace, slug, draft);
  } else {
    const current = await client.getOperation(workspace, slug);
    const draft = await draftFrom(line, slug, current.draft);
    operation =
      draft === undefined
        ? current
        : await client.updateOperationDraft(workspace, slug, draft, current.draftRevision);
    if (draft === undefined && line.flags['publish'] !== true) {
      throw new CliError(
        'missing_value',
        `${command} needs --file FILE or a flag to change (--description, --path, ...), or --publish`,
      );
    }
  }
  const result: OperationSaved = { workspace, action, operation };
  if (line.flags['publish'] === true) result.published = await client.publishOperation(workspace, slug);
  return { result };
}

export function runCreate(args: readonly string[], io: CliIo): Promise<CommandOutput<OperationSaved>> {
  return save(args, io, 'created');
}

export function runEdit(args: readonly string[], io: CliIo): Promise<CommandOutput<OperationSaved>> {
  return save(args, io, 'edited');
}

export function renderSaved(result: OperationSaved): string {
  const { operation, published } = result;
  const lines = [
    `${result.action === 'created' ? 'Created' : 'Edited'} operation '${operation.slug}' in '${result.workspace}' (tool ${operation.draft.name}, draft revision ${operation.draftRevision}).`,
  ];
  if (published === undefined) {
    lines.push(
      `Publish it to serve it: mcpforge gateway operations publish ${operation.slug} --workspace ${result.workspace}`,
    );
  } else if (published.created) {
    lines.push(
      `Published it as version ${published.version.version}. Publish the agents that use it to serve it.`,
    );
  } else {
    lines.push(`Nothing new to publish: the draft equals version ${published.version.version}.`);
  }
  return lines.join('\n');
}

async function one(args: readonly string[], io: CliIo, verb: string) {
  const command = `mcpforge gateway operations ${verb}`;
  const { flags, positionals } = parseCommandLine(
    args,
    { flags: PLAIN_FLAGS, positionals: { name: '<operation>', min: 1, max: 1 } },
    command,
  );
  const workspace = requireWorkspace(flags, command);
  return { client: await adminClientFor(flags, io), workspace, slug: positionals[0] as string };
}

export async function runShow(args: readonly string[], io: CliIo): Promise<CommandOutput<Operation>> {
  const { client, workspace, slug } = await one(args, io, 'show');
  return { result: await client.getOperation(workspace, slug) };
}

export function renderShow(operation: Operation, style: Palette = PLAIN): string {
  const binding = operation.draft.binding ?? {};
  return [
    `${style.bold(`operation ${operation.slug}`)} of ${operation.workspace}`,
    `  tool       ${operation.draft.name}`,
    `  call       ${binding.method ?? '-'} ${binding.baseUrl ?? ''}${binding.path ?? ''}`,
    `  published  ${operation.latestVersion > 0 ? `v${operation.latestVersion}` : 'draft only'}`,
    `  revision   ${operation.draftRevision} (updated ${shortTime(operation.updatedAt)})`,
    `  archived   ${shortTime(operation.archivedAt)}`,
    '',
    'Draft:',
    JSON.stringify(operation.draft, null, 2),
  ].join('\n');
}

export async function runArchive(args: readonly string[], io: CliIo): Promise<CommandOutput<Operation>> {
  const { client, workspace, slug } = await one(args, io, 'archive');
  return { result: await client.archiveOperation(workspace, slug) };
}

export function renderArchive(operation: Operation): string {
  return `Archived operation '${operation.slug}' of '${operation.workspace}': agents published from now on leave it out.`;
}
