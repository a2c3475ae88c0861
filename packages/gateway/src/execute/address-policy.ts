import { type AddressBytes, type Cidr, cidr, embeddedIPv4, inCidr, parseAddress } from './ip-address.js';

/**
 * Which addresses an upstream call may connect to. Public addresses always pass; the special
 * ones pass only when the workspace's allow-list entry for the host says so, and `reserved`
 * ones (unspecified, "this network", multicast, broadcast, future use) never do.
 * @module
 */

/** What kind of address a connection would go to. */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link_local' | 'metadata' | 'reserved';

/** The flags of an allow-list entry (see `UpstreamHost` in the catalog). */
export interface AddressPolicy {
  readonly allowLoopback: boolean;
  readonly allowPrivate: boolean;
  readonly allowLinkLocal: boolean;
}

/** Refuses every special address: the policy of an entry without flags. */
export const STRICT_ADDRESS_POLICY: AddressPolicy = {
  allowLoopback: false,
  allowPrivate: false,
  allowLinkLocal: false,
};

/**
 * The special ranges, most specific first (metadata before the link-local and private ranges
 * holding it). Cloud metadata services hand out credentials, so they count as link-local even
 * where their address is not (AWS's IPv6 one is unique-local, Alibaba's is in shared space).
 */
const RANGES: readonly { range: Cidr; kind: Exclude<AddressClass, 'public'> }[] = [
  // IPv4
  { range: cidr('169.254.169.254/32'), kind: 'metadata' }, // AWS, GCP, Azure, OpenStack
  { range: cidr('100.100.100.200/32'), kind: 'metadata' }, // Alibaba Cloud
  { range: cidr('0.0.0.0/8'), kind: 'reserved' }, // "this network": 0.0.0.0 reaches the local host
  { range: cidr('127.0.0.0/8'), kind: 'loopback' },
  { range: cidr('10.0.0.0/8'), kind: 'private' },
  { range: cidr('172.16.0.0/12'), kind: 'private' },
  { range: cidr('192.168.0.0/16'), kind: 'private' },
  { range: cidr('100.64.0.0/10'), kind: 'private' }, // shared address space (carrier-grade NAT)
  { range: cidr('198.18.0.0/15'), kind: 'private' }, // benchmarking networks
  { range: cidr('192.0.0.0/24'), kind: 'private' }, // IETF protocol assignments
  { range: cidr('169.254.0.0/16'), kind: 'link_local' },
  { range: cidr('224.0.0.0/4'), kind: 'reserved' }, // multicast
  { range: cidr('240.0.0.0/4'), kind: 'reserved' }, // future use, and 255.255.255.255 broadcast
  // IPv6
  { range: cidr('fd00:ec2::254/128'), kind: 'metadata' }, // AWS (IPv6)
  { range: cidr('::/128'), kind: 'reserved' }, // unspecified
  { range: cidr('::1/128'), kind: 'loopback' },
  { range: cidr('fc00::/7'), kind: 'private' }, // unique local
  { range: cidr('fec0::/10'), kind: 'private' }, // site-local (deprecated, still routed by some)
  { range: cidr('fe80::/10'), kind: 'link_local' },
  { range: cidr('ff00::/8'), kind: 'reserved' }, // multicast
];

function classifyBytes(bytes: AddressBytes): AddressClass {
  for (const { range, kind } of RANGES) {
    if (inCidr(bytes, range)) return kind;
  }
  const inner = embeddedIPv4(bytes);
  return inner === undefined ? 'public' : classifyBytes(inner);
}

/**
 * The class of an IP literal; an IPv6 form carrying an IPv4 address (mapped, compatible,
 * NAT64, 6to4) is classed by that IPv4 address. A string that is not an IP address is
 * `reserved`, so a resolver answering nonsense is refused, not trusted.
 */
export function classifyAddress(address: string): AddressClass {
  const bytes = parseAddress(address);
  return bytes === undefined ? 'reserved' : classifyBytes(bytes);
}

/** Whether `policy` lets a connection go to an address of class `kind`. */
export function addressClassAllowed(kind: AddressClass, policy: AddressPolicy): boolean {
  switch (kind) {
    case 'public':
      return true;
    case 'loopback':
      return policy.allowLoopback;
    case 'private':
      return policy.allowPrivate;
    case 'link_local':
    case 'metadata':
      return policy.allowLinkLocal;
    case 'reserved':
      return false;
  }
}

/** The class of `address` when `policy` refuses it, `undefined` when it may be connected to. */
export function refusedAddressClass(address: string, policy: AddressPolicy): AddressClass | undefined {
  const kind = classifyAddress(address);
  return addressClassAllowed(kind, policy) ? undefined : kind;
}
