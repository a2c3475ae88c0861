import { CliError } from './cli-error.js';

/** Where `--listen` asks the gateway to listen. */
export interface ListenAddress {
  /** A host name or address, IPv6 without brackets. */
  host: string;
  /** 0 picks a free port. */
  port: number;
}

const MAX_PORT = 65_535;
const PORT = /^\d{1,5}$/;
const HOST_NAME = /^[A-Za-z0-9._~-]+$/;
const IPV6 = /^[0-9A-Fa-f:.]+$/;

/**
 * Reads `HOST:PORT` (`127.0.0.1:8080`, `0.0.0.0:0`, `[::1]:8080`) or a bare `PORT` (on
 * 127.0.0.1, so nothing outside the machine can connect unless asked).
 * @throws CliError `invalid_value` naming the flag, the shape and an example.
 */
export function parseListen(value: string, flag = '--listen'): ListenAddress {
  const invalid = (why: string): CliError =>
    new CliError(
      'invalid_value',
      `${flag} expects HOST:PORT, e.g. ${flag} 127.0.0.1:8080 or ${flag} 0.0.0.0:8080; got '${value}' (${why})`,
    );
  let host = '127.0.0.1';
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
    if (host.includes(':')) throw invalid('an IPv6 host goes in brackets: [::1]:8080');
    if (!HOST_NAME.test(host)) throw invalid(host === '' ? 'the host is empty' : `'${host}' is not a host`);
  }
  if (!PORT.test(portText) || Number(portText) > MAX_PORT) {
    throw invalid(
      portText === '' ? 'the port is missing' : `the port must be a number from 0 to ${MAX_PORT}`,
    );
  }
  return { host, port: Number(portText) };
}
