import { CliError } from './cli-error.js';
import { COMMANDS, type Command, GROUPS } from './commands.js';
import { ExitCode, type ExitCodeValue } from './exit-code.js';
import { nearest } from './flags.js';
import type { CliIo } from './io.js';

/** The CLI's version (`mcpforge --version`). */
export const CLI_VERSION = '0.1.0';

/** Where results and messages go: stdout for results, stderr for everything else. */
export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

function rootUsage(): string {
  const groups = Object.entries(GROUPS).map(([name, summary]) => `  ${name.padEnd(10)} ${summary}`);
  return `Usage: mcpforge <command> [flags]

Commands:
${groups.join('\n')}

  mcpforge gateway --help    the gateway's commands
  mcpforge --version         the version`;
}

function groupUsage(group: string): string {
  const commands = COMMANDS.filter((command) => command.path[0] === group);
  const width = Math.max(...commands.map((command) => command.path.join(' ').length));
  return `Usage: mcpforge ${group} <command> [flags]

Commands:
${commands.map((command) => `  ${command.path.join(' ').padEnd(width)}  ${command.summary}`).join('\n')}

  mcpforge ${group} <command> --help    that command's flags`;
}

const wantsHelp = (args: readonly string[]) => args.includes('--help') || args.includes('-h');

/** What the command line names: a command with its flags, a help text, or an error. */
type Resolved = { command: Command; args: readonly string[] } | { help: string };

function resolve(argv: readonly string[]): Resolved {
  const [first, second, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') {
    if (first === undefined) throw new CliError('unknown_command', `a command is missing.\n\n${rootUsage()}`);
    return { help: rootUsage() };
  }
  if (first === '--version') return { help: CLI_VERSION };
  if (GROUPS[first] === undefined) {
    const near = nearest(first, Object.keys(GROUPS));
    throw new CliError(
      'unknown_command',
      `unknown command '${first}'.${near === undefined ? '' : ` Did you mean '${near}'?`} Run 'mcpforge --help' for the commands.`,
    );
  }
  if (second === undefined || second === '--help' || second === '-h') {
    if (second === undefined)
      throw new CliError('unknown_command', `'mcpforge ${first}' needs a command.\n\n${groupUsage(first)}`);
    return { help: groupUsage(first) };
  }
  const command = COMMANDS.find((candidate) => candidate.path[0] === first && candidate.path[1] === second);
  if (command === undefined) {
    const names = COMMANDS.filter((candidate) => candidate.path[0] === first).map(
      (candidate) => candidate.path[1] as string,
    );
    const near = nearest(second, names);
    throw new CliError(
      'unknown_command',
      `unknown command 'mcpforge ${first} ${second}'.${near === undefined ? '' : ` Did you mean '${first} ${near}'?`} Run 'mcpforge ${first} --help' for its commands.`,
    );
  }
  return wantsHelp(rest) ? { help: command.usage } : { command, args: rest };
}

/**
 * The whole CLI on `argv` (after `node mcpforge`): parses, dispatches, renders and, for a
 * serving command, waits until it stopped. Returns the exit code; `main.ts` exits with it.
 */
export async function cli(argv: readonly string[], io: CliIo, out: CliOutput): Promise<ExitCodeValue> {
  const json = argv.includes('--json');
  try {
    const resolved = resolve(argv);
    if ('help' in resolved) {
      out.stdout(`${resolved.help}\n`);
      return ExitCode.ok;
    }
    const { result, stopped } = await resolved.command.run(resolved.args, io);
    out.stdout(`${json ? JSON.stringify(result) : resolved.command.render(result as never)}\n`);
    if (stopped !== undefined) await stopped;
    return ExitCode.ok;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    // With --json the error is the result a script reads (stdout); a person reads stderr.
    if (json) out.stdout(`${JSON.stringify(error.toJSON())}\n`);
    else out.stderr(`mcpforge: ${error.message}\n`);
    return error.exitCode;
  }
}
