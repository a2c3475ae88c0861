import { CliError } from './cli-error.js';
import type { Command } from './commands.js';
import { nearest } from './flags.js';

/**
 * Finds the command that the words of a command line name in a table of one-, two- and
 * three-word commands, with group help at each level and nearest-name suggestions.
 * @module
 */

/** The commands and the one-line summaries of their groups (`'gateway keys'`). */
export interface CommandTable {
  commands: readonly Command[];
  groups: Readonly<Record<string, string>>;
}

/** What the command line names: a command with its arguments, or a help text to print. */
export type Resolved = { command: Command; args: readonly string[] } | { help: string };

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((word, index) => word === b[index]);
const startsWith = (path: readonly string[], prefix: readonly string[]) =>
  path.length > prefix.length && prefix.every((word, index) => word === path[index]);

/** The commands under `prefix` (all of them for `[]`), in table order. */
const under = (table: CommandTable, prefix: readonly string[]) =>
  table.commands.filter((command) => startsWith(command.path, prefix));

/** Whether `path` names a group: some command's path is longer and starts with it. */
const isGroup = (table: CommandTable, path: readonly string[]) =>
  path.length === 0 || under(table, path).length > 0;

/** The words that may follow `prefix`: the next word of each command under it. */
function nextWords(table: CommandTable, prefix: readonly string[]): string[] {
  return [...new Set(under(table, prefix).map((command) => command.path[prefix.length] as string))];
}

/** Rows of two aligned columns, indented by two spaces. */
function columns(rows: readonly (readonly [string, string])[]): string {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`).join('\n');
}

/** A help listing of `commands`: their words and arguments, and their summaries. */
function commandLines(commands: readonly Command[]): string {
  return columns(
    commands.map(
      (command) =>
        [
          [...command.path, ...(command.arguments === undefined ? [] : [command.arguments])].join(' '),
          command.summary,
        ] as const,
    ),
  );
}

function rootUsage(table: CommandTable): string {
  // The one-word commands, then the top-level groups (a group's words have no space).
  const single = table.commands.filter((command) => command.path.length === 1);
  const groups = Object.entries(table.groups).filter(([name]) => !name.includes(' '));
  const commands = columns([
    ...single.map((command) => [command.path[0] as string, command.summary] as const),
    ...groups.map(([name, summary]) => [name, summary] as const),
  ]);
  const more = columns([
    ...groups.map(([name]) => [`mcpforge ${name} --help`, `the ${name} commands`] as const),
    ['mcpforge <command> --help', "that command's flags"],
    ['mcpforge --version', 'the version'],
  ]);
  return `Usage: mcpforge <command> [flags]

Commands:
${commands}

${more}`;
}

function groupUsage(table: CommandTable, group: readonly string[]): string {
  const name = group.join(' ');
  const summary = table.groups[name];
  return `Usage: mcpforge ${name} <command> [flags]
${summary === undefined ? '' : `\n${summary.charAt(0).toUpperCase()}${summary.slice(1)}.\n`}
Commands:
${commandLines(under(table, group))}

  mcpforge ${name} <command> --help    that command's flags`;
}

/** A command's `--help`; a command that is also a group (`gateway workspaces`) lists the rest. */
function commandUsage(table: CommandTable, command: Command): string {
  if (!isGroup(table, command.path)) return command.usage;
  return `${command.usage}\n\nMore commands:\n${commandLines(under(table, command.path))}`;
}

/** `--help` or `-h` before any `--` (after it they belong to the command line a command runs). */
export function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  const own = end === -1 ? args : args.slice(0, end);
  return own.includes('--help') || own.includes('-h');
}

function unknownCommand(table: CommandTable, prefix: readonly string[], word: string): CliError {
  const near = nearest(word, nextWords(table, prefix));
  if (prefix.length === 0) {
    return new CliError(
      'unknown_command',
      `unknown command '${word}'.${near === undefined ? '' : ` Did you mean '${near}'?`} Run 'mcpforge --help' for the commands.`,
    );
  }
  const name = prefix.join(' ');
  return new CliError(
    'unknown_command',
    `unknown command 'mcpforge ${name} ${word}'.${near === undefined ? '' : ` Did you mean '${name} ${near}'?`} Run 'mcpforge ${name} --help' for its commands.`,
  );
}

/**
 * Walks the words of `argv` down the table: the longest command path they spell wins, the rest
 * are that command's arguments. A group alone is a help text (with `--help`) or an error.
 */
export function resolveCommand(argv: readonly string[], table: CommandTable): Resolved {
  let path: string[] = [];
  let found: Command | undefined;
  for (const word of argv) {
    if (word.startsWith('-')) break;
    const next = [...path, word];
    const command = table.commands.find((candidate) => same(candidate.path, next));
    if (command === undefined && !isGroup(table, next)) break;
    path = next;
    if (command !== undefined) found = command;
  }
  const rest = argv.slice(path.length);
  if (found !== undefined && same(found.path, path)) {
    const next = rest[0];
    // `gateway workspaces creat`: a typo of a sub-command, not an argument of the listing.
    if (
      next !== undefined &&
      !next.startsWith('-') &&
      found.arguments === undefined &&
      isGroup(table, path)
    ) {
      throw unknownCommand(table, path, next);
    }
    return wantsHelp(rest) && found.handlesHelp !== true
      ? { help: commandUsage(table, found) }
      : { command: found, args: rest };
  }
  // `path` is a group (or nothing): help, a missing command, or an unknown word.
  const next = rest[0];
  if (next === undefined || next === '--help' || next === '-h') {
    const usage = path.length === 0 ? rootUsage(table) : groupUsage(table, path);
    if (next !== undefined) return { help: usage };
    if (path.length === 0) throw new CliError('unknown_command', `a command is missing.\n\n${usage}`);
    throw new CliError('unknown_command', `'mcpforge ${path.join(' ')}' needs a command.\n\n${usage}`);
  }
  throw unknownCommand(table, path, next);
}
