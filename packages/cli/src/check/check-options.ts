import { CliError } from '../cli/cli-error.js';
import { type FlagSpec, parseCommandLine } from '../cli/flags.js';

/** Default per-step timeout. */
export const DEFAULT_STEP_TIMEOUT_MS = 10_000;

/** What `mcpforge check` was asked to do. */
export type CheckOptions = (
  | { transport: 'stdio'; command: string[] }
  | { transport: 'http'; url: string; headers: Record<string, string> }
) & { timeoutMs: number; json: boolean; help: boolean; era?: 'legacy' | 'modern' | undefined };

/** `check`'s flags, for the parser and `--help`. */
export const CHECK_FLAGS: readonly FlagSpec[] = [
  {
    name: 'url',
    value: 'URL',
    description: 'check a Streamable HTTP server instead of a command',
    example: 'http://127.0.0.1:3000/mcp',
  },
  {
    name: 'header',
    value: "'NAME: VALUE'",
    description: "an HTTP header for every request (repeatable), e.g. 'Authorization: Bearer TOKEN'",
    example: "'Authorization: Bearer TOKEN'",
  },
  {
    name: 'timeout-ms',
    value: 'N',
    description: `how long each step may take (default ${DEFAULT_STEP_TIMEOUT_MS})`,
    example: '30000',
  },
  {
    name: 'era',
    value: 'legacy|modern',
    description: 'run the tool checks in this era (default: legacy when it works, else modern)',
    example: 'modern',
  },
  { name: 'json', description: 'print the whole report as one JSON line' },
];

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
  // The server's command line starts at its first word (or after --): its own flags stay its own.
  const line = parseCommandLine(
    args,
    { flags: CHECK_FLAGS, positionals: { name: 'COMMAND', rest: true, min: 0 } },
    'mcpforge check',
  );
  const values = line.flags;
  const command = [...line.positionals];
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
  const eraText = values['era'];
  if (eraText !== undefined && eraText !== 'legacy' && eraText !== 'modern') {
    throw new CliError(
      'invalid_value',
      `--era is legacy or modern, e.g. --era modern (got '${String(eraText)}')`,
    );
  }
  const era: { era?: 'legacy' | 'modern' } = eraText === undefined ? {} : { era: eraText };
  const url = values['url'];
  const headerValues = line.repeated['header'] ?? [];
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
      ...era,
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
  return { transport: 'stdio', command, timeoutMs, json, help, ...era };
}
