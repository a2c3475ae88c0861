import { DomainError } from '../errors/domain-error.js';

/**
 * A path that resolves outside every allowed root (after `..` and symlinks). A
 * {@link DomainError}: thrown from a tool handler it becomes an `isError` result. The
 * message names only the path the caller gave, never a root or a resolved real path.
 */
export class PathOutsideRootsError extends DomainError {
  override readonly name = 'PathOutsideRootsError';
  /** Always `ERR_PATH_OUTSIDE_ROOTS`. */
  readonly code = 'ERR_PATH_OUTSIDE_ROOTS' as const;
  /** The path as given. */
  readonly path: string;

  constructor(path: string, reason: string) {
    super(`path '${path}' is not allowed: ${reason}`);
    this.path = path;
  }
}

/**
 * A URL refused by `checkUrl`: unparsable, other scheme, other host, or credentials inside.
 * A {@link DomainError}: thrown from a tool handler it becomes an `isError` result.
 */
export class UrlNotAllowedError extends DomainError {
  override readonly name = 'UrlNotAllowedError';
  /** Always `ERR_URL_NOT_ALLOWED`. */
  readonly code = 'ERR_URL_NOT_ALLOWED' as const;

  constructor(reason: string) {
    super(`url is not allowed: ${reason}`);
  }
}
