import { ADMIN_FLAGS, ADMIN_KEY_HELP, adminClientFor, JSON_FLAG } from '../admin/admin-flags.js';
import type { Agent, PublishedAgent } from '../admin/admin-types.js';
import { requireWorkspace, WORKSPACE_FLAG } from '../admin/workspace-flag.js';
import { type Palette, PLAIN } from '../cli/colour.js';
import { type FlagSpec, flagHelp, parseCommandLine } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';
import { shortTime, table } from '../cli/table.js';

/**
 * `mcpforge gateway agents list|publish`: a workspace's agents on a running gateway, and
 * publishing an agent's draft as its next immutable catalog (what its MCP endpoint serves).
 * @module
 */

const LIST_FLAGS: readonly FlagSpec[] = [
  WORKSPACE_FLAG,
  { name: 'include-archived', description: 'list archived agents too' },
  ...ADMIN_FLAGS,
  JSON_FLAG,
];
const PUBLISH_FLAGS: readonly FlagSpec[] = [WORKSPACE_FLAG, ...ADMIN_FLAGS, JSON_FLAG];

export const AGENTS_LIST_USAGE = `Usage: mcpforge gateway agents list --workspace <slug> [flags]

Lists a workspace's agents by slug: delivery (direct: tools/list lists every tool; search:
search_tools and call_tool), how many operations and search synonym groups the draft has, the
latest published version.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(LIST_FLAGS)}`;

export const AGENTS_PUBLISH_USAGE = `Usage: mcpforge gateway agents publish <agent> --workspace <slug> [flags]

Publishes an agent's draft as its next catalog, pinning the latest published version of each of
its operations; its MCP endpoint serves it at once. Prints the catalog's size (bytes, estimated
tokens, largest tool) and its quality warnings. Nothing new when the catalog equals the latest.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(PUBLISH_FLAGS)}`;

export interface AgentList {
  workspace: string;
  agents: Agent[];
}

export async function runList(args: readonly string[], io: CliIo): Promise<CommandOutput<AgentList>> {
  const command = 'mcpforge gateway agents list';
  const { flags } = parseCommandLine(args, { flags: LIST_FLAGS }, command);
  const workspace = requireWorkspace(flags, command);
  const client = await adminClientFor(flags, io);
  const agents = await client.listAgents(workspace, { includeArchived: flags['include-archived'] === true });
  return { result: { workspace, agents } };
}

/** Synonym groups of a draft; a gateway from before they existed sends none. */
function synonymGroups(draft: Agent['draft']): number {
  const groups = draft['searchSynonyms'];
  return Array.isArray(groups) ? groups.length : 0;
}

export function renderList(result: AgentList, style: Palette = PLAIN): string {
  if (result.agents.length === 0) return `No agents in '${result.workspace}'.`;
  return table(
    ['AGENT', 'DELIVERY', 'OPERATIONS', 'SYNONYMS', 'PUBLISHED', 'UPDATED', 'ARCHIVED'],
    result.agents.map((agent) => [
      agent.slug,
      agent.draft.delivery ?? 'direct',
      String(agent.draft.operations.length),
      String(synonymGroups(agent.draft)),
      agent.latestVersion > 0 ? `v${agent.latestVersion}` : 'draft only',
      shortTime(agent.updatedAt),
      shortTime(agent.archivedAt),
    ]),
    style.bold,
  );
}

export async function runPublish(args: readonly string[], io: CliIo): Promise<CommandOutput<PublishedAgent>> {
  const command = 'mcpforge gateway agents publish';
  const { flags, positionals } = parseCommandLine(
    args,
    { flags: PUBLISH_FLAGS, positionals: { name: '<agent>', min: 1, max: 1 } },
    command,
  );
  const workspace = requireWorkspace(flags, command);
  const client = await adminClientFor(flags, io);
  return { result: await client.publishAgent(workspace, positionals[0] as string) };
}

export function renderPublish(result: PublishedAgent, style: Palette = PLAIN): string {
  const { catalog } = result;
  const { metrics } = catalog;
  const what = `agent '${catalog.agent}' of '${catalog.workspace}'`;
  const lines = [
    result.created
      ? `Published ${what} as version ${catalog.agentVersion} (revision ${catalog.revision}).`
      : style.dim(`Nothing new: ${what} equals its version ${catalog.agentVersion}.`),
    `  tools      ${metrics.toolCount} (${metrics.delivery})`,
    `  catalog    ${metrics.catalogBytes} bytes, ~${metrics.estimatedTokens} tokens`,
    `  largest    ${metrics.largestTool === null ? '-' : `${metrics.largestTool} (${metrics.largestToolBytes} bytes)`}`,
  ];
  for (const excluded of result.excluded)
    lines.push(`  left out  ${excluded.operation} (${excluded.reason})`);
  if (catalog.warnings.length > 0) {
    lines.push('', `Warnings (${catalog.warnings.length}):`);
    for (const warning of catalog.warnings) lines.push(`  ${style.yellow(warning.code)}: ${warning.message}`);
  }
  return lines.join('\n');
}
