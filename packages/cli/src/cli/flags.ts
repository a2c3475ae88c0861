import { parseArgs } from 'node:util';
import { CliError } from './cli-error.js';

/**
 * The command line of one command, read with Node's own `util.parseArgs` (tokens mode) and
 * checked here, so every refusal is a `CliError` whose message names the fix.
 * @module
 */

/** A flag a command takes: listed by its `--help`. */
export interface FlagSpec {
  /** The name without dashes: `data-dir` is `--data-dir`. */
  name: string;
  /** Placeholder of the value (`DIR`) when the flag takes one; without it the flag is a switch. */
  value?: string | undefined;
  /** One line for `--help`. */
  description: string;
  /** Shown after "e.g." when the value is missing. */
  example?: string | undefined;
}

/** Parsed flags by name: the value (the last one of a repeated flag), or `true` for a switch. */
export type FlagValues = Readonly<Record<string, string | true>>;

/** `--help`, which every command takes. */
export const HELP_FLAG: FlagSpec = { name: 'help', description: 'print this help and exit (also -h)' };

/**
 * The arguments that are not flags. `name` is how messages call them (`KEY-ID`). With `rest`,
 * the first of them and everything after it (flags included) belong to the command line it
 * starts, as everything after `--` does: `mcpforge check node server.js --stdio`.
 */
export type PositionalSpec =
  | { name: string; min?: number | undefined; max?: number | undefined; rest?: false | undefined }
  | { name: string; rest: true; min?: number | undefined };

/** What `parseCommandLine` reads. */
export interface CommandLineSpec {
  flags: readonly FlagSpec[];
  /** Without it the command takes flags only. */
  positionals?: PositionalSpec | undefined;
}

/** A command line read: flags, every value of each repeated flag in order, and positionals. */
export interface CommandLine {
  flags: FlagValues;
  /** Every value given to each flag that takes one, in order (`--allowed-origin a --allowed-origin b`). */
  repeated: Readonly<Record<string, readonly string[]>>;
  positionals: readonly string[];
}

/**
 * Reads `args` against `spec`: `--name VALUE` or `--name=VALUE` for a flag with a value,
 * `--name` for a switch, `-h` for `--help`; the last of a repeated flag wins (all of them are
 * in `repeated`). A value never starts with `--` (`--listen --json` forgot the address; write
 * `--name=--x` for such a value). `command` is how messages name the command
 * (`mcpforge gateway serve`).
 * @throws CliError `unknown_flag`, `missing_value`, `invalid_value`, `unexpected_argument`,
 *   `missing_argument`.
 */
