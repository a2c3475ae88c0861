/**
 * Strict `Host` and `Origin` values for the DNS-rebinding guard.
 *
 * A `Host` is an RFC 3986 authority without user info: a host name or IPv4 address, or an
 * IPv6 address in brackets, then an optional numeric port. An `Origin` (RFC 6454) is
 * `scheme "://" authority` exactly, or `null`. Anything else is invalid: prefix tricks such as
 * `[::1]evil.com`, `localhost:evil.com` or `http://[::1]x.evil.com` used to pass a guard that
 * only cut the value at the first `]` or `:`.
 * @module
 */

import { isIPv6 } from 'node:net';

/** A parsed authority: the host lower-cased (IPv6 in brackets, compressed), the port as digits. */
export interface Authority {
  readonly host: string;
  readonly port: string | undefined;
}

/** A parsed origin: the scheme lower-cased, and its authority. */
export interface ParsedOrigin extends Authority {
  readonly scheme: string;
}

const COLON = 0x3a;
const MAX_PORT = 65_535;
/** Host name characters: RFC 3986 `unreserved` (letters, digits, `-`, `.`, `_`, `~`). */
const HOST_NAME = /^[A-Za-z0-9._~-]+$/;
const PORT = /^\d{1,5}$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;

/** `[v6]` → its canonical bracketed form, or `undefined` when the inside is not an IPv6 address. */
function ipv6Literal(inside: string): string | undefined {
  // isIPv6 also admits a zone (`fe80::1%eth0`), which has no place in a Host; URL refuses it.
  if (!isIPv6(inside) || inside.includes('%')) return undefined;
  return new URL(`http://[${inside}]/`).hostname;
}

function validPort(port: string): boolean {
  return PORT.test(port) && Number(port) <= MAX_PORT;
}

/**
 * Parses `host[:port]` (a `Host` header value, or the authority of an origin).
 * Returns `undefined` when it is not exactly that.
 */
export function parseAuthority(value: string): Authority | undefined {
  let host: string | undefined;
  let rest: string;
  if (value.charCodeAt(0) === 0x5b /* [ */) {
    const end = value.indexOf(']');
    if (end === -1) return undefined;
    host = ipv6Literal(value.slice(1, end));
    rest = value.slice(end + 1);
  } else {
    const colon = value.indexOf(':');
    const name = colon === -1 ? value : value.slice(0, colon);
    host = HOST_NAME.test(name) ? name.toLowerCase() : undefined;
    rest = colon === -1 ? '' : value.slice(colon);
  }
  if (host === undefined) return undefined;
  if (rest === '') return { host, port: undefined };
  if (rest.charCodeAt(0) !== COLON) return undefined;
  const port = rest.slice(1);
  return validPort(port) ? { host, port } : undefined;
}

/**
 * Parses an `Origin` value other than `null`: `scheme://host[:port]`, nothing before or after
 * (no user info, path, query or fragment). Returns `undefined` when it is not exactly that.
 */
export function parseOrigin(value: string): ParsedOrigin | undefined {
  const separator = value.indexOf('://');
  if (separator === -1) return undefined;
  const scheme = value.slice(0, separator);
  if (!SCHEME.test(scheme)) return undefined;
  const authority = parseAuthority(value.slice(separator + 3));
  return authority === undefined ? undefined : { scheme: scheme.toLowerCase(), ...authority };
}

/** `host` or `host:port`, as an allow-list key. */
export function authorityKey(authority: Authority): string {
  return authority.port === undefined ? authority.host : `${authority.host}:${authority.port}`;
}
