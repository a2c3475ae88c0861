import { OpenApiImportError } from './openapi-import-error.js';

/**
 * The bytes one load may still read, shared by every document it opens, so a document cannot
 * pass the cap by splitting itself across many `$ref`ed files.
 */
export class ByteBudget {
  readonly limit: number;
  #used = 0;

  constructor(limit: number) {
    this.limit = limit;
  }

  get used(): number {
    return this.#used;
  }

  /** Counts `bytes` more read from `where`. @throws OpenApiImportError `spec_too_large` past the cap. */
  take(bytes: number, where: string): void {
    this.#used += bytes;
    if (this.#used > this.limit) {
      throw new OpenApiImportError(
        'spec_too_large',
        `${where}: the document is larger than the ${this.limit}-byte cap (raise it with --max-size / maxBytes)`,
      );
    }
  }
}
