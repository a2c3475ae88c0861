import type { GatewayLogger } from '@mcpforge/gateway';
import { type HostGuardOptions, LOCALHOST_NAMES, MAX_WARNED_VALUES } from '@mcpforge/server/http';
import { ALLOWED_HOSTS_ENV } from '../cli/allowed-hosts.js';

const LOOPBACK: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * The `Host` names the gateway's MCP endpoints accept, as the toolkit's `--http` has them: the
 * localhost names, plus the bind address when it is not loopback, plus `--allowed-hosts`
 * (`'*'`: any).
 */
export function allowedHostsFor(
  bindHost: string,
  extra: readonly string[] | '*' | undefined,
): readonly string[] | '*' {
  if (extra === '*') return '*';
  const bind = bindHost.includes(':') ? `[${bindHost}]` : bindHost;
  const base = LOOPBACK.has(bindHost) ? LOCALHOST_NAMES : [...LOCALHOST_NAMES, bind];
  return [...new Set([...base, ...(extra ?? [])])];
}

/**
 * The gateway's `hostValidation`: `allowedHosts`, and each refused Host logged once (at most
 * `MAX_WARNED_VALUES` of them) with the flag that accepts it, since otherwise every client of a
 * gateway on 0.0.0.0 gets 403 with nothing saying why.
 */
export function hostValidationFor(
  allowedHosts: readonly string[] | '*',
  logger: GatewayLogger,
): HostGuardOptions {
  const seen = new Set<string>();
  return {
    allowedHosts,
    onRefused(refusal) {
      if (refusal.header !== 'host' || seen.size >= MAX_WARNED_VALUES) return;
      // The client's value, of any length: cut before it is kept or logged.
      const value = refusal.value?.slice(0, 120);
      const key = `${refusal.reason} ${value ?? ''}`;
      if (seen.has(key)) return;
      seen.add(key);
      const host = refusal.authority?.host.slice(0, 120);
      if (refusal.reason === 'not-allowed' && host !== undefined) {
        logger.warn(
          { code: 'HOST_NOT_ALLOWED', value },
          `refused Host ${JSON.stringify(value)}: not in the allowed hosts; pass --allowed-hosts ${host} (or ${ALLOWED_HOSTS_ENV}) to accept it`,
        );
      } else {
        const code = refusal.reason === 'missing' ? 'HOST_MISSING' : 'HOST_INVALID';
        logger.warn(
          { code, value },
          `refused a request: ${refusal.reason === 'missing' ? 'no Host header' : 'Host is not host[:port]'}`,
        );
      }
    },
  };
}
