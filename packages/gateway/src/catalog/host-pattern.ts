import { isIPv4, isIPv6 } from 'node:net';
import { invalidField } from '../errors/gateway-error.js';

/**
 * A parsed allow-list host pattern: `api.example.com` (that host), `*.example.com` (any host
 * under it, not the apex), an IPv4 literal or a bracketed IPv6 literal, each optionally with
 * `:port` (without: any port). Addresses are kept as a URL's `hostname` spells them (dotted
 * IPv4, compressed IPv6), since that is what they are compared with: `127.1`, `2130706433` and
 * `0x7f000001` are all `127.0.0.1`.
 */
export interface HostPattern {
  /** Lowercase host; for a wildcard, the suffix after `*.`; IPv6 with its brackets. */
  readonly host: string;
  readonly wildcard: boolean;
  readonly port: number | undefined;
}

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const MAX_HOST_LENGTH = 253;

function isHostname(host: string): boolean {
  return host.length <= MAX_HOST_LENGTH && host.split('.').every((label) => LABEL.test(label));
}

/**
 * A last label WHATWG URL parsing reads as a number, which makes the whole host an IPv4
 * address (`127.1`, `0x7f000001`) or, when that fails, no valid host at all (`foo.123`).
 */
const NUMERIC_LABEL = /^(\d+|0x[0-9a-f]*)$/;

function endsInNumber(host: string): boolean {
  return NUMERIC_LABEL.test(host.slice(host.lastIndexOf('.') + 1));
}

/** `host` (letters, digits, `-`, `.` or a bracketed IPv6 literal) as a URL's hostname, or undefined. */
function urlHostname(host: string): string | undefined {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return undefined;
  }
}

function parsePort(text: string, field: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 1 && port <= 65535)) throw invalidField(field, `has an invalid port ${JSON.stringify(text)}`);
  return port;
}

/** Parses an allow-list entry; the error names `field`. */
export function parseHostPattern(text: string, field: string): HostPattern {
  const lower = text.trim().toLowerCase();
  let host = lower;
  let port: number | undefined;
  if (lower.startsWith('[')) {
    const close = lower.indexOf(']');
    if (close === -1) throw invalidField(field, 'has an unclosed [ of an IPv6 address');
    host = lower.slice(0, close + 1);
    const rest = lower.slice(close + 1);
    if (rest !== '') {
      if (!rest.startsWith(':')) throw invalidField(field, 'must be [IPv6] or [IPv6]:port');
      port = parsePort(rest.slice(1), field);
    }
    const address = isIPv6(host.slice(1, -1)) ? urlHostname(host) : undefined;
    if (address === undefined) throw invalidField(field, 'is not a valid IPv6 address');
    return { host: address, wildcard: false, port };
  }
  const colon = lower.lastIndexOf(':');
  if (colon !== -1) {
    host = lower.slice(0, colon);
    port = parsePort(lower.slice(colon + 1), field);
  }
  if (isIPv6(host)) throw invalidField(field, 'must write an IPv6 address in brackets: [::1]');
  const wildcard = host.startsWith('*.');
  if (wildcard) host = host.slice(2);
  if (!isHostname(host) || host.includes('*')) {
    throw invalidField(
      field,
      'must be a host name (api.example.com), *.example.com, an IPv4 or [IPv6] address',
    );
  }
  if (isIPv4(host) || endsInNumber(host)) {
    if (wildcard) throw invalidField(field, 'cannot put a wildcard on an IP address');
    // Stored as written, `127.1` would never equal the `127.0.0.1` a URL turns it into.
    const address = urlHostname(host);
    if (address === undefined || !isIPv4(address)) {
      throw invalidField(
        field,
        'ends in a number but is not an IPv4 address: write the address dotted (127.0.0.1) or a host name',
      );
    }
    return { host: address, wildcard, port };
  }
  return { host, wildcard, port };
}

/** The canonical text of a pattern, as stored: lowercase, no spaces. */
export function formatHostPattern(pattern: HostPattern): string {
  const host = pattern.wildcard ? `*.${pattern.host}` : pattern.host;
  return pattern.port === undefined ? host : `${host}:${pattern.port}`;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** Whether `url`'s host (and port) is covered by `pattern`. */
export function hostPatternMatches(pattern: HostPattern, url: URL): boolean {
  const host = url.hostname.toLowerCase();
  const hostMatches = pattern.wildcard ? host.endsWith(`.${pattern.host}`) : host === pattern.host;
  if (!hostMatches) return false;
  if (pattern.port === undefined) return true;
  const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
  return port === pattern.port;
}
