/** Why a library operation was refused. Each is a mistake the caller can fix. */
export type LibraryErrorCode =
  | 'ERR_DOCUMENT_NOT_FOUND'
  | 'ERR_DRAFTS_DISABLED'
  | 'ERR_INVALID_DRAFT'
  | 'ERR_APPROVAL_INVALID'
  | 'ERR_SLUG_TAKEN';

/**
 * A domain refusal: not found, not approved, not allowed. The tools turn it into
 * an `isError` tool result; anything else thrown is an infrastructure failure.
 */
export class LibraryError extends Error {
  override readonly name = 'LibraryError';
  readonly code: LibraryErrorCode;

  constructor(code: LibraryErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
