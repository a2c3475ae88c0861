import { writeFile } from 'node:fs/promises';
import { type ConfigDocument, type ConfigFormat, formatConfigDocument } from '@mcpforge/gateway/config';
import { ADMIN_FLAGS, ADMIN_KEY_HELP, adminClientFor, JSON_FLAG } from '../admin/admin-flags.js';
import { CliError } from '../cli/cli-error.js';
import { type FlagSpec, flagHelp, parseCommandLine } from '../cli/flags.js';
import type { CliIo, CommandOutput } from '../cli/io.js';

/**
 * `mcpforge gateway export`: a workspace of a running gateway as one configuration document
 * (YAML or JSON): sections, allow-list, operations with their drafts and published
 * definitions, agents. Never keys or secret values. `gateway apply` takes it back.
 * @module
 */

const FLAGS: readonly FlagSpec[] = [
  { name: 'workspace', value: 'SLUG', description: 'the workspace (default: default)', example: 'default' },
  { name: 'format', value: 'FORMAT', description: 'yaml (default) or json', example: 'json' },
  {
    name: 'output',
    value: 'FILE',
    description: 'write the document to FILE (also -o) instead of stdout',
    example: 'gateway.yaml',
  },
  ...ADMIN_FLAGS,
  JSON_FLAG,
];

export const EXPORT_USAGE = `Usage: mcpforge gateway export [--workspace <slug>] [--format yaml|json] [-o FILE] [flags]

Writes a workspace as one configuration document: its sections, upstream allow-list,
operations (each draft, and the published definition when it differs from the draft) and agents.
Never keys, and never secret values: header templates keep their \${VAR} names. The document
validates against the gateway's JSON Schema ({prefix}/admin/v1/config-schema, and
@mcpforge/gateway/config-schema.json); mcpforge gateway apply -f FILE makes a workspace match it.

${ADMIN_KEY_HELP}

Flags:
${flagHelp(FLAGS)}`;

export interface ExportResult {
  workspace: string;
  format: ConfigFormat;
  /** The file written; absent when the document went to stdout. */
  output?: string | undefined;
  /** The document's text (stdout), absent when written to a file or with --json. */
  text?: string | undefined;
  /** The document itself, with --json and no file. */
  document?: ConfigDocument | undefined;
  counts: { sections: number; upstreamHosts: number; operations: number; agents: number };
  bytes: number;
}

/** `-o FILE` is `--output FILE` (the flag parser takes long flags only). */
export function withLongOutput(args: readonly string[], short: string, long: string): string[] {
  return args.map((arg) =>
    arg === short ? long : arg.startsWith(`${short}=`) ? `${long}${arg.slice(2)}` : arg,
  );
}

export async function run(args: readonly string[], io: CliIo): Promise<CommandOutput<ExportResult>> {
  const command = 'mcpforge gateway export';
  const { flags } = parseCommandLine(withLongOutput(args, '-o', '--output'), { flags: FLAGS }, command);
  const format = flags['format'] ?? 'yaml';
  if (format !== 'yaml' && format !== 'json') {
    throw new CliError('invalid_value', `--format takes yaml or json; got '${String(format)}'`);
  }
  const workspace = typeof flags['workspace'] === 'string' ? flags['workspace'] : 'default';
  const client = await adminClientFor(flags, io);
  const document: ConfigDocument = await client.exportConfig(workspace);
  const text = formatConfigDocument(document, format);
  const counts = {
    sections: document.sections.length,
    upstreamHosts: document.upstreamHosts.length,
    operations: document.operations.length,
    agents: document.agents.length,
  };
  const bytes = Buffer.byteLength(text, 'utf8');
  const output = flags['output'];
  if (typeof output !== 'string') {
    // With --json the document is a member of the one JSON line, not text inside it.
    const body = flags['json'] === true ? { document } : { text };
    return { result: { workspace, format, ...body, counts, bytes } };
  }
  try {
    await writeFile(output, text);
  } catch (error) {
    throw new CliError(
      'invalid_value',
      `-o ${output} cannot be written: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  return { result: { workspace, format, output, counts, bytes } };
}

export function render(result: ExportResult): string {
  if (result.text !== undefined) return result.text.replace(/\n$/, '');
  const { counts } = result;
  const n = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
  const what = [
    n(counts.sections, 'section'),
    n(counts.upstreamHosts, 'allowed host'),
    n(counts.operations, 'operation'),
    n(counts.agents, 'agent'),
  ].join(', ');
  return `Wrote workspace '${result.workspace}' to ${result.output} (${result.format}, ${result.bytes} bytes): ${what}. Apply it with: mcpforge gateway apply -f ${result.output}`;
}
