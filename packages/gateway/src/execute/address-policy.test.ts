import { describe, expect, it } from 'vitest';
import {
  type AddressClass,
  addressClassAllowed,
  classifyAddress,
  STRICT_ADDRESS_POLICY,
} from './address-policy.js';
import { embeddedIPv4, parseAddress } from './ip-address.js';

const CLASSES: Record<AddressClass, string[]> = {
  public: [
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ],
  loopback: [
    '127.0.0.1',
    '127.255.255.254',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:0001',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
  ],
  private: [
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.255',
    '198.18.0.1',
    'fc00::1',
    'fd12:3456::1',
    'fec0::1',
    '::ffff:10.0.0.1',
    '::ffff:192.168.0.1',
  ],
  link_local: ['169.254.0.1', '169.254.170.2', 'fe80::1', 'fe80::1%eth0', 'febf::1', '::ffff:169.254.1.1'],
  metadata: [
    '169.254.169.254',
    'fd00:ec2::254',
    '100.100.100.200',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
  ],
  reserved: [
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '240.0.0.1',
    '::',
    'ff02::1',
    '::ffff:0.0.0.0',
    'not-an-ip',
    '',
  ],
};

describe('classifyAddress', () => {
  for (const [kind, addresses] of Object.entries(CLASSES)) {
    it(`classes ${addresses.join(', ')} as ${kind}`, () => {
      expect(addresses.map((address) => [address, classifyAddress(address)])).toEqual(
        addresses.map((address) => [address, kind]),
      );
    });
  }
});

describe('addressClassAllowed', () => {
  it('lets public addresses through and refuses every other class under the strict policy', () => {
    expect(addressClassAllowed('public', STRICT_ADDRESS_POLICY)).toBe(true);
    for (const kind of ['loopback', 'private', 'link_local', 'metadata', 'reserved'] as const) {
      expect(addressClassAllowed(kind, STRICT_ADDRESS_POLICY)).toBe(false);
    }
  });

  it('each flag opens its classes only; metadata needs allowLinkLocal; reserved never passes', () => {
    const all = { allowLoopback: true, allowPrivate: true, allowLinkLocal: true };
    expect(addressClassAllowed('reserved', all)).toBe(false);
    expect(addressClassAllowed('metadata', { ...all, allowLinkLocal: false })).toBe(false);
    expect(addressClassAllowed('metadata', { ...STRICT_ADDRESS_POLICY, allowLinkLocal: true })).toBe(true);
    expect(addressClassAllowed('loopback', { ...STRICT_ADDRESS_POLICY, allowLoopback: true })).toBe(true);
    expect(addressClassAllowed('private', { ...STRICT_ADDRESS_POLICY, allowLoopback: true })).toBe(false);
  });
});

describe('parseAddress', () => {
  it('reads every spelling of one IPv6 address to the same bytes', () => {
    const spellings = ['::ffff:127.0.0.1', '::FFFF:7F00:1', '0:0:0:0:0:ffff:7f00:1', '[::ffff:7f00:1]'];
    const bytes = spellings.map((text) => Array.from(parseAddress(text) ?? []));
    for (const each of bytes) expect(each).toEqual(bytes[0]);
    expect(Array.from(embeddedIPv4(parseAddress('::ffff:127.0.0.1')!) ?? [])).toEqual([127, 0, 0, 1]);
  });

  it('refuses what is not an address', () => {
    for (const text of ['localhost', '1.2.3', '256.1.1.1', '::g', '1.2.3.4.5', '[::1']) {
      expect(parseAddress(text)).toBeUndefined();
    }
  });
});
