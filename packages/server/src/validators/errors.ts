import { brand, matchesBrand } from '../errors/brand.js';
import { DomainError } from '../errors/domain-error.js';

const PATH_OUTSIDE_ROOTS_BRAND = Symbol.for('mcpforge.server.PathOutsideRootsError');
const URL_NOT_ALLOWED_BRAND = Symbol.for('mcpforge.server.UrlNotAllowedError');

/**
 * A path that resolves outside every allowed root (after `..` and symlinks). A
 * {@link DomainError}: thrown from a tool handler it becomes an `isError` result. The
 * message names only the path the caller gave, never a root or a resolved real path.
 */
export class PathOutsideRootsError extends DomainError {
  override readonly name = 'PathOutsideRootsError';
  /** Always `ERR_PATH_OUTSIDE_ROOTS`. */
  override readonly code = 'ERR_PATH_OUTSIDE_ROOTS' as const;
  /** The path as given. */
  readonly path: string;

  constructor(path: string, reason: string) {
    super(`path '${path}' is not allowed: ${reason}`);
    this.path = path;
    brand(this, PATH_OUTSIDE_ROOTS_BRAND);
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return matchesBrand(this, PathOutsideRootsError, PATH_OUTSIDE_ROOTS_BRAND, value);
  }
}

/**
 * A URL refused by `checkUrl`: unparsable, other scheme, other host, or credentials inside.
 * A {@link DomainError}: thrown from a tool handler it becomes an `isError` result.
 */
export class UrlNotAllowedError extends DomainError {
  override readonly name = 'UrlNotAllowedError';
  /** Always `ERR_URL_NOT_ALLOWED`. */
  override readonly code = 'ERR_URL_NOT_ALLOWED' as const;

  constructor(reason: string) {
    super(`url is not allowed: ${reason}`);
    brand(this, URL_NOT_ALLOWED_BRAND);
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return matchesBrand(this, UrlNotAllowedError, URL_NOT_ALLOWED_BRAND, value);
  }
}
