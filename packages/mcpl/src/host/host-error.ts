/** Codes of {@link McplHostError}. */
export type McplHostErrorCode =
  | 'ERR_NOT_INITIALIZED'
  | 'ERR_ALREADY_INITIALIZED'
  | 'ERR_NOT_MCPL'
  | 'ERR_NOT_GRANTED'
  | 'ERR_HINTS_GAP'
  | 'ERR_INVALID_RESULT';

/** A host-side misuse or a server answer the host client cannot use; never sent to the peer. */
export class McplHostError extends Error {
  readonly code: McplHostErrorCode;

  constructor(code: McplHostErrorCode, message: string) {
    super(message);
    this.name = 'McplHostError';
    this.code = code;
  }
}
