import { readFile } from 'node:fs/promises';
import { ADMIN_FLAGS, ADMIN_KEY_HELP, adminClientFor, JSON_FLAG } from '../admin/admin-flags.js';
import type { Approval } from '../admin/admin-types.js';
import { requireWorkspace, WORKSPACE_FLAG } from '../admin/workspace-flag.js';
import { CliError } from '../cli/cli-error.js';
import { type Palette, PLAIN } from '../cli/colour.js';
import { type FlagSpec, type FlagValues, flagHelp, parseCommandLine } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';
import { shortTime, table } from '../cli/table.js';

/**
 * `mcpforge gateway approvals list|show|approve|deny`: human approval requests. Listing and
 * reading go through the admin API (an admin key); deciding goes through the approval API with
 * an approval key, as the gateway keeps the two apart: an admin key cannot approve.
 * @module
 */

/** An approval key's value (deciding only). */
export const APPROVAL_KEY_ENV = 'MCPFORGE_APPROVAL_KEY';

const AGENT_FLAG: FlagSpec = {
  name: 'agent',
  value: 'SLUG',
  description: 'the agent the request belongs to',
  example: 'sales',
};
const LIST_FLAGS: readonly FlagSpec[] = [
  WORKSPACE_FLAG,
  { ...AGENT_FLAG, description: "only this agent's requests" },
  {
    name: 'status',
    value: 'STATUS',
    description: 'pending, executing, completed, failed, denied or expired',
    example: 'pending',
  },
  ...ADMIN_FLAGS,
  JSON_FLAG,
];
const SHOW_FLAGS: readonly FlagSpec[] = [WORKSPACE_FLAG, AGENT_FLAG, ...ADMIN_FLAGS, JSON_FLAG];
const DECIDE_FLAGS: readonly FlagSpec[] = [
  WORKSPACE_FLAG,
  AGENT_FLAG,
  { name: 'note', value: 'TEXT', description: 'why, kept with the decision (at most 2,000 characters)' },
  {
    name: 'approval-key-file',
    value: 'FILE',
    description: `a file holding an approval key (default: the key in ${APPROVAL_KEY_ENV})`,
    example: './approval-key',
  },
  ADMIN_FLAGS[0] as FlagSpec,
  JSON_FLAG,
];

export const APPROVALS_LIST_USAGE = `Usage: mcpforge gateway approvals list --workspace <slug> [flags]

Lists a workspace's approval requests, newest first: id, agent, tool, status, created, decided.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(LIST_FLAGS)}`;

export const APPROVALS_SHOW_USAGE = `Usage: mcpforge gateway approvals show <approval-id> --workspace <slug> --agent <slug> [flags]

Shows one approval request: its redacted arguments preview, decision and outcome.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(SHOW_FLAGS)}`;

const DECIDE_KEY_HELP = `Deciding takes an approval key (keys create --type approval), not an admin key: it is read
from ${APPROVAL_KEY_ENV} or from the file --approval-key-file names, never from a flag value.`;

export const APPROVALS_APPROVE_USAGE = `Usage: mcpforge gateway approvals approve <approval-id> --workspace <slug> --agent <slug> [flags]

Approves a pending request: the gateway executes the stored call upstream, once, and the
answer comes when it is done (completed, or failed with the tool error). Approving a request
already decided changes nothing and shows it.

${DECIDE_KEY_HELP}

Flags:
${flagHelp(DECIDE_FLAGS)}`;

export const APPROVALS_DENY_USAGE = `Usage: mcpforge gateway approvals deny <approval-id> --workspace <slug> --agent <slug> [flags]

Denies a pending request: nothing is executed; the model's next identical call makes a new one.

${DECIDE_KEY_HELP}

Flags:
${flagHelp(DECIDE_FLAGS)}`;

export interface ApprovalList {
  workspace: string;
  approvals: Approval[];
}

export async function runList(args: readonly string[], io: CliIo): Promise<CommandOutput<ApprovalList>> {
  const command = 'mcpforge gateway approvals list';
  const { flags } = parseCommandLine(args, { flags: LIST_FLAGS }, command);
  const workspace = requireWorkspace(flags, command);
  const client = await adminClientFor(flags, io);
  const text = (name: string) => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);
  const approvals = await client.listApprovals({ workspace, agent: text('agent'), status: text('status') });
  return { result: { workspace, approvals } };
}

const field = (approval: Approval, camel: string, snake: string) =>
  (approval[camel] ?? approval[snake]) as string | null | undefined;

export function renderList(result: ApprovalList, style: Palette = PLAIN): string {
  if (result.approvals.length === 0) return `No approval requests in '${result.workspace}'.`;
  return table(
    ['APPROVAL', 'AGENT', 'TOOL', 'STATUS', 'CREATED', 'DECIDED'],
    result.approvals.map((approval) => [
      field(approval, 'id', 'approval_id') ?? '-',
      String(approval['agent']),
      String(approval['tool']),
      String(approval['status']),
      shortTime(field(approval, 'createdAt', 'created_at')),
      shortTime(field(approval, 'decidedAt', 'decided_at')),
    ]),
    style.bold,
  );
}

