import { brand, matchesBrand } from '../errors/brand.js';
import type { ValidationIssue } from '../validation/issues.js';

const CONFIG_ERROR_BRAND = Symbol.for('mcpforge.server.ConfigError');

/** Why a configuration could not be loaded. */
export type ConfigErrorCode =
  /** No config file given or found, or it cannot be read. */
  | 'ERR_CONFIG_NOT_FOUND'
  /** The file is not valid JSON. */
  | 'ERR_CONFIG_PARSE'
  /** The JSON does not match the schema (after `${VAR}` expansion). */
  | 'ERR_CONFIG_INVALID';

/** A configuration that cannot be used. The message names the file and what is wrong. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code: ConfigErrorCode;
  /** The file involved, when there is one. */
  readonly source: string | undefined;
  /** Schema issues, for `ERR_CONFIG_INVALID`. */
  readonly issues: readonly ValidationIssue[];

  constructor(
    code: ConfigErrorCode,
    message: string,
    details: { source?: string; issues?: readonly ValidationIssue[]; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.source = details.source;
    this.issues = details.issues ?? [];
    brand(this, CONFIG_ERROR_BRAND);
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return matchesBrand(this, ConfigError, CONFIG_ERROR_BRAND, value);
  }
}
