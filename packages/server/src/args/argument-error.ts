import { brand, matchesBrand } from '../errors/brand.js';
import { DomainError } from '../errors/domain-error.js';

const ARGUMENT_ERROR_BRAND = Symbol.for('mcpforge.server.ArgumentError');

/**
 * A raw argument that is missing or has the wrong shape. A {@link DomainError}: thrown
 * from a tool handler it becomes an `isError` result with this message, so the model
 * can correct the call.
 */
export class ArgumentError extends DomainError {
  override readonly name = 'ArgumentError';
  /** Always `ERR_ARGUMENT`. */
  override readonly code = 'ERR_ARGUMENT' as const;
  /** The argument's key. */
  readonly key: string;

  constructor(key: string, problem: string) {
    super(`argument '${key}': ${problem}`);
    this.key = key;
    brand(this, ARGUMENT_ERROR_BRAND);
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return matchesBrand(this, ArgumentError, ARGUMENT_ERROR_BRAND, value);
  }
}
