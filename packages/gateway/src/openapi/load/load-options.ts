import type { LookupFunction } from 'node:net';
import { type AddressPolicy, STRICT_ADDRESS_POLICY } from '../../execute/address-policy.js';

/** Largest document read, counting every document its `$ref`s load: 20 MiB. */
export const DEFAULT_MAX_SPEC_BYTES = 20 * 1024 * 1024;
/** How long one remote document may take, connect to last byte. */
export const DEFAULT_REMOTE_TIMEOUT_MS = 10_000;
/** Redirects followed per remote document; each hop goes through the address guard again. */
export const MAX_REMOTE_REDIRECTS = 5;
/** YAML aliases a document may use: an alias bomb expands a few bytes into gigabytes. */
export const MAX_YAML_ALIASES = 100;

/** How {@link loadOpenApiDocument} reads. */
export interface LoadOptions {
  /** Cap on the bytes read, the document and every document it references together. Default 20 MiB. */
  maxBytes?: number | undefined;
  /** Load an http(s) document and remote `$ref`s (through the SSRF guard). Default false. */
  allowRemote?: boolean | undefined;
  /** Per remote document. Default 10 s. */
  remoteTimeoutMs?: number | undefined;
  /**
   * Which addresses remote fetches may connect to. Default: public addresses only (loopback,
   * private and link-local refused, as for an allow-list entry without flags).
   */
  addressPolicy?: AddressPolicy | undefined;
  /** DNS lookup for remote fetches (tests). Default: the system resolver. */
  lookup?: LookupFunction | undefined;
}

export interface ResolvedLoadOptions {
  maxBytes: number;
  allowRemote: boolean;
  remoteTimeoutMs: number;
  addressPolicy: AddressPolicy;
  lookup: LookupFunction | undefined;
}

function positiveInteger(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  // NaN or a fraction would silently turn the cap or the timeout off.
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${name}: must be a positive integer (got ${String(value)})`);
  }
  return value;
}

/** Fills the defaults. @throws RangeError for a size or timeout that is not a positive integer. */
export function resolveLoadOptions(options: LoadOptions = {}): ResolvedLoadOptions {
  return {
    maxBytes: positiveInteger(options.maxBytes, 'maxBytes', DEFAULT_MAX_SPEC_BYTES),
    allowRemote: options.allowRemote === true,
    remoteTimeoutMs: positiveInteger(options.remoteTimeoutMs, 'remoteTimeoutMs', DEFAULT_REMOTE_TIMEOUT_MS),
    addressPolicy: options.addressPolicy ?? STRICT_ADDRESS_POLICY,
    lookup: options.lookup,
  };
}
