import { brand, hasBrand } from './brand.js';

const DOMAIN_BRAND = Symbol.for('mcpforge.server.DomainError');

/**
 * A failure the model can see and fix (not found, not permitted, bad value). Thrown from a tool
 * handler it becomes a result with `isError: true` and this message; from a prompt or resource
 * handler, a -32602 error. The message is sent to the client: keep server internals out of it.
 */
export class DomainError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DomainError';
    brand(this, DOMAIN_BRAND);
  }
  /** Any branded domain error for `DomainError` itself; subclasses match by prototype. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: subclasses inherit this and must match by their own prototype
    if (this !== DomainError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return hasBrand(value, DOMAIN_BRAND);
  }
}
