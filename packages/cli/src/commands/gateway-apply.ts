import { type ConfigPlan, lineOfPath, type PlanEntry } from '@mcpforge/gateway/config';
import { ADMIN_FLAGS, ADMIN_KEY_HELP, adminClientFor, JSON_FLAG } from '../admin/admin-flags.js';
import { readDocumentFile } from '../admin/document-file.js';
import { CliError } from '../cli/cli-error.js';
import { type Palette, PLAIN } from '../cli/colour.js';
import { type FlagSpec, flagHelp, parseCommandLine } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';
import { withLongOutput } from './gateway-export.js';

/**
 * `mcpforge gateway apply -f FILE [--dry-run]`: makes the workspace a configuration document
 * names match it, through the admin API's `POST /config/apply`, in one transaction, and prints
 * the plan: what was created, changed (with a diff), archived, removed, left unchanged. A
 * refusal names the path in the document and its line in the file.
 * @module
 */

const FLAGS: readonly FlagSpec[] = [
  {
    name: 'file',
    value: 'FILE',
    description: 'the document, YAML or JSON (also -f), as gateway export writes it',
    example: 'gateway.yaml',
  },
  { name: 'dry-run', description: 'print the plan and change nothing' },
  ...ADMIN_FLAGS,
  JSON_FLAG,
];

export const APPLY_USAGE = `Usage: mcpforge gateway apply -f FILE [--dry-run] [flags]

Makes a workspace match a configuration document (gateway export writes one): creates the
workspace when missing, creates or changes its sections, allow-list entries, operations and
agents, publishes them as the document says, archives the operations and agents it leaves out
and removes the allow-list entries it leaves out, all in one transaction: a refusal changes
nothing. Then prints the plan: created (+), changed (~, with each changed value), archived or
removed (-), and how many are unchanged. Applying the same document again changes nothing.
--dry-run prints the same plan without changing anything. The document is checked against the
gateway's JSON Schema; a refusal names the path in the document and its line in FILE.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(FLAGS)}`;

export async function run(args: readonly string[], io: CliIo): Promise<CommandOutput<ConfigPlan>> {
  const command = 'mcpforge gateway apply';
  const { flags } = parseCommandLine(withLongOutput(args, '-f', '--file'), { flags: FLAGS }, command);
  const file = flags['file'];
  if (typeof file !== 'string') {
    throw new CliError(
      'missing_value',
      `${command} needs -f FILE: the document to apply (mcpforge gateway export -o FILE writes one)`,
    );
  }
  const { text, value } = await readDocumentFile(file, '-f');
  const client = await adminClientFor(flags, io);
  try {
    return { result: await client.applyConfig(value, flags['dry-run'] === true) };
  } catch (error) {
    const field = error instanceof CliError ? error.details?.['field'] : undefined;
    if (typeof field !== 'string' || !(error instanceof CliError)) throw error;
    const line = lineOfPath(text, field);
    const where = line === undefined ? `${file}` : `${file} line ${line}`;
    throw new CliError(error.code, `${error.message} (${where}; nothing was changed)`, {
      details: { ...error.details, ...(line === undefined ? {} : { line }) },
      cause: error,
    });
  }
}

const SIGNS: Record<PlanEntry['status'], string> = {
  created: '+',
  changed: '~',
  archived: '-',
  removed: '-',
  unchanged: ' ',
};

/** A value on one line, cut to fit. */
function shown(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value);
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}

function colourOf(status: PlanEntry['status'], style: Palette): (text: string) => string {
  if (status === 'created') return style.green;
  if (status === 'changed') return style.yellow;
  return style.red;
}

export function render(plan: ConfigPlan, style: Palette = PLAIN): string {
  const { counts } = plan;
  const summary = `${counts.created} created, ${counts.changed} changed, ${counts.archived} archived, ${counts.removed} removed, ${counts.unchanged} unchanged`;
  const lines = [
    plan.applied
      ? `Applied to workspace '${plan.workspace}'${plan.workspaceCreated ? ' (created)' : ''}: ${summary}.`
      : `Plan for workspace '${plan.workspace}'${plan.workspaceCreated ? ' (to be created)' : ''} (dry run, nothing changed): ${summary}.`,
  ];
  for (const entry of plan.entries) {
    if (entry.status === 'unchanged') continue;
    const colour = colourOf(entry.status, style);
    const note = entry.published === null ? '' : ` (published version ${entry.published})`;
    const what = entry.status === 'archived' || entry.status === 'removed' ? ` (${entry.status})` : '';
    lines.push(colour(`${SIGNS[entry.status]} ${entry.kind} ${entry.name}${what}${note}`));
    for (const change of entry.changes) {
      lines.push(
        'before' in change || 'after' in change
          ? `    ${change.path}: ${shown(change.before)} -> ${shown(change.after)}`
          : `    ${change.path}`,
      );
    }
  }
  if (counts.created + counts.changed + counts.archived + counts.removed === 0) {
    lines.push(style.dim('Nothing to change: the workspace matches the document.'));
  }
  for (const warning of plan.warnings) lines.push(style.yellow(`warning: ${warning}`));
  return lines.join('\n');
}
