/**
 * Errors of the search index, with stable codes.
 * @module
 */

export type SearchIndexErrorCode = 'search_duplicate_tool_name' | 'search_invalid_limit';

export class SearchIndexError extends Error {
  override readonly name = 'SearchIndexError';
  readonly code: SearchIndexErrorCode;

  constructor(code: SearchIndexErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
