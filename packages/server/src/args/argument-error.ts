import { DomainError } from '../errors/domain-error.js';

/**
 * A raw argument that is missing or has the wrong shape. A {@link DomainError}: thrown
 * from a tool handler it becomes an `isError` result with this message, so the model
 * can correct the call.
 */
export class ArgumentError extends DomainError {
  override readonly name = 'ArgumentError';
  /** Always `ERR_ARGUMENT`. */
  readonly code = 'ERR_ARGUMENT' as const;
  /** The argument's key. */
  readonly key: string;

  constructor(key: string, problem: string) {
    super(`argument '${key}': ${problem}`);
    this.key = key;
  }
}