function target(flags: FlagValues, command: string): { workspace: string; agent: string } {
  const workspace = requireWorkspace(flags, command);
  const agent = flags['agent'];
  if (typeof agent !== 'string') {
    throw new CliError(
      'missing_value',
      `${command} needs --agent SLUG: the agent the request belongs to (approvals list shows it)`,
    );
  }
  return { workspace, agent };
}

export async function runShow(args: readonly string[], io: CliIo): Promise<CommandOutput<Approval>> {
  const command = 'mcpforge gateway approvals show';
  const { flags, positionals } = parseCommandLine(
    args,
    { flags: SHOW_FLAGS, positionals: { name: '<approval-id>', min: 1, max: 1 } },
    command,
  );
  const { workspace, agent } = target(flags, command);
  const client = await adminClientFor(flags, io);
  return { result: await client.getApproval(workspace, agent, positionals[0] as string) };
}

export function renderShow(approval: Approval, style: Palette = PLAIN): string {
  const value = (camel: string, snake: string) => {
    const found = approval[camel] ?? approval[snake];
    return found === null || found === undefined
      ? '-'
      : typeof found === 'string'
        ? found
        : JSON.stringify(found);
  };
  return [
    `${style.bold(`approval ${value('id', 'approval_id')}`)} of ${String(approval['workspace'])}/${String(approval['agent'])}`,
    `  tool       ${value('tool', 'tool')}`,
    `  status     ${value('status', 'status')}`,
    `  arguments  ${value('payloadPreview', 'payload_preview')}`,
    `  created    ${value('createdAt', 'created_at')}`,
    `  expires    ${value('expiresAt', 'expires_at')}`,
    `  decided    ${value('decidedAt', 'decided_at')}${approval['note'] ? ` (${String(approval['note'])})` : ''}`,
    `  attempts   ${value('attempts', 'attempts')}`,
    `  outcome    ${value('responsePayload', 'response_payload')}`,
  ].join('\n');
}

/** The approval key: `--approval-key-file` or `MCPFORGE_APPROVAL_KEY`. @throws CliError `admin_key_missing`, `invalid_value`. */
async function approvalKey(flags: FlagValues, io: CliIo): Promise<string> {
  const file = flags['approval-key-file'];
  if (typeof file === 'string') {
    let text: string;
    try {
      text = (await readFile(file, 'utf8')).trim();
    } catch (error) {
      throw new CliError(
        'invalid_value',
        `--approval-key-file ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
    if (text === '' || /\s/.test(text) || text.length > 4096) {
      throw new CliError(
        'invalid_value',
        `--approval-key-file ${file} must hold one approval key and nothing else`,
      );
    }
    return text;
  }
  const key = io.env[APPROVAL_KEY_ENV]?.trim();
  if (key === undefined || key === '') {
    throw new CliError(
      'admin_key_missing',
      `an approval key is needed to decide: set ${APPROVAL_KEY_ENV} or give --approval-key-file FILE (mcpforge gateway keys create --type approval --workspace <slug> makes one)`,
    );
  }
  return key;
}

async function decide(args: readonly string[], io: CliIo, decision: 'approve' | 'deny') {
  const command = `mcpforge gateway approvals ${decision}`;
  const { flags, positionals } = parseCommandLine(
    args,
    { flags: DECIDE_FLAGS, positionals: { name: '<approval-id>', min: 1, max: 1 } },
    command,
  );
  const { workspace, agent } = target(flags, command);
  const key = await approvalKey(flags, io);
  // Only the URL of the admin client is used: deciding never sends the admin key.
  const admin = await adminClientFor(flags, { ...io, env: { ...io.env, MCPFORGE_ADMIN_KEY: key } });
  const api = admin.approvalApi(
    key,
    `the approval API takes an approval key of workspace '${workspace}' (or of agent '${agent}'): set ${APPROVAL_KEY_ENV} or --approval-key-file`,
  );
  const id = positionals[0] as string;
  const body: Record<string, string> = { approve: decision === 'approve' ? 'yes' : 'no' };
  if (typeof flags['note'] === 'string') body['note'] = flags['note'];
  const path = `/${encodeURIComponent(workspace)}/${encodeURIComponent(agent)}/approvals/${encodeURIComponent(id)}/${decision}`;
  const result = await api.request<Approval>('POST', path, {
    body,
    what: `${decision === 'approve' ? 'approving' : 'denying'} approval request '${id}'`,
  });
  return { result };
}

export function runApprove(args: readonly string[], io: CliIo): Promise<CommandOutput<Approval>> {
  return decide(args, io, 'approve');
}

export function runDeny(args: readonly string[], io: CliIo): Promise<CommandOutput<Approval>> {
  return decide(args, io, 'deny');
}

export function renderDecided(approval: Approval, style: Palette = PLAIN): string {
  const status = String(approval['status']);
  const head =
    status === 'completed'
      ? 'Approved: the call ran upstream and completed.'
      : status === 'failed'
        ? `Approved, but the call failed: ${String(approval['error_code'] ?? approval['errorCode'] ?? '')}.`
        : status === 'denied'
          ? 'Denied: nothing was executed.'
          : `The request is ${status}.`;
  return `${head}\n${renderShow(approval, style)}`;
}
