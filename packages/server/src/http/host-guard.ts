import { HttpErrorCode, HttpRejection } from './rejection.js';

/** Host names a server bound to loopback accepts by default (any port). */
export const LOCALHOST_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/**
 * DNS-rebinding protection. Entries are host names (`example.com`, `[::1]`) that match any
 * port, or `host:port` that match exactly; comparison is case-insensitive.
 */
export interface HostGuardOptions {
  /** Accepted `Host` header values; default {@link LOCALHOST_NAMES}. `'*'` accepts any. */
  allowedHosts?: readonly string[] | '*';
  /** Accepted `Origin` hosts (same entry syntax); default: the allowed hosts. `'*'` accepts any. */
  allowedOrigins?: readonly string[] | '*';
}

/** Returns a rejection for a request whose Host or Origin is not allowed, else `undefined`. */
export type HostGuard = (host: string | undefined, origin: string | undefined) => HttpRejection | undefined;

function toSet(entries: readonly string[]): Set<string> {
  return new Set(entries.map((entry) => entry.trim().toLowerCase()));
}

/** `host[:port]` → host name, keeping IPv6 brackets. */
function hostName(hostPort: string): string {
  if (hostPort.startsWith('[')) {
    const end = hostPort.indexOf(']');
    return end === -1 ? hostPort : hostPort.slice(0, end + 1);
  }
  const colon = hostPort.indexOf(':');
  return colon === -1 ? hostPort : hostPort.slice(0, colon);
}

function matches(allowed: Set<string>, hostPort: string): boolean {
  const lower = hostPort.toLowerCase();
  return allowed.has(lower) || allowed.has(hostName(lower));
}

function forbidden(): HttpRejection {
  // Never echo the rejected value: it is attacker-chosen.
  return new HttpRejection(403, HttpErrorCode.InvalidRequest, 'Forbidden: Host or Origin not allowed');
}

/** Builds the Host/Origin check. Both headers are checked when present; a missing Host is refused. */
export function createHostGuard(options: HostGuardOptions = {}): HostGuard {
  const hosts = options.allowedHosts ?? LOCALHOST_NAMES;
  const origins = options.allowedOrigins ?? hosts;
  const hostSet = hosts === '*' ? undefined : toSet(hosts);
  const originSet = origins === '*' ? undefined : toSet(origins);
  return (host, origin) => {
    if (hostSet !== undefined && (host === undefined || !matches(hostSet, host.trim()))) return forbidden();
    if (origin !== undefined && originSet !== undefined) {
      const trimmed = origin.trim();
      // `Origin: null` (sandboxed documents, file://) is never a trusted page.
      const schemeEnd = trimmed.indexOf('://');
      if (schemeEnd === -1) return forbidden();
      const rest = trimmed.slice(schemeEnd + 3);
      const slash = rest.indexOf('/');
      if (!matches(originSet, slash === -1 ? rest : rest.slice(0, slash))) return forbidden();
    }
    return undefined;
  };
}
