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

/**
 * Reads `[HOST:]PORT` (`3000`, `0.0.0.0:8080`, `localhost:0`, `[::1]:3000`) as given to `flag`.
 * @throws FlagError `ERR_FLAG_VALUE_INVALID` naming the flag, the expected shape and an example.
 */
export function parseListenAddress(value: string, flag = '--http'): ListenAddress {
  const invalid = (why: string): FlagError =>
    new FlagError(
      'ERR_FLAG_VALUE_INVALID',
      flag,
      `${flag} expects [HOST:]PORT, e.g. ${flag} 3000 or ${flag} 0.0.0.0:8080; got '${value}' (${why})`,
    );
  let host = DEFAULT_LISTEN_HOST;
  let portText = value;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end === -1 || value[end + 1] !== ':') throw invalid('an IPv6 host is written [ADDRESS]:PORT');
    host = value.slice(1, end);
    portText = value.slice(end + 2);
    if (!IPV6.test(host) || !host.includes(':')) throw invalid(`'${host}' is not an IPv6 address`);
  } else if (value.includes(':')) {
    const colon = value.lastIndexOf(':');
    host = value.slice(0, colon);
    portText = value.slice(colon + 1);
    if (host.includes(':')) throw invalid('an IPv6 host goes in brackets: [::1]:3000');
    if (!HOST_NAME.test(host)) throw invalid(host === '' ? 'the host is empty' : `'${host}' is not a host`);
  }
  if (!PORT.test(portText) || Number(portText) > MAX_PORT) {
    throw invalid(
      portText === '' ? 'the port is missing' : `the port must be a number from 0 to ${MAX_PORT}`,
    );
  }
  return { host, port: Number(portText) };
}

/** `host:port` as a person writes it, IPv6 in brackets. */
export function formatListenAddress(address: ListenAddress): string {
  return `${address.host.includes(':') ? `[${address.host}]` : address.host}:${address.port}`;
}