export function parseCommandLine(
  args: readonly string[],
  spec: CommandLineSpec,
  command: string,
): CommandLine {
  const known = new Map<string, FlagSpec>();
  for (const flag of [...spec.flags, HELP_FLAG]) known.set(flag.name, flag);
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {};
  for (const flag of known.values()) {
    options[flag.name] = { type: flag.value === undefined ? 'boolean' : 'string', multiple: true };
  }
  (options['help'] as { short?: string }).short = 'h';
  // strict: false so that every problem reaches the checks below, which phrase it with the fix.
  const { tokens } = parseArgs({
    args: [...args],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Record<string, string | true> = {};
  const repeated: Record<string, string[]> = {};
  const positionals: string[] = [];
  const positional = spec.positionals;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as (typeof tokens)[number];
    if (token.kind === 'option-terminator') {
      if (positional === undefined) throw flagsOnly('--', command);
      positionals.push(...args.slice(token.index + 1));
      break;
    }
    if (token.kind === 'positional') {
      if (positional === undefined) throw flagsOnly(token.value, command);
      if (positional.rest === true) {
        positionals.push(...args.slice(token.index));
        break;
      }
      positionals.push(token.value);
      continue;
    }
    const flag = known.get(token.name);
    if (
      flag === undefined ||
      (token.rawName.startsWith('-') && !token.rawName.startsWith('--') && token.name !== 'help')
    ) {
      throw unknownFlag(token.rawName.replace(/^-+/, ''), known, command, token.rawName.startsWith('--'));
    }
    if (flag.value === undefined) {
      if (token.value !== undefined) {
        throw new CliError('invalid_value', `--${flag.name} takes no value; write just --${flag.name}`);
      }
      values[flag.name] = true;
      continue;
    }
    let value = token.value;
    if (token.inlineValue === false && value !== undefined && value.startsWith('--')) {
      // Node took the next flag as the value: the value was forgotten.
      value = undefined;
    }
    if (value === undefined || value === '') {
      const example = flag.example === undefined ? '' : `, e.g. --${flag.name} ${flag.example}`;
      throw new CliError(
        'missing_value',
        `--${flag.name} needs a value: --${flag.name} ${flag.value}${example}`,
      );
    }
    values[flag.name] = value;
    const list = repeated[flag.name] ?? [];
    list.push(value);
    repeated[flag.name] = list;
  }
  if (positional !== undefined) checkCount(positionals, positional, command);
  return { flags: values, repeated, positionals };
}

/**
 * `parseCommandLine` for a command that takes flags only: the flags.
 * @throws CliError `unknown_flag`, `missing_value`, `invalid_value`, `unexpected_argument`.
 */
export function parseFlags(args: readonly string[], specs: readonly FlagSpec[], command: string): FlagValues {
  return parseCommandLine(args, { flags: specs }, command).flags;
}

function checkCount(positionals: readonly string[], spec: PositionalSpec, command: string): void {
  const min = spec.min ?? (spec.rest === true ? 1 : 0);
  if (positionals.length < min) {
    throw new CliError(
      'missing_argument',
      `${command} needs ${spec.name}${min > 1 ? ` (${min} of them)` : ''}: ${command} ${spec.name}${spec.rest === true ? ' ...' : ''} (${command} --help says more)`,
    );
  }
  const max = spec.rest === true ? Number.POSITIVE_INFINITY : (spec.max ?? Number.POSITIVE_INFINITY);
  if (positionals.length > max) {
    const extra = positionals[max] as string;
    throw new CliError(
      'unexpected_argument',
      `unexpected argument '${extra}': ${command} takes ${max === 1 ? `one ${spec.name}` : `at most ${max} of ${spec.name}`} (${command} --help says more)`,
    );
  }
}

function flagsOnly(arg: string, command: string): CliError {
  return new CliError(
    'unexpected_argument',
    `unexpected argument '${arg}': ${command} takes flags only (${command} --help lists them)`,
  );
}

/** Flags people try that do not exist on purpose, with what to use instead. */
const INSTEAD: Readonly<Record<string, string>> = {
  // A key on the command line would be in the shell's history and in ps.
  'admin-key':
    ' An admin key is never a flag (it would show in the shell history and in ps): set MCPFORGE_ADMIN_KEY, or pass --admin-key-file FILE.',
};

function unknownFlag(name: string, known: Map<string, FlagSpec>, command: string, long: boolean): CliError {
  const near = nearest(name, [...known.keys()]);
  const instead = Object.hasOwn(INSTEAD, name) ? INSTEAD[name] : undefined;
  const hint = instead ?? (near === undefined ? '' : ` Did you mean --${near}?`);
  return new CliError(
    'unknown_flag',
    `unknown flag ${long ? '--' : '-'}${name} for ${command}.${hint} Run '${command} --help' for its flags.`,
  );
}

/** The candidate within two edits of `word`, for "did you mean". */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  return candidates
    .map((candidate) => ({ candidate, distance: editDistance(word, candidate) }))
    .filter(({ distance }) => distance <= 2)
    .sort((a, b) => a.distance - b.distance)[0]?.candidate;
}

/** Levenshtein distance, for short command and flag names. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/** The `--help` lines of `specs`, aligned. */
export function flagHelp(specs: readonly FlagSpec[]): string {
  const all = [...specs, HELP_FLAG];
  const left = all.map((spec) => `--${spec.name}${spec.value === undefined ? '' : ` ${spec.value}`}`);
  const width = Math.max(...left.map((text) => text.length));
  return all
    .map((spec, index) => `  ${(left[index] as string).padEnd(width)}  ${spec.description}`)
    .join('\n');
}
