/**
 * A raw argument that is missing or has the wrong shape. Handlers usually turn it
 * into `toolError(error.message)` so the model can correct the call.
 */
export class ArgumentError extends Error {
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
