import { type ListenAddress, readListenAddress } from '@mcpforge/server';
import { CliError } from './cli-error.js';

export type { ListenAddress };

/**
 * Reads `HOST:PORT` (`127.0.0.1:8080`, `0.0.0.0:0`, `[::1]:8080`) or a bare `PORT` (on
 * 127.0.0.1, so nothing outside the machine can connect unless asked), with the toolkit's
 * parser of `--http`.
 * @throws CliError `invalid_value` naming the flag, the shape and an example.
 */
export function parseListen(value: string, flag = '--listen'): ListenAddress {
  const address = readListenAddress(value);
  if ('problem' in address) {
    throw new CliError(
      'invalid_value',
      `${flag} expects HOST:PORT, e.g. ${flag} 127.0.0.1:8080 or ${flag} 0.0.0.0:8080; got '${value}' (${address.problem})`,
    );
  }
  return address;
}
