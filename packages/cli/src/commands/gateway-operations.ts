import { ADMIN_FLAGS, ADMIN_KEY_HELP, adminClientFor, JSON_FLAG } from '../admin/admin-flags.js';
import type { Operation, PublishedOperation } from '../admin/admin-types.js';
import { SELECTOR_FLAGS, selectOperations, selectorOf } from '../admin/operation-selector.js';
import { requireWorkspace, WORKSPACE_FLAG } from '../admin/workspace-flag.js';
import { CliError } from '../cli/cli-error.js';
import { type Palette, PLAIN } from '../cli/colour.js';
import { ExitCode } from '../cli/exit-code.js';
import { type FlagSpec, flagHelp, parseCommandLine } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';
import { shortTime, table } from '../cli/table.js';

/**
 * `mcpforge gateway operations list|publish`: a workspace's operations on a running gateway, and
 * publishing an operation's draft as its next immutable version (or every operation a selector
 * picks). `create|edit|show|archive` are in `gateway-operation-drafts.ts`.
 * @module
 */

const LIST_FLAGS: readonly FlagSpec[] = [
  WORKSPACE_FLAG,
  { name: 'include-archived', description: 'list archived operations too' },
  ...ADMIN_FLAGS,
  JSON_FLAG,
];
const PUBLISH_FLAGS: readonly FlagSpec[] = [WORKSPACE_FLAG, ...SELECTOR_FLAGS, ...ADMIN_FLAGS, JSON_FLAG];

export const OPERATIONS_LIST_USAGE = `Usage: mcpforge gateway operations list --workspace <slug> [flags]

Lists a workspace's operations by slug: the tool name, method and path of each draft, its
latest published version (none: a draft only, which no agent serves yet).

${ADMIN_KEY_HELP}

Flags:
${flagHelp(LIST_FLAGS)}`;

export const OPERATIONS_PUBLISH_USAGE = `Usage: mcpforge gateway operations publish <operation> --workspace <slug> [flags]
       mcpforge gateway operations publish --all|--section SLUG|--tag NAME --workspace <slug> [flags]

Publishes an operation's draft as its next immutable version (nothing new when the draft equals
the latest version), or the draft of each operation a selector picks: --all, --section (the
operations in a section), --tag (those of an imported OpenAPI tag). A refused one (an upstream
host off the allow-list) does not stop the others; the command then exits 1. Agents serve a
new version once they are published again: mcpforge gateway agents publish <agent>.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(PUBLISH_FLAGS)}`;

export interface OperationList {
  workspace: string;
  operations: Operation[];
}

export async function runList(args: readonly string[], io: CliIo): Promise<CommandOutput<OperationList>> {
  const command = 'mcpforge gateway operations list';
  const { flags } = parseCommandLine(args, { flags: LIST_FLAGS }, command);
  const workspace = requireWorkspace(flags, command);
  const client = await adminClientFor(flags, io);
  const operations = await client.listOperations(workspace, {
    includeArchived: flags['include-archived'] === true,
  });
  return { result: { workspace, operations } };
}

export function renderList(result: OperationList, style: Palette = PLAIN): string {
  if (result.operations.length === 0) {
    return `No operations in '${result.workspace}': 'mcpforge gateway import openapi <file> --workspace ${result.workspace}' imports an API's.`;
  }
  return table(
    ['OPERATION', 'TOOL', 'METHOD', 'PATH', 'PUBLISHED', 'UPDATED', 'ARCHIVED'],
    result.operations.map((operation) => [
      operation.slug,
      operation.draft.name,
      operation.draft.binding?.method ?? '-',
      operation.draft.binding?.path ?? '-',
      operation.latestVersion > 0 ? `v${operation.latestVersion}` : 'draft only',
      shortTime(operation.updatedAt),
      shortTime(operation.archivedAt),
    ]),
    style.bold,
  );
}

export interface OperationPublished extends PublishedOperation {
  workspace: string;
}

/** One operation of a publish by selector. */
export interface BulkPublishItem {
  operation: string;
  /** The version it is at; null when refused. */
  version: number | null;
  created: boolean;
  /** Why it was refused (the admin API's message); absent when published. */
  refused?: string;
}

/** `publish --all|--section|--tag`: each selected operation, published or refused. */
export interface BulkPublished {
  workspace: string;
  selected: number;
  operations: BulkPublishItem[];
}

export async function runPublish(
  args: readonly string[],
  io: CliIo,
): Promise<CommandOutput<OperationPublished | BulkPublished>> {
  const command = 'mcpforge gateway operations publish';
  const { flags, positionals, repeated } = parseCommandLine(
    args,
    { flags: PUBLISH_FLAGS, positionals: { name: '<operation>', min: 0, max: 1 } },
    command,
  );
  const selector = selectorOf(flags, repeated);
  if (selector !== undefined && positionals.length > 0) {
    throw new CliError(
      'conflicting_flags',
      `${command} takes <operation> or a selector (--all, --section, --tag), not both`,
    );
  }
  if (selector === undefined && positionals.length === 0) {
    throw new CliError(
      'missing_argument',
      `${command} needs <operation>, or --all (or --section SLUG, --tag NAME) to publish several: ${command} <operation> --workspace <slug>`,
    );
  }
  const workspace = requireWorkspace(flags, command);
  const client = await adminClientFor(flags, io);
  if (selector === undefined) {
    const published = await client.publishOperation(workspace, positionals[0] as string);
    return { result: { workspace, ...published } };
  }
  const { operations } = await selectOperations(client, workspace, selector);
  const items: BulkPublishItem[] = [];
  for (const [index, operation] of operations.entries()) {
    io.progress(`publishing ${index + 1}/${operations.length}: ${operation.slug}`);
    try {
      const { version, created } = await client.publishOperation(workspace, operation.slug);
      items.push({ operation: operation.slug, version: version.version, created });
    } catch (error) {
      if (!(error instanceof CliError) || error.code !== 'admin_refused') throw error;
      items.push({ operation: operation.slug, version: null, created: false, refused: error.message });
    }
  }
  const result: BulkPublished = { workspace, selected: operations.length, operations: items };
  const failed = items.some((item) => item.refused !== undefined);
  return { result, exitCode: failed ? ExitCode.failure : ExitCode.ok };
}

function renderBulk(result: BulkPublished, style: Palette): string {
  if (result.selected === 0) return `No operations selected in '${result.workspace}'.`;
  const made = result.operations.filter((item) => item.created).length;
  const refused = result.operations.filter((item) => item.refused !== undefined);
  const same = result.operations.length - made - refused.length;
  const lines = [
    `Published ${made} new version${made === 1 ? '' : 's'} in '${result.workspace}' (${same} unchanged, ${refused.length} refused, of ${result.selected} selected).`,
  ];
  for (const item of result.operations) {
    if (item.created) lines.push(`  ${item.operation}  v${item.version}`);
  }
  for (const item of refused) lines.push(`  ${style.red(item.operation)}  ${item.refused}`);
  if (made > 0)
    lines.push('Publish the agents that use them to serve them: mcpforge gateway agents publish <agent>.');
  return lines.join('\n');
}

export function renderPublish(result: OperationPublished | BulkPublished, style: Palette = PLAIN): string {
  if ('selected' in result) return renderBulk(result, style);
  const { version } = result;
  const what = `operation '${version.operation}' of '${result.workspace}'`;
  return result.created
    ? `Published ${what} as version ${version.version} (tool ${version.definition.name}). Publish the agents that use it to serve it.`
    : `Nothing new: the draft of ${what} equals its version ${version.version}.`;
}
