import { brand, hasBrand } from '../errors/brand.js';
import { formatListenAddress, type ListenAddress } from './listen-address.js';

const LISTEN_ERROR_BRAND = Symbol.for('mcpforge.server.ListenError');

/** Why a listener could not start. */
export type ListenErrorCode =
  /** `EADDRINUSE`: another process holds the port. */
  | 'ERR_LISTEN_ADDRESS_IN_USE'
  /** `EACCES`: the port needs privileges (below 1024 on most systems). */
  | 'ERR_LISTEN_ACCESS_DENIED'
  /** `EADDRNOTAVAIL`: the host is not an address of this machine. */
  | 'ERR_LISTEN_ADDRESS_NOT_AVAILABLE'
  /** `ENOTFOUND`/`EAI_AGAIN`: the host name does not resolve. */
  | 'ERR_LISTEN_HOST_NOT_FOUND'
  /** Anything else; the cause says what. */
  | 'ERR_LISTEN_FAILED';

/**
 * A listener that could not start, with a message that names the address and the fix. A
 * transport's `closed` rejects with it; `run()` logs the message and exits with status 1.
 */
export class ListenError extends Error {
  readonly code: ListenErrorCode;
  readonly address: ListenAddress;

  constructor(code: ListenErrorCode, address: ListenAddress, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ListenError';
    this.code = code;
    this.address = address;
    brand(this, LISTEN_ERROR_BRAND);
  }

  /** Matches a `ListenError` from any copy of `@mcpforge/server`. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, LISTEN_ERROR_BRAND);
  }
}

/** Turns the error of `server.listen()` into a {@link ListenError} a person can act on. */
export function listenError(error: Error, address: ListenAddress): ListenError {
  const at = formatListenAddress(address);
  const options = { cause: error };
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return new ListenError(
        'ERR_LISTEN_ADDRESS_IN_USE',
        address,
        `port ${at} is already in use: stop the other server or choose another port (--http ${address.port + 1}, or --http 0 for any free one)`,
        options,
      );
    case 'EACCES':
      return new ListenError(
        'ERR_LISTEN_ACCESS_DENIED',
        address,
        `no permission to listen on ${at}: ports below 1024 need privileges; choose a port from 1024 up (--http 3000)`,
        options,
      );
    case 'EADDRNOTAVAIL':
      return new ListenError(
        'ERR_LISTEN_ADDRESS_NOT_AVAILABLE',
        address,
        `cannot listen on ${at}: ${address.host} is not an address of this machine; use 127.0.0.1 (this machine only), 0.0.0.0 (every interface) or one of its own addresses`,
        options,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ListenError(
        'ERR_LISTEN_HOST_NOT_FOUND',
        address,
        `cannot listen on ${at}: the host name ${address.host} does not resolve; use an address such as 127.0.0.1 or 0.0.0.0`,
        options,
      );
    default:
      return new ListenError(
        'ERR_LISTEN_FAILED',
        address,
        `cannot listen on ${at}: ${error.message}`,
        options,
      );
  }
}
