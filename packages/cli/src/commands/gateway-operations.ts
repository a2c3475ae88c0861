import { ADMIN_FLAGS, ADMIN_KEY_HELP, adminClientFor, JSON_FLAG } from '../admin/admin-flags.js';
import type { Operation, PublishedOperation } from '../admin/admin-types.js';
import { requireWorkspace, WORKSPACE_FLAG } from '../admin/workspace-flag.js';
import { type Palette, PLAIN } from '../cli/colour.js';
import { type FlagSpec, flagHelp, parseCommandLine } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';
import { shortTime, table } from '../cli/table.js';

/**
 * `mcpforge gateway operations list|publish`: a workspace's operations on a running gateway, and
 * publishing an operation's draft as its next immutable version.
 * @module
 */

const LIST_FLAGS: readonly FlagSpec[] = [
  WORKSPACE_FLAG,
  { name: 'include-archived', description: 'list archived operations too' },
  ...ADMIN_FLAGS,
  JSON_FLAG,
];
const PUBLISH_FLAGS: readonly FlagSpec[] = [WORKSPACE_FLAG, ...ADMIN_FLAGS, JSON_FLAG];

export const OPERATIONS_LIST_USAGE = `Usage: mcpforge gateway operations list --workspace <slug> [flags]

Lists a workspace's operations by slug: the tool name, method and path of each draft, its
latest published version (none: a draft only, which no agent serves yet).

${ADMIN_KEY_HELP}

Flags:
${flagHelp(LIST_FLAGS)}`;

export const OPERATIONS_PUBLISH_USAGE = `Usage: mcpforge gateway operations publish <operation> --workspace <slug> [flags]

Publishes an operation's draft as its next immutable version (nothing new when the draft equals
the latest version). Agents serve it once they are published again: mcpforge gateway agents
publish <agent> --workspace <slug>.

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

export async function runPublish(
  args: readonly string[],
  io: CliIo,
): Promise<CommandOutput<OperationPublished>> {
  const command = 'mcpforge gateway operations publish';
  const { flags, positionals } = parseCommandLine(
    args,
    { flags: PUBLISH_FLAGS, positionals: { name: '<operation>', min: 1, max: 1 } },
    command,
  );
  const workspace = requireWorkspace(flags, command);
  const client = await adminClientFor(flags, io);
  const published = await client.publishOperation(workspace, positionals[0] as string);
  return { result: { workspace, ...published } };
}

export function renderPublish(result: OperationPublished): string {
  const { version } = result;
  const what = `operation '${version.operation}' of '${result.workspace}'`;
  return result.created
    ? `Published ${what} as version ${version.version} (tool ${version.definition.name}). Publish the agents that use it to serve it.`
    : `Nothing new: the draft of ${what} equals its version ${version.version}.`;
}
