import { isIPv4, isIPv6 } from 'node:net';

/**
 * IP addresses as bytes (4 for IPv4, 16 for IPv6) and CIDR ranges over them, so the SSRF guard
 * compares numbers, never spellings: `::ffff:7f00:1`, `::ffff:127.0.0.1` and `127.0.0.1` are
 * told apart only by family, and {@link embeddedIPv4} finds the IPv4 inside the IPv6 forms.
 * @module
 */

/** An address as network-order bytes: 4 for IPv4, 16 for IPv6. */
export type AddressBytes = Uint8Array;

function parseIPv4(text: string): AddressBytes {
  return Uint8Array.from(text.split('.').map(Number));
}

function parseIPv6(text: string): AddressBytes {
  const bytes = new Uint8Array(16);
  let body = text;
  let tail: AddressBytes | undefined;
  const lastColon = body.lastIndexOf(':');
  if (body.includes('.', lastColon)) {
    tail = parseIPv4(body.slice(lastColon + 1));
    body = `${body.slice(0, lastColon + 1)}0:0`;
  }
  const [head = '', rest] = body.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const restGroups = rest === undefined || rest === '' ? [] : rest.split(':');
  const groups =
    rest === undefined
      ? headGroups
      : [
          ...headGroups,
          ...new Array<string>(8 - headGroups.length - restGroups.length).fill('0'),
          ...restGroups,
        ];
  groups.forEach((group, index) => {
    const value = Number.parseInt(group, 16);
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  });
  if (tail !== undefined) bytes.set(tail, 12);
  return bytes;
}

/**
 * The bytes of an IPv4 or IPv6 literal (an IPv6 zone such as `%eth0` and brackets are
 * ignored), or `undefined` when `text` is not an IP address.
 */
export function parseAddress(text: string): AddressBytes | undefined {
  let address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = address.indexOf('%');
  if (zone !== -1) address = address.slice(0, zone);
  if (isIPv4(address)) return parseIPv4(address);
  if (isIPv6(address)) return parseIPv6(address.toLowerCase());
  return undefined;
}

/** A CIDR range: the first `prefix` bits of `bytes`. */
export interface Cidr {
  readonly bytes: AddressBytes;
  readonly prefix: number;
}

/** Parses `10.0.0.0/8` or `fc00::/7`; throws on a malformed range (they are constants here). */
export function cidr(text: string): Cidr {
  const [address = '', prefixText = ''] = text.split('/');
  const bytes = parseAddress(address);
  const prefix = Number(prefixText);
  if (bytes === undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > bytes.length * 8) {
    throw new RangeError(`not a CIDR range: ${text}`);
  }
  return { bytes, prefix };
}

/** Whether `address` lies in `range` (same family only). */
export function inCidr(address: AddressBytes, range: Cidr): boolean {
  if (address.length !== range.bytes.length) return false;
  const whole = range.prefix >> 3;
  for (let index = 0; index < whole; index++) {
    if (address[index] !== range.bytes[index]) return false;
  }
  const bits = range.prefix & 7;
  if (bits === 0) return true;
  const mask = (0xff << (8 - bits)) & 0xff;
  return ((address[whole] ?? 0) & mask) === ((range.bytes[whole] ?? 0) & mask);
}

/**
 * IPv6 forms that carry an IPv4 address a packet may end up at, with where the four bytes
 * sit: IPv4-mapped and IPv4-translated (RFC 4291, 2765), IPv4-compatible (deprecated), NAT64
 * (RFC 6052, 8215), 6to4 (RFC 3056).
 */
const EMBEDDING_FORMS: readonly { range: Cidr; offset: number }[] = [
  { range: cidr('::ffff:0:0/96'), offset: 12 },
  { range: cidr('::ffff:0:0:0/96'), offset: 12 },
  { range: cidr('::/96'), offset: 12 },
  { range: cidr('64:ff9b::/96'), offset: 12 },
  { range: cidr('64:ff9b:1::/48'), offset: 12 },
  { range: cidr('2002::/16'), offset: 2 },
];

/** The IPv4 address an IPv6 address carries in one of {@link EMBEDDING_FORMS}, if it does. */
export function embeddedIPv4(address: AddressBytes): AddressBytes | undefined {
  if (address.length !== 16) return undefined;
  for (const form of EMBEDDING_FORMS) {
    if (inCidr(address, form.range)) return address.slice(form.offset, form.offset + 4);
  }
  return undefined;
}
