import { relative } from 'node:path';
import { FlagError } from './flag-error.js';
import { ALLOWED_HOSTS_ENV, parseHostList, parseRunFlags, type RunFlag, type RunFlags } from './run-flags.js';

/** What `run()` reads from its command line and environment before anything starts. */
export interface CommandLine {
  flags: RunFlags;
  /** `--allowed-hosts`, else `MCPFORGE_ALLOWED_HOSTS` (with `--http` only). */
  allowedHosts: readonly string[] | '*' | undefined;
}

/**
 * Reads `run()`'s flags and checks they fit together: `--allowed-hosts` needs `--http`, and
 * `--http` does not apply when the server sets its transport in code.
 * @throws FlagError naming the flag (or the variable) and the fix.
 */
export function readCommandLine(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  settings: { extraFlags: readonly RunFlag[]; customTransport: boolean },
): CommandLine {
  const flags = parseRunFlags(argv.slice(2), settings.extraFlags);
  if (flags.http !== undefined && settings.customTransport) {
    throw new FlagError(
      'ERR_FLAG_NOT_APPLICABLE',
      '--http',
      '--http does not apply: this server sets its transport in code (the transport option of run()); drop the flag',
    );
  }
  if (flags.allowedHosts !== undefined && flags.http === undefined) {
    throw new FlagError(
      'ERR_FLAG_NOT_APPLICABLE',
      '--allowed-hosts',
      '--allowed-hosts only applies to HTTP: add --http [HOST:]PORT (e.g. --http 0.0.0.0:8080), or drop it',
    );
  }
  const fromEnv = env[ALLOWED_HOSTS_ENV];
  const allowedHosts =
    flags.allowedHosts ??
    (flags.http !== undefined && fromEnv !== undefined && fromEnv.trim() !== ''
      ? parseHostList(fromEnv, ALLOWED_HOSTS_ENV)
      : undefined);
  return { flags, allowedHosts };
}

/** How a person starts this process: `node dist/main.js`, relative to where they are. */
export function programOf(argv: readonly string[], fallback: string): string {
  const script = argv[1];
  if (script === undefined) return fallback;
  const shown = relative(process.cwd(), script);
  return `node ${shown.startsWith('..') || shown === '' ? script : shown}`;
}
