import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { buildConnector } from 'undici';
import { type AddressClass, type AddressPolicy, refusedAddressClass } from './address-policy.js';

/**
 * The SSRF guard, at connect time. Each new upstream connection resolves its host once, inside
 * the socket's own `lookup`, and every address of the answer is checked against the policy
 * before the socket may use any of them; an IP literal (which skips `lookup`) is checked before
 * connecting. Since the address checked is the address connected to, a name that answers a
 * public address to a pre-check and a private one to the connect (DNS rebinding) gains nothing.
 * @module
 */

const ADDRESS_REFUSED_BRAND = Symbol.for('mcpforge.gateway.AddressRefusedError');
const hasOwnPrototype = Function.prototype[Symbol.hasInstance];

/**
 * A connection refused by the address policy. Internal: the caller sees the tool error
 * `upstream_address_refused`; the message (host and address class, no address) is for the
 * operator log.
 */
export class AddressRefusedError extends Error {
  readonly code = 'ERR_ADDRESS_REFUSED';
  readonly addressClass: AddressClass;

  constructor(host: string, addressClass: AddressClass) {
    const kind = `${addressClass.replace('_', '-')} address`;
    const what = isIP(host) === 0 ? `${host} resolves to a ${kind}` : `${host} is a ${kind}`;
    super(`${what} the allow-list entry does not permit`);
    this.name = 'AddressRefusedError';
    this.addressClass = addressClass;
    Object.defineProperty(this, ADDRESS_REFUSED_BRAND, { value: true });
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    if (hasOwnPrototype.call(this, value)) return true;
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[ADDRESS_REFUSED_BRAND] === true
    );
  }
}

type LookupCallback = Parameters<LookupFunction>[2];

function noAddressError(hostname: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  error.code = 'ENOTFOUND';
  return error;
}

/**
 * A `lookup` for `net.connect` that resolves with `resolve` (every address, whatever the
 * socket asked for) and fails with {@link AddressRefusedError} if any address is refused:
 * the socket may pick any of them (happy eyeballs), so all must pass.
 */
export function guardedLookup(policy: AddressPolicy, resolve: LookupFunction = dnsLookup): LookupFunction {
  return (hostname, options, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (error, answer, family) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const addresses: LookupAddress[] =
        typeof answer === 'string' ? [{ address: answer, family: family ?? isIP(answer) }] : answer;
      const first = addresses[0];
      if (first === undefined) {
        callback(noAddressError(hostname), '', 0);
        return;
      }
      for (const { address } of addresses) {
        const refused = refusedAddressClass(address, policy);
        if (refused !== undefined) {
          callback(new AddressRefusedError(hostname, refused), '', 0);
          return;
        }
      }
      if (options.all === true) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

/** What {@link guardedConnector} needs besides the policy. */
export interface GuardedConnectorOptions {
  connectTimeoutMs: number;
  lookup?: LookupFunction | undefined;
}

/** An undici connector whose sockets connect only to addresses `policy` permits. */
export function guardedConnector(
  policy: AddressPolicy,
  options: GuardedConnectorOptions,
): buildConnector.connector {
  const connect = buildConnector({
    timeout: options.connectTimeoutMs,
    lookup: guardedLookup(policy, options.lookup),
  } as buildConnector.BuildOptions);
  return (connectOptions, callback) => {
    if (isIP(connectOptions.hostname) !== 0) {
      const refused = refusedAddressClass(connectOptions.hostname, policy);
      if (refused !== undefined) {
        callback(new AddressRefusedError(connectOptions.hostname, refused), null);
        return;
      }
    }
    connect(connectOptions, callback);
  };
}
