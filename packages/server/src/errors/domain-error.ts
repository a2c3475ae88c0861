import { brand, matchesBrand } from './brand.js';

const DOMAIN_ERROR_BRAND = Symbol.for('mcpforge.server.DomainError');

/**
 * A failure the model can see and fix (not found, not permitted, bad value). Thrown from a tool
 * handler it becomes a result with `isError: true` and this message; from a prompt or resource
 * handler, a -32602 error. The message is sent to the client: keep server internals out of it.
 */
export class DomainError extends Error {
  /** `ERR_DOMAIN` for a plain domain error; the subclasses here name their own. */
  readonly code: string = 'ERR_DOMAIN';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DomainError';
    brand(this, DOMAIN_ERROR_BRAND);
  }

  /** Any branded domain error for `DomainError` itself; a subclass declared elsewhere matches by prototype. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return matchesBrand(this, DomainError, DOMAIN_ERROR_BRAND, value);
  }
}
