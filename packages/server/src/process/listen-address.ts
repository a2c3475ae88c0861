import { FlagError } from './flag-error.js';

/** Where `--http` asks to listen. */
export interface ListenAddress {
  /** A host name or address, IPv6 without brackets. */
  host: string;
  /** 0 picks a free port. */
  port: number;
}

/** The address `--http PORT` binds to: loopback, so nothing outside the machine can connect. */
export const DEFAULT_LISTEN_HOST = '127.0.0.1';

const MAX_PORT = 65_535;
const PORT = /^\d{1,5}$/;
/** A host name or IPv4 address (RFC 3986 unreserved characters). */
const HOST_NAME = /^[A-Za-z0-9._~-]+$/;
/** An IPv6 literal inside brackets: hex digits, colons, and a trailing dotted IPv4 part. */
const IPV6 = /^[0-9A-Fa-f:.]+$/;

/** Why a `[HOST:]PORT` value is not one, in words that fit after "got 'VALUE' (". */
export interface ListenAddressProblem {
  readonly problem: string;
}

/**
 * Reads `[HOST:]PORT` (`3000`, `0.0.0.0:8080`, `localhost:0`, `[::1]:3000`); a bare port is on
 * {@link DEFAULT_LISTEN_HOST}. Returns what is wrong instead of throwing, so each command line
 * (`run()`'s `--http`, the CLI's `--listen`) frames the error its own way.
 */
export function readListenAddress(value: string): ListenAddress | ListenAddressProblem {
  let host = DEFAULT_LISTEN_HOST;
  let portText = value;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end === -1 || value[end + 1] !== ':') return { problem: 'an IPv6 host is written [ADDRESS]:PORT' };
    host = value.slice(1, end);
    portText = value.slice(end + 2);
    if (!IPV6.test(host) || !host.includes(':')) return { problem: `'${host}' is not an IPv6 address` };
  } else if (value.includes(':')) {
    const colon = value.lastIndexOf(':');
    host = value.slice(0, colon);
    portText = value.slice(colon + 1);
    if (host.includes(':')) return { problem: 'an IPv6 host goes in brackets: [::1]:PORT' };
    if (!HOST_NAME.test(host)) {
      return { problem: host === '' ? 'the host is empty' : `'${host}' is not a host` };
    }
  }
  if (!PORT.test(portText) || Number(portText) > MAX_PORT) {
    return {
      problem: portText === '' ? 'the port is missing' : `the port must be a number from 0 to ${MAX_PORT}`,
    };
  }
  return { host, port: Number(portText) };
}

/**
 * Reads `[HOST:]PORT` as given to `flag` (see {@link readListenAddress}).
 * @throws FlagError `ERR_FLAG_VALUE_INVALID` naming the flag, the expected shape and an example.
 */
export function parseListenAddress(value: string, flag = '--http'): ListenAddress {
  const address = readListenAddress(value);
  if ('problem' in address) {
    throw new FlagError(
      'ERR_FLAG_VALUE_INVALID',
      flag,
      `${flag} expects [HOST:]PORT, e.g. ${flag} 3000 or ${flag} 0.0.0.0:8080; got '${value}' (${address.problem})`,
    );
  }
  return address;
}

/** `host:port` as a person writes it, IPv6 in brackets. */
export function formatListenAddress(address: ListenAddress): string {
  return `${address.host.includes(':') ? `[${address.host}]` : address.host}:${address.port}`;
}
