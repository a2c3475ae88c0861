import { brand, hasBrand } from '../errors/brand.js';

const FLAG_ERROR_BRAND = Symbol.for('mcpforge.server.FlagError');

/** Why `run()` refused its command line. */
export type FlagErrorCode =
  /** A flag `run()` does not know (its message suggests the nearest one). */
  | 'ERR_FLAG_UNKNOWN'
  /** A flag that takes a value was given none (`--http` at the end). */
  | 'ERR_FLAG_VALUE_MISSING'
  /** A value of the wrong shape (`--http foo`), or a value for a switch (`--health=1`). */
  | 'ERR_FLAG_VALUE_INVALID'
  /** A flag that does not apply here (`--allowed-hosts` without `--http`). */
  | 'ERR_FLAG_NOT_APPLICABLE'
  /** An argument that is not a flag (servers take none). */
  | 'ERR_FLAG_UNEXPECTED_ARGUMENT';

/**
 * A command line `run()` cannot start with. The message names the flag and the fix; `run()`
 * prints it on stderr and exits with status 2.
 */
export class FlagError extends Error {
  readonly code: FlagErrorCode;
  /** The flag as written (`--http`), or the stray argument. */
  readonly flag: string;

  constructor(code: FlagErrorCode, flag: string, message: string) {
    super(message);
    this.name = 'FlagError';
    this.code = code;
    this.flag = flag;
    brand(this, FLAG_ERROR_BRAND);
  }

  /** Matches a `FlagError` from any copy of `@mcpforge/server`. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, FLAG_ERROR_BRAND);
  }
}
