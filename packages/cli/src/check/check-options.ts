import { parseArgs } from 'node:util';
import { CliError } from '../cli/cli-error.js';

/** Default per-step timeout. */
export const DEFAULT_STEP_TIMEOUT_MS = 10_000;

/** What `mcpforge check` was asked to do. */
export type CheckOptions = (
  | { transport: 'stdio'; command: string[] }
  | { transport: 'http'; url: string; headers: Record<string, string> }
) & { timeoutMs: number; json: boolean; help: boolean };

const VALUE_FLAGS = new Set(['url', 'header', 'timeout-ms']);

/**
 * Splits `args` into check's own flags and the server's command line: the command starts at
 * `--` or at the first word that is not a flag or a flag's value, so the server's own flags
 * (`node server.js --http 0`) are never read as check's.
 */
function split(args: readonly string[]): { own: string[]; command: string[] } {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '--') return { own: args.slice(0, index), command: args.slice(index + 1) };
    if (arg.startsWith('-')) {
      const name = arg.replace(/^--?/, '').split('=')[0] ?? '';
      if (VALUE_FLAGS.has(name) && !arg.includes('=')) index++;
      continue;
    }
    return { own: args.slice(0, index), command: args.slice(index) };
  }
  return { own: [...args], command: [] };
}

function headerPair(value: string): [string, string] {
  const colon = value.indexOf(':');
  const name = colon === -1 ? '' : value.slice(0, colon).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
    throw new CliError(
      'invalid_value',
      `--header takes 'Name: value', e.g. --header 'Authorization: Bearer TOKEN' (got '${value.slice(0, 40)}')`,
    );
  }
  return [name.toLowerCase(), value.slice(colon + 1).trim()];
}

/** Reads `mcpforge check`'s command line. @throws CliError on a wrong one. */
export function readCheckOptions(args: readonly string[]): CheckOptions {
  const { own, command } = split(args);
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    values = parseArgs({
      args: own,
      options: {
        url: { type: 'string' },
        header: { type: 'string', multiple: true },
        'timeout-ms': { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? '';
    const code =
      (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? 'unknown_flag'
        : 'invalid_value';
    throw new CliError(code, `${message}. Run 'mcpforge check --help' for its flags.`);
  }
  const help = values['help'] === true;
  const json = values['json'] === true;
  const timeoutText = values['timeout-ms'];
  let timeoutMs = DEFAULT_STEP_TIMEOUT_MS;
  if (typeof timeoutText === 'string') {
    timeoutMs = Number(timeoutText);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
      throw new CliError(
        'invalid_value',
        `--timeout-ms takes a positive whole number of milliseconds, e.g. --timeout-ms 30000`,
      );
    }
  }
  const url = values['url'];
  const headerValues = (values['header'] as string[] | undefined) ?? [];
  if (help) return { transport: 'stdio', command, timeoutMs, json, help };
  if (typeof url === 'string') {
    if (command.length > 0) {
      throw new CliError(
        'conflicting_flags',
        `give either --url or a command to start, not both (got --url and '${command.join(' ')}')`,
      );
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new CliError(
        'invalid_value',
        `--url must be an http(s) URL, e.g. --url http://127.0.0.1:3000/mcp`,
      );
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new CliError(
        'invalid_value',
        `--url must be an http(s) URL, e.g. --url http://127.0.0.1:3000/mcp`,
      );
    }
    return {
      transport: 'http',
      url,
      headers: Object.fromEntries(headerValues.map(headerPair)),
      timeoutMs,
      json,
      help,
    };
  }
  if (headerValues.length > 0) {
    throw new CliError('conflicting_flags', '--header goes with --url (a stdio server gets no HTTP headers)');
  }
  if (command.length === 0) {
    throw new CliError(
      'missing_value',
      'give the server to check: its command (mcpforge check -- node server.js) or its URL (mcpforge check --url http://127.0.0.1:3000/mcp)',
    );
  }
  return { transport: 'stdio', command, timeoutMs, json, help };
}
