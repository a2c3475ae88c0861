import { ADMIN_FLAGS, ADMIN_KEY_HELP, adminClientFor, JSON_FLAG } from '../admin/admin-flags.js';
import type { UpstreamHost } from '../admin/admin-types.js';
import { requireWorkspace, WORKSPACE_FLAG } from '../admin/workspace-flag.js';
import { type Palette, PLAIN } from '../cli/colour.js';
import { type FlagSpec, flagHelp, parseCommandLine } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';
import { shortTime, table } from '../cli/table.js';

/**
 * `mcpforge gateway hosts add|list|remove`: a workspace's upstream allow-list, the hosts its
 * operations may call (the SSRF guard). Loopback, private and link-local addresses stay refused
 * unless the entry allows them: `--allow-loopback` for a mock upstream on this machine (Prism).
 * @module
 */

const LIST_FLAGS: readonly FlagSpec[] = [WORKSPACE_FLAG, ...ADMIN_FLAGS, JSON_FLAG];
const ADD_FLAGS: readonly FlagSpec[] = [
  WORKSPACE_FLAG,
  {
    name: 'allow-loopback',
    description: 'let it resolve to 127.0.0.0/8 or ::1 (a local mock such as Prism)',
  },
  {
    name: 'allow-private',
    description: 'let it resolve to a private address (10/8, 172.16/12, 192.168/16, fc00::/7)',
  },
  {
    name: 'allow-link-local',
    description: 'let it resolve to a link-local address (169.254/16, including cloud metadata)',
  },
  ...ADMIN_FLAGS,
  JSON_FLAG,
];

const PATTERN_HELP = `A pattern is a host (api.example.com), a wildcard (*.example.com: hosts under it, not the
apex) or an address (127.0.0.1, [::1]), each with an optional :port (without: any port).`;

export const HOSTS_LIST_USAGE = `Usage: mcpforge gateway hosts list --workspace <slug> [flags]

Lists a workspace's upstream allow-list: each pattern and the address ranges it may reach.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(LIST_FLAGS)}`;

export const HOSTS_ADD_USAGE = `Usage: mcpforge gateway hosts add <pattern> --workspace <slug> [flags]

Adds a host pattern to a workspace's allow-list, or replaces the flags of that entry; an
operation calling it can then be published. ${PATTERN_HELP}
Loopback, private and link-local addresses are refused after DNS resolution unless allowed.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(ADD_FLAGS)}`;

export const HOSTS_REMOVE_USAGE = `Usage: mcpforge gateway hosts remove <pattern> --workspace <slug> [flags]

Removes a pattern from the allow-list: its operations can no longer be published, and calls
to it are refused from the next call on.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(LIST_FLAGS)}`;

export interface HostList {
  workspace: string;
  hosts: UpstreamHost[];
}

export async function runList(args: readonly string[], io: CliIo): Promise<CommandOutput<HostList>> {
  const command = 'mcpforge gateway hosts list';
  const { flags } = parseCommandLine(args, { flags: LIST_FLAGS }, command);
  const workspace = requireWorkspace(flags, command);
  const client = await adminClientFor(flags, io);
  return { result: { workspace, hosts: await client.listUpstreamHosts(workspace) } };
}

/** What an entry may reach besides public addresses. */
function reach(host: UpstreamHost): string {
  const extra = [
    host.allowLoopback ? 'loopback' : '',
    host.allowPrivate ? 'private' : '',
    host.allowLinkLocal ? 'link-local' : '',
  ].filter((word) => word !== '');
  return extra.length === 0 ? 'public' : `public, ${extra.join(', ')}`;
}

export function renderList(result: HostList, style: Palette = PLAIN): string {
  if (result.hosts.length === 0) {
    return `No hosts on the allow-list of '${result.workspace}': mcpforge gateway hosts add <pattern> --workspace ${result.workspace}`;
  }
  return table(
    ['PATTERN', 'MAY REACH', 'ADDED'],
    result.hosts.map((host) => [host.hostPattern, reach(host), shortTime(host.createdAt)]),
    style.bold,
  );
}

export interface HostAdded {
  workspace: string;
  host: UpstreamHost;
}

export async function runAdd(args: readonly string[], io: CliIo): Promise<CommandOutput<HostAdded>> {
  const command = 'mcpforge gateway hosts add';
  const { flags, positionals } = parseCommandLine(
    args,
    { flags: ADD_FLAGS, positionals: { name: '<pattern>', min: 1, max: 1 } },
    command,
  );
  const workspace = requireWorkspace(flags, command);
  const client = await adminClientFor(flags, io);
  const host = await client.putUpstreamHost(workspace, {
    hostPattern: positionals[0] as string,
    allowLoopback: flags['allow-loopback'] === true,
    allowPrivate: flags['allow-private'] === true,
    allowLinkLocal: flags['allow-link-local'] === true,
  });
  return { result: { workspace, host } };
}

export function renderAdd(result: HostAdded): string {
  return `Allowed '${result.host.hostPattern}' in '${result.workspace}' (may reach ${reach(result.host)} addresses).`;
}

export interface HostRemoved {
  workspace: string;
  hostPattern: string;
}

export async function runRemove(args: readonly string[], io: CliIo): Promise<CommandOutput<HostRemoved>> {
  const command = 'mcpforge gateway hosts remove';
  const { flags, positionals } = parseCommandLine(
    args,
    { flags: LIST_FLAGS, positionals: { name: '<pattern>', min: 1, max: 1 } },
    command,
  );
  const workspace = requireWorkspace(flags, command);
  const client = await adminClientFor(flags, io);
  const hostPattern = positionals[0] as string;
  await client.removeUpstreamHost(workspace, hostPattern);
  return { result: { workspace, hostPattern } };
}

export function renderRemove(result: HostRemoved): string {
  return `Removed '${result.hostPattern}' from the allow-list of '${result.workspace}'.`;
}
