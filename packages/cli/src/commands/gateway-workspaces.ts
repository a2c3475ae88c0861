import { ADMIN_FLAGS, ADMIN_KEY_HELP, adminClientFor, JSON_FLAG } from '../admin/admin-flags.js';
import type { Workspace } from '../admin/admin-types.js';
import { type Palette, PLAIN } from '../cli/colour.js';
import { type FlagSpec, flagHelp, parseCommandLine } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';
import { shortTime, table } from '../cli/table.js';

/**
 * `mcpforge gateway workspaces` lists the workspaces of a running gateway;
 * `mcpforge gateway workspaces create <slug>` adds one. Both through its admin API.
 * @module
 */

const LIST_FLAGS: readonly FlagSpec[] = [...ADMIN_FLAGS, JSON_FLAG];
const CREATE_FLAGS: readonly FlagSpec[] = [...ADMIN_FLAGS, JSON_FLAG];

export const WORKSPACES_USAGE = `Usage: mcpforge gateway workspaces [flags]

Lists the workspaces of a running gateway, by slug. A workspace owns sections, the upstream
allow-list, operations, agents and keys. 'mcpforge gateway workspaces create <slug>' adds one.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(LIST_FLAGS)}`;

export const WORKSPACES_CREATE_USAGE = `Usage: mcpforge gateway workspaces create <slug> [flags]

Creates a workspace on a running gateway. A slug is lower-case letters, digits and '-',
starting with a letter (e.g. finance).

${ADMIN_KEY_HELP}

Flags:
${flagHelp(CREATE_FLAGS)}`;

export interface WorkspacesResult {
  workspaces: Workspace[];
}

export async function runList(args: readonly string[], io: CliIo): Promise<CommandOutput<WorkspacesResult>> {
  const { flags } = parseCommandLine(args, { flags: LIST_FLAGS }, 'mcpforge gateway workspaces');
  const client = await adminClientFor(flags, io);
  return { result: { workspaces: await client.listWorkspaces() } };
}

export function renderList(result: WorkspacesResult, style: Palette = PLAIN): string {
  if (result.workspaces.length === 0) {
    return "No workspaces yet: 'mcpforge gateway workspaces create <slug>' adds one.";
  }
  return table(
    ['SLUG', 'CREATED'],
    result.workspaces.map((workspace) => [workspace.slug, shortTime(workspace.createdAt)]),
    style.bold,
  );
}

export interface WorkspaceCreated {
  workspace: Workspace;
}

export async function runCreate(
  args: readonly string[],
  io: CliIo,
): Promise<CommandOutput<WorkspaceCreated>> {
  const { flags, positionals } = parseCommandLine(
    args,
    { flags: CREATE_FLAGS, positionals: { name: '<slug>', min: 1, max: 1 } },
    'mcpforge gateway workspaces create',
  );
  const client = await adminClientFor(flags, io);
  return { result: { workspace: await client.createWorkspace(positionals[0] as string) } };
}

export function renderCreate(result: WorkspaceCreated): string {
  return `Created workspace '${result.workspace.slug}'.`;
}
