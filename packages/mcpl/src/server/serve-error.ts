/** Codes of {@link McplServeError}. */
export type McplServeErrorCode = 'ERR_MCPL_NOT_NEGOTIATED' | 'ERR_MCPL_NOT_GRANTED' | 'ERR_MCPL_INVALID';

/**
 * A server-side MCPL send that cannot happen (never sent to the host): the host did not
 * negotiate MCPL, its grant does not cover the capability or feature set, or the params are
 * not what the method needs. `capability`/`featureSet` name what is missing.
 */
export class McplServeError extends Error {
  readonly code: McplServeErrorCode;
  readonly capability: string | undefined;
  readonly featureSet: string | undefined;

  constructor(
    code: McplServeErrorCode,
    message: string,
    missing: { capability?: string | undefined; featureSet?: string | undefined } = {},
  ) {
    super(message);
    this.name = 'McplServeError';
    this.code = code;
    this.capability = missing.capability;
    this.featureSet = missing.featureSet;
  }
}
