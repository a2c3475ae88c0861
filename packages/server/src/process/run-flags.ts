import { FlagError } from './flag-error.js';
import { type ListenAddress, parseListenAddress } from './listen-address.js';

/** A flag a server adds to `run()`'s own: accepted on the command line and listed by `--help`. */
export interface RunFlag {
  /** The name without dashes: `root` is `--root` (or `-root`). */
  name: string;
  /** Placeholder of the value (`DIR`) when the flag takes one; without it the flag is a switch. */
  value?: string | undefined;
  /** One line for `--help`. */
  description: string;
}

/** The flags `run()` itself reads, in `--help` order. */
export const RUN_FLAGS: readonly RunFlag[] = [
  {
    name: 'http',
    value: '[HOST:]PORT',
    description:
      'serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio (HOST defaults to 127.0.0.1; PORT 0 picks a free one)',
  },
  {
    name: 'allowed-hosts',
    value: 'HOST[,HOST...]',
    description:
      'with --http: Host names clients may use besides localhost and the bind address, e.g. my-box.lan,192.168.1.20 (or MCPFORGE_ALLOWED_HOSTS)',
  },
  {
    name: 'config',
    value: 'FILE',
    description: 'read the configuration from FILE (when no tenant file is found)',
  },
  { name: 'health', description: "print 'ok' and exit 0 before anything starts (a liveness probe)" },
  { name: 'help', description: 'print this help and exit (also -h)' },
];

/** Environment variable with the `--allowed-hosts` list, used when the flag is not given. */
export const ALLOWED_HOSTS_ENV = 'MCPFORGE_ALLOWED_HOSTS';

/** What the command line asks of `run()`. */
export interface RunFlags {
  help: boolean;
  health: boolean;
  /** `--http`: serve HTTP there instead of stdio. */
  http: ListenAddress | undefined;
  /** `--allowed-hosts`, split on commas (`'*'`: any Host). */
  allowedHosts: readonly string[] | '*' | undefined;
  /** `--config FILE` (read by the server's own config loading, e.g. `loadConfig`). */
  config: string | undefined;
  /** Values of the server's own flags, by name: the string, or `true` for a switch. */
  extra: Readonly<Record<string, string | true>>;
}

/**
 * Parses the arguments after the script (`process.argv.slice(2)`). Flags are written `--name`
 * or `-name` (the seed's Go style), values as `--name VALUE` or `--name=VALUE`; the last of a
 * repeated flag wins. `extra` declares the server's own flags.
 * @throws FlagError for an unknown flag, a missing or malformed value, or a stray argument.
 */
export function parseRunFlags(args: readonly string[], extra: readonly RunFlag[] = []): RunFlags {
  const known = new Map<string, RunFlag>();
  for (const flag of [...RUN_FLAGS, ...extra]) known.set(flag.name, flag);
  const values = new Map<string, string | true>();
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '-h') {
      values.set('help', true);
      continue;
    }
    if (!arg.startsWith('-') || arg === '-' || arg === '--') {
      throw new FlagError(
        'ERR_FLAG_UNEXPECTED_ARGUMENT',
        arg,
        `unexpected argument '${arg}': this server takes flags only (--help lists them)`,
      );
    }
    const body = arg.slice(arg.startsWith('--') ? 2 : 1);
    const equals = body.indexOf('=');
    const name = equals === -1 ? body : body.slice(0, equals);
    const written = arg.slice(0, arg.length - body.length) + name;
    const flag = known.get(name);
    if (flag === undefined) throw unknownFlag(written, name, known);
    if (flag.value === undefined) {
      if (equals !== -1) {
        throw new FlagError(
          'ERR_FLAG_VALUE_INVALID',
          written,
          `${written} takes no value; write just ${written}`,
        );
      }
      values.set(name, true);
      continue;
    }
    let value: string | undefined;
    if (equals !== -1) value = body.slice(equals + 1);
    else {
      const next = args[index + 1];
      // A following flag is not a value: `--http --health` forgot the port.
      if (next !== undefined && !next.startsWith('-')) {
        value = next;
        index++;
      }
    }
    if (value === undefined || value === '') {
      throw new FlagError(
        'ERR_FLAG_VALUE_MISSING',
        written,
        `${written} needs a value: ${written} ${flag.value}${example(name)}`,
      );
    }
    values.set(name, value);
  }
  return toRunFlags(values, extra);
}

function toRunFlags(values: Map<string, string | true>, extra: readonly RunFlag[]): RunFlags {
  const http = values.get('http');
  const allowedHosts = values.get('allowed-hosts');
  const config = values.get('config');
  const extraValues: Record<string, string | true> = {};
  for (const flag of extra) {
    const value = values.get(flag.name);
    if (value !== undefined) extraValues[flag.name] = value;
  }
  return {
    help: values.has('help'),
    health: values.has('health'),
    http: typeof http === 'string' ? parseListenAddress(http) : undefined,
    allowedHosts:
      typeof allowedHosts === 'string' ? parseHostList(allowedHosts, '--allowed-hosts') : undefined,
    config: typeof config === 'string' ? config : undefined,
    extra: extraValues,
  };
}

/**
 * Splits a comma-separated host list (`--allowed-hosts`, `MCPFORGE_ALLOWED_HOSTS`). Entries
 * are host names or addresses with an optional port; `*` alone accepts any Host. The HTTP
 * guard checks each entry strictly when it is built.
 * @throws FlagError naming `source` for an empty list or an entry that is a URL.
 */
export function parseHostList(text: string, source: string): readonly string[] | '*' {
  if (text.trim() === '*') return '*';
  const hosts = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (hosts.length === 0) {
    throw new FlagError(
      'ERR_FLAG_VALUE_INVALID',
      source,
      `${source} needs at least one host name, e.g. ${source} my-box.lan,192.168.1.20`,
    );
  }
  for (const host of hosts) {
    if (/[/\s@]/.test(host)) {
      const bare = host.replace(/^[a-z]+:\/\//i, '').replace(/\/.*$/, '');
      throw new FlagError(
        'ERR_FLAG_VALUE_INVALID',
        source,
        `${source} takes host names, not URLs: write '${bare}' rather than '${host}'`,
      );
    }
  }
  return hosts;
}

const EXAMPLES: Readonly<Record<string, string>> = {
  http: ', e.g. --http 3000 or --http 0.0.0.0:8080',
  'allowed-hosts': ', e.g. --allowed-hosts my-box.lan,192.168.1.20',
  config: ', e.g. --config ./config.json',
};

function example(name: string): string {
  return EXAMPLES[name] ?? '';
}

function unknownFlag(written: string, name: string, known: Map<string, RunFlag>): FlagError {
  const nearest = [...known.keys()]
    .map((candidate) => ({ candidate, distance: editDistance(name, candidate) }))
    .filter(({ distance }) => distance <= 2)
    .sort((a, b) => a.distance - b.distance)[0];
  const hint = nearest === undefined ? '' : ` Did you mean --${nearest.candidate}?`;
  return new FlagError(
    'ERR_FLAG_UNKNOWN',
    written,
    `unknown flag ${written}.${hint} Run with --help for the flags this server takes.`,
  );
}

/** Levenshtein distance, for "did you mean" on short flag names. */
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
