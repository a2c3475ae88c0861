import { isIPv6 } from 'node:net';
import { type Authority, authorityKey, parseAuthority, parseOrigin } from './authority.js';
import { trimFieldValue } from './header-value.js';
import { HttpErrorCode, HttpRejection } from './rejection.js';

/** Host names a server bound to loopback accepts by default (any port). */
export const LOCALHOST_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/**
 * DNS-rebinding protection. Entries are host names (`example.com`, `[::1]`, or a bare IPv6
 * address) that match any port, or `host:port` that match exactly; comparison is
 * case-insensitive. An entry that is not a valid host is a `TypeError` when the guard is built.
 */
export interface HostGuardOptions {
  /** Accepted `Host` header values; default {@link LOCALHOST_NAMES}. `'*'` accepts any. */
  allowedHosts?: readonly string[] | '*' | undefined;
  /**
   * Accepted `Origin` values; default: the allowed hosts. A host entry matches `http` and
   * `https` origins of that host; a full origin (`chrome-extension://abcdef`,
   * `https://app.example.com:8443`) matches exactly that origin, whatever its scheme; `null`
   * admits the opaque origin of sandboxed documents and `file:` pages. `'*'` accepts any.
   */
  allowedOrigins?: readonly string[] | '*' | undefined;
  /**
   * Told of every refused request, before the 403 goes out (e.g. to log a misconfiguration).
   * The values are the client's, of any length: describe them with care.
   */
  onRefused?: ((refusal: HostRefusal) => void) | undefined;
}

/** Why a request was refused: which header, what it held, and what was wrong with it. */
export interface HostRefusal {
  readonly header: 'host' | 'origin';
  /** `missing`: no Host; `invalid`: not `host[:port]` (for Origin, `scheme://host[:port]` or `null`). */
  readonly reason: 'missing' | 'invalid' | 'not-allowed';
  /** The header as received; `undefined` when missing. */
  readonly value: string | undefined;
  /** For a valid value, its host (lower case, IPv6 in brackets) and port. */
  readonly authority: Authority | undefined;
}

/** Returns a rejection for a request whose Host or Origin is not allowed, else `undefined`. */
export type HostGuard = (host: string | undefined, origin: string | undefined) => HttpRejection | undefined;

/** Schemes a host entry (as opposed to a full origin entry) admits in an `Origin`. */
const WEB_SCHEMES: ReadonlySet<string> = new Set(['http', 'https']);
const NULL_ORIGIN = 'null';

/** An allow-list of `host` (any port) and `host:port` keys. */
class HostList {
  readonly #keys = new Set<string>();

  add(authority: Authority): void {
    this.#keys.add(authorityKey(authority));
  }

  has(authority: Authority): boolean {
    return (
      this.#keys.has(authority.host) ||
      (authority.port !== undefined && this.#keys.has(`${authority.host}:${authority.port}`))
    );
  }
}

/** What an `Origin` allow-list holds. */
interface OriginList {
  readonly hosts: HostList;
  /** `scheme://host[:port]` of full-origin entries. */
  readonly origins: Set<string>;
  readonly allowNull: boolean;
}

/** One host entry; a bare IPv6 address (`::1`) is taken as `[::1]`. */
function hostEntry(entry: string, option: string): Authority {
  const trimmed = entry.trim();
  const authority = parseAuthority(isIPv6(trimmed) ? `[${trimmed}]` : trimmed);
  if (authority === undefined) {
    throw new TypeError(
      `hostValidation.${option} entries must be host names, IP addresses or host:port, got ${JSON.stringify(entry)}`,
    );
  }
  return authority;
}

function entriesOf(value: unknown, option: string): readonly string[] {
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string')) {
    throw new TypeError(`hostValidation.${option} must be an array of strings or '*', got ${typeof value}`);
  }
  return value;
}

function hostList(entries: readonly string[]): HostList {
  const list = new HostList();
  for (const entry of entries) list.add(hostEntry(entry, 'allowedHosts'));
  return list;
}

function originList(entries: readonly string[]): OriginList {
  const list: OriginList = { hosts: new HostList(), origins: new Set(), allowNull: false };
  for (const entry of entries) {
    const trimmed = entry.trim();
    if (trimmed.toLowerCase() === NULL_ORIGIN) {
      (list as { allowNull: boolean }).allowNull = true;
    } else if (trimmed.includes('://')) {
      const origin = parseOrigin(trimmed);
      if (origin === undefined) {
        throw new TypeError(
          `hostValidation.allowedOrigins entries must be hosts or scheme://host[:port], got ${JSON.stringify(entry)}`,
        );
      }
      list.origins.add(`${origin.scheme}://${authorityKey(origin)}`);
    } else {
      list.hosts.add(hostEntry(entry, 'allowedOrigins'));
    }
  }
  return list;
}

/** Why an `Origin` is refused, or `undefined` when it is allowed. */
function originRefusal(list: OriginList, value: string): HostRefusal | undefined {
  // `Origin: null` (sandboxed documents, file://) is no trusted page unless listed.
  if (value === NULL_ORIGIN) return list.allowNull ? undefined : refusal('origin', 'not-allowed', value);
  const origin = parseOrigin(value);
  if (origin === undefined) return refusal('origin', 'invalid', value);
  if (list.origins.has(`${origin.scheme}://${authorityKey(origin)}`)) return undefined;
  if (WEB_SCHEMES.has(origin.scheme) && list.hosts.has(origin)) return undefined;
  return refusal('origin', 'not-allowed', value, origin);
}

function refusal(
  header: HostRefusal['header'],
  reason: HostRefusal['reason'],
  value: string | undefined,
  authority?: Authority,
): HostRefusal {
  return { header, reason, value, authority };
}

function forbidden(): HttpRejection {
  // Never echo the rejected value: it is attacker-chosen.
  return new HttpRejection(403, HttpErrorCode.InvalidRequest, 'Forbidden: Host or Origin not allowed');
}

/**
 * Builds the Host/Origin check. A missing or invalid Host is refused; Origin is checked when
 * present, and one that is not `null` or `scheme://host[:port]` is refused.
 * @throws TypeError when an allow-list entry is not a valid host or origin.
 */
export function createHostGuard(options: HostGuardOptions = {}): HostGuard {
  const hosts = options.allowedHosts ?? LOCALHOST_NAMES;
  const origins = options.allowedOrigins ?? hosts;
  const hostSet = hosts === '*' ? undefined : hostList(entriesOf(hosts, 'allowedHosts'));
  const originSet = origins === '*' ? undefined : originList(entriesOf(origins, 'allowedOrigins'));
  const onRefused = options.onRefused;
  if (onRefused !== undefined && typeof onRefused !== 'function') {
    throw new TypeError(`hostValidation.onRefused must be a function, got ${typeof onRefused}`);
  }
  const refuse = (why: HostRefusal): HttpRejection => {
    onRefused?.(why);
    return forbidden();
  };
  // Clients send the same Host on every request: remember the last one accepted.
  let lastHost: string | undefined;
  return (host, origin) => {
    if (hostSet !== undefined && (host === undefined || host !== lastHost)) {
      if (host === undefined) return refuse(refusal('host', 'missing', host));
      const authority = parseAuthority(trimFieldValue(host));
      if (authority === undefined) return refuse(refusal('host', 'invalid', host));
      if (!hostSet.has(authority)) return refuse(refusal('host', 'not-allowed', host, authority));
      lastHost = host;
    }
    if (origin !== undefined && originSet !== undefined) {
      const refused = originRefusal(originSet, trimFieldValue(origin));
      if (refused !== undefined) return refuse(refused);
    }
    return undefined;
  };
}
