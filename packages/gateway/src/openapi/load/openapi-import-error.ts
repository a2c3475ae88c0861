/**
 * The error of an OpenAPI import: loading the document (size, syntax, validity, references) or
 * applying the plan to a workspace. Match on `code`; the message names the fix.
 * @module
 */

/** Every code an import can fail with. */
export const OPENAPI_IMPORT_ERROR_CODES = [
  /** The document (with the documents it references) is larger than the size cap. */
  'spec_too_large',
  /** The file does not exist or cannot be read. */
  'spec_unreadable',
  /** Not JSON or YAML, or not a valid Swagger 2.0 / OpenAPI 3.x document. */
  'spec_invalid',
  /** A `$ref` or the document itself is an http(s) URL, and remote loading was not allowed. */
  'remote_ref_refused',
  /** A remote document could not be fetched: refused address, HTTP error, timeout, redirects. */
  'remote_fetch_failed',
  /** The plan cannot be applied to the workspace as asked (see the message). */
  'import_conflict',
] as const;
export type OpenApiImportErrorCode = (typeof OPENAPI_IMPORT_ERROR_CODES)[number];

const BRAND = Symbol.for('mcpforge.gateway.OpenApiImportError');
const hasOwnPrototype = Function.prototype[Symbol.hasInstance];

/** A failed OpenAPI import, with a stable `code`. */
export class OpenApiImportError extends Error {
  readonly code: OpenApiImportErrorCode;

  constructor(code: OpenApiImportErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OpenApiImportError';
    this.code = code;
    Object.defineProperty(this, BRAND, { value: true });
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    if (hasOwnPrototype.call(this, value)) return true;
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  toJSON(): { code: OpenApiImportErrorCode; message: string } {
    return { code: this.code, message: this.message };
  }
}
