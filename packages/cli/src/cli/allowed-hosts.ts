/** The variable read when `--allowed-hosts` is not given (the toolkit's `run()` reads the same). */
import { ALLOWED_HOSTS_ENV } from '@mcpforge/server';
import { createHostGuard } from '@mcpforge/server/http';
import { CliError } from './cli-error.js';
import type { FlagSpec } from './flags.js';

export { ALLOWED_HOSTS_ENV };

/** `--allowed-hosts`, as `serve` and `demo` list it. */
export const ALLOWED_HOSTS_FLAG: FlagSpec = {
  name: 'allowed-hosts',
  value: 'HOST[,HOST...]',
  description: `Host names MCP clients may use besides localhost and the listen address (or ${ALLOWED_HOSTS_ENV}; * for any)`,
  example: 'gateway.internal,10.1.2.3',
};

/**
 * Reads a comma-separated `Host` allow-list (`--allowed-hosts`, `MCPFORGE_ALLOWED_HOSTS`):
 * host names or addresses, each with an optional port; `*` alone accepts any Host. Each entry
 * is checked as the gateway's Host guard checks it, so a typo is a usage error at once.
 * @throws CliError `invalid_value` naming `source` (the flag or the variable).
 */
export function readAllowedHosts(text: string, source: string): readonly string[] | '*' {
  if (text.trim() === '*') return '*';
  const hosts = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const example = `e.g. ${source === '--allowed-hosts' ? '--allowed-hosts ' : `${source}=`}gateway.internal,10.1.2.3`;
  if (hosts.length === 0) {
    throw new CliError('invalid_value', `${source} needs at least one host name, ${example}`);
  }
  for (const host of hosts) {
    try {
      createHostGuard({ allowedHosts: [host] });
    } catch {
      const bare = host.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/.*$/, '');
      const hint = bare !== host && bare !== '' ? `: write '${bare}' rather than '${host}'` : `, ${example}`;
      throw new CliError(
        'invalid_value',
        `${source} takes host names or addresses with an optional port ('*' alone for any); '${host}' is not one${hint}`,
      );
    }
  }
  return hosts;
}

/**
 * `--allowed-hosts`, else a non-blank `MCPFORGE_ALLOWED_HOSTS` (a flag beats the environment);
 * undefined when neither is given. `serve` and `demo` read it alike.
 * @throws CliError `invalid_value` naming the flag or the variable.
 */
export function readAllowedHostsFlag(
  flag: string | true | undefined,
  env: string | undefined,
): readonly string[] | '*' | undefined {
  if (typeof flag === 'string') return readAllowedHosts(flag, '--allowed-hosts');
  if (env !== undefined && env.trim() !== '') return readAllowedHosts(env, ALLOWED_HOSTS_ENV);
  return undefined;
}
