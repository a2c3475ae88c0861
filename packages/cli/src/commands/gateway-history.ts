import { ADMIN_FLAGS, ADMIN_KEY_HELP, adminClientFor, JSON_FLAG } from '../admin/admin-flags.js';
import type { HistoryFilter, Invocation } from '../admin/admin-types.js';
import { CliError } from '../cli/cli-error.js';
import { type Palette, PLAIN } from '../cli/colour.js';
import { type FlagSpec, flagHelp, parseCommandLine } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';
import { table } from '../cli/table.js';

/**
 * `mcpforge gateway history`: the latest `tools/call`s of a running gateway, newest first,
 * filtered as the admin API filters them. Ids, names, times and outcomes; the gateway never
 * keeps arguments or payloads.
 * @module
 */

/** Calls shown unless `--limit` says otherwise. */
const DEFAULT_LIMIT = 50;
/** The admin API's largest page. */
const MAX_LIMIT = 500;

const FLAGS: readonly FlagSpec[] = [
  { name: 'workspace', value: 'SLUG', description: "only this workspace's calls", example: 'default' },
  {
    name: 'agent',
    value: 'SLUG',
    description: "only this agent's calls (with --workspace)",
    example: 'currency-rates',
  },
  { name: 'key', value: 'KEY-ID', description: "only this key's calls (an id from keys list)" },
  {
    name: 'outcome',
    value: 'OUTCOME',
    description: 'success, tool_error, rejected or approval_required',
    example: 'tool_error',
  },
  {
    name: 'since',
    value: 'TIME',
    description: 'calls at or after this ISO time',
    example: '2026-12-01T10:00:00Z',
  },
  {
    name: 'until',
    value: 'TIME',
    description: 'calls before this ISO time',
    example: '2026-12-01T11:00:00Z',
  },
  {
    name: 'limit',
    value: 'N',
    description: `at most this many calls (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT})`,
    example: '20',
  },
  ...ADMIN_FLAGS,
  JSON_FLAG,
];

export const HISTORY_USAGE = `Usage: mcpforge gateway history [flags]

Lists the latest tools/call history of a running gateway, newest first: time, workspace, agent,
tool, outcome, duration and the request id (the x-request-id of the call). Never arguments or
payloads: the gateway does not keep them.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(FLAGS)}`;

export interface HistoryResult {
  filter: HistoryFilter;
  calls: Invocation[];
  /** Whether older calls match too (raise --limit, or narrow --until). */
  more: boolean;
}

export async function run(args: readonly string[], io: CliIo): Promise<CommandOutput<HistoryResult>> {
  const command = 'mcpforge gateway history';
  const { flags } = parseCommandLine(args, { flags: FLAGS }, command);
  const text = (name: string) => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);
  const limitText = text('limit') ?? String(DEFAULT_LIMIT);
  const limit = Number(limitText);
  if (!/^\d+$/.test(limitText) || limit < 1 || limit > MAX_LIMIT) {
    throw new CliError('invalid_value', `--limit takes a number 1..${MAX_LIMIT}; got '${limitText}'`);
  }
  if (text('agent') !== undefined && text('workspace') === undefined) {
    throw new CliError(
      'missing_value',
      `--agent needs --workspace: agent slugs are per workspace, e.g. --workspace default`,
    );
  }
  const filter: HistoryFilter = {
    workspace: text('workspace'),
    agent: text('agent'),
    key: text('key'),
    outcome: text('outcome'),
    since: text('since'),
    until: text('until'),
  };
  const client = await adminClientFor(flags, io);
  const page = await client.historyPage(filter, limit);
  const defined = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
  return { result: { filter: defined, calls: page.items, more: page.nextCursor !== null } };
}

export function render(result: HistoryResult, style: Palette = PLAIN): string {
  if (result.calls.length === 0) return 'No calls match.';
  const rows = table(
    ['TIME', 'WORKSPACE', 'AGENT', 'TOOL', 'OUTCOME', 'MS', 'REQUEST'],
    result.calls.map((call) => [
      call.calledAt.replace('T', ' ').slice(0, 19),
      call.workspace,
      call.agent,
      call.tool ?? '-',
      call.errorCode === null ? call.outcome : `${call.outcome} (${call.errorCode})`,
      String(call.durationMs),
      call.requestId,
    ]),
    style.bold,
  );
  return result.more
    ? `${rows}\n${style.dim('More calls match: raise --limit, or narrow with --until.')}`
    : rows;
}
