import { errorInfo, type GatewayErrorCode, type GatewayErrorInfo } from './error-table.js';

/** Shared across copies of this package so `instanceof` holds when two versions meet. */
const GATEWAY_ERROR_BRAND = Symbol.for('mcpforge.gateway.GatewayError');

const hasOwnPrototype = Function.prototype[Symbol.hasInstance];

/** Options of {@link GatewayError}. */
export interface GatewayErrorOptions {
  /** The input field at fault, as the caller spelled it (`slug`, `binding.timeoutMs`). */
  field?: string | undefined;
  cause?: unknown;
}

/**
 * A refusal or failure of the gateway with a stable string `code` from the one code table
 * (`GATEWAY_ERRORS`), which gives its HTTP status, problem+json type/title and retryability.
 * The message is safe to show to the caller: it never holds secrets or internal error text.
 * `instanceof` is brand-checked, so it holds across two copies of `@mcpforge/gateway`.
 */
export class GatewayError extends Error {
  readonly code: GatewayErrorCode;
  /** The input field at fault, when one is. */
  readonly field?: string;

  constructor(code: GatewayErrorCode, message: string, options: GatewayErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GatewayError';
    this.code = code;
    if (options.field !== undefined) this.field = options.field;
    Object.defineProperty(this, GATEWAY_ERROR_BRAND, { value: true });
  }

  /** Status, title and retryability of this error's code. */
  get info(): GatewayErrorInfo {
    return errorInfo(this.code);
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    if (hasOwnPrototype.call(this, value)) return true;
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[GATEWAY_ERROR_BRAND] === true
    );
  }
}

/**
 * An `invalid_field` error naming `field`: `slug: must match [a-z0-9]+(-[a-z0-9]+)*`. An empty
 * `field` is the whole value (a request body): `the value must be an object`.
 */
export function invalidField(field: string, reason: string): GatewayError {
  if (field === '') return new GatewayError('invalid_field', `the value ${reason}`);
  return new GatewayError('invalid_field', `${field}: ${reason}`, { field });
}
