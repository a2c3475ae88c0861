/**
 * The operator's approval command (`approve`): prints the approval token for
 * exactly one draft. The key comes from LIBRARY_APPROVAL_KEY, never from the
 * command line, so it stays out of shell history and process lists.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { approvalKeyProblem, signApproval } from './domain/approval.js';
import { draftContentsProblem } from './domain/draft-rules.js';

const USAGE = `usage: approve --operation TEXT --slug SLUG --title TITLE (--text TEXT | --text-file FILE) [--json]
  prints the approval token for library.create_draft of exactly this operation and these contents
  --operation is your own words for what you approve, sent with the call as given
  the key is read from the LIBRARY_APPROVAL_KEY environment variable`;

/** What the command prints, or why it refused. */
export type ApproveOutcome = { ok: true; output: string } | { ok: false; error: string };

/** Runs the approval command on `argv` (without node and script) and `env`. */
export function runApprovalCommand(argv: readonly string[], env: NodeJS.ProcessEnv): ApproveOutcome {
  let values: {
    operation?: string;
    slug?: string;
    title?: string;
    text?: string;
    'text-file'?: string;
    json?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        operation: { type: 'string' },
        slug: { type: 'string' },
        title: { type: 'string' },
        text: { type: 'string' },
        'text-file': { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { ok: false, error: `${(error as Error).message}\n${USAGE}` };
  }
  if (values.help === true) return { ok: true, output: USAGE };
  const key = env['LIBRARY_APPROVAL_KEY'] ?? '';
  const keyProblem = approvalKeyProblem(key, 'LIBRARY_APPROVAL_KEY');
  if (keyProblem !== undefined) return { ok: false, error: keyProblem };
  const { operation, slug, title } = values;
  if (operation === undefined || slug === undefined || title === undefined)
    return { ok: false, error: `--operation, --slug and --title are required\n${USAGE}` };
  if ((values.text === undefined) === (values['text-file'] === undefined)) {
    return { ok: false, error: `give exactly one of --text and --text-file\n${USAGE}` };
  }
  let text = values.text;
  if (text === undefined) {
    const file = values['text-file'] as string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      return {
        ok: false,
        error: `cannot read --text-file ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      };
    }
  }
  const contents = { operation, slug, title, text };
  // Refuse here what the server would refuse, so no token is made for a call that cannot succeed.
  const problem = draftContentsProblem(contents);
  if (problem !== undefined) return { ok: false, error: problem };
  const approval = signApproval(key, contents);
  // --json prints the complete arguments of the approved call, ready to send.
  return { ok: true, output: values.json === true ? JSON.stringify({ ...contents, approval }) : approval };
}
