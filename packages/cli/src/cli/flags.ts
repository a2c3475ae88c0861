import { CliError } from './cli-error.js';

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

/** Parsed flags by name: the value, or `true` for a switch. */
export type FlagValues = Readonly<Record<string, string | true>>;

/** `--help`, which every command takes. */
export const HELP_FLAG: FlagSpec = { name: 'help', description: 'print this help and exit (also -h)' };

/**
 * Reads `args` against `specs`: `--name VALUE` or `--name=VALUE` for a flag with a value,
 * `--name` for a switch, `-h` for `--help`; the last of a repeated flag wins. `command` is how
 * the messages name the command (`mcpforge gateway serve`).
 * @throws CliError `unknown_flag`, `missing_value`, `invalid_value`, `unexpected_argument`.
 */
export function parseFlags(args: readonly string[], specs: readonly FlagSpec[], command: string): FlagValues {
  const known = new Map<string, FlagSpec>();
  for (const spec of [...specs, HELP_FLAG]) known.set(spec.name, spec);
  const values: Record<string, string | true> = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '-h') {
      values['help'] = true;
      continue;
    }
    if (!arg.startsWith('--') || arg === '--') {
      throw new CliError(
        'unexpected_argument',
        `unexpected argument '${arg}': ${command} takes flags only (${command} --help lists them)`,
      );
    }
    const body = arg.slice(2);
    const equals = body.indexOf('=');
    const name = equals === -1 ? body : body.slice(0, equals);
    const spec = known.get(name);
    if (spec === undefined) throw unknownFlag(name, known, command);
    if (spec.value === undefined) {
      if (equals !== -1) {
        throw new CliError('invalid_value', `--${name} takes no value; write just --${name}`);
      }
      values[name] = true;
      continue;
    }
    let value: string | undefined;
    if (equals !== -1) value = body.slice(equals + 1);
    else {
      const next = args[index + 1];
      // A following flag is not a value: `--listen --json` forgot the address.
      if (next !== undefined && !next.startsWith('--')) {
        value = next;
        index++;
      }
    }
    if (value === undefined || value === '') {
      const example = spec.example === undefined ? '' : `, e.g. --${name} ${spec.example}`;
      throw new CliError('missing_value', `--${name} needs a value: --${name} ${spec.value}${example}`);
    }
    values[name] = value;
  }
  return values;
}

function unknownFlag(name: string, known: Map<string, FlagSpec>, command: string): CliError {
  const near = nearest(name, [...known.keys()]);
  const hint = near === undefined ? '' : ` Did you mean --${near}?`;
  return new CliError(
    'unknown_flag',
    `unknown flag --${name} for ${command}.${hint} Run '${command} --help' for its flags.`,
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
