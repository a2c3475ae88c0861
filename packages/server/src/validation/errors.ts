import { brand, matchesBrand } from '../errors/brand.js';

/** Why a schema was refused by `SchemaCompiler.check`/`compile`. */
export type SchemaErrorCode =
  /** Not valid JSON Schema 2020-12 under strict mode (unknown keyword, bad type, bad pattern...). */
  | 'ERR_SCHEMA_INVALID'
  /** Over a configured `SchemaLimits` bound (depth, subschema count, size). */
  | 'ERR_SCHEMA_TOO_COMPLEX'
  /** A `$ref` that points outside the schema; schemas are never fetched. */
  | 'ERR_SCHEMA_REMOTE_REF'
  /**
   * A `pattern` or `patternProperties` key the linear-time engine cannot run (lookaround,
   * backreferences, a repeat over 1000, ...); `schemaPath` says where.
   */
  | 'ERR_SCHEMA_PATTERN';

const SCHEMA_ERROR_BRAND = Symbol.for('mcpforge.server.SchemaError');

/** A schema the compiler refuses. A programming/configuration error, never a tool-call outcome. */
export class SchemaError extends Error {
  override readonly name = 'SchemaError';
  /** Named reason, stable across versions. */
  readonly code: SchemaErrorCode;
  /**
   * Where in the schema, as a JSON pointer (`/properties/email/pattern`), when the compiler
   * knows: set when a pattern is refused (`ERR_SCHEMA_PATTERN`, or `ERR_SCHEMA_INVALID` for a
   * pattern that is not a regular expression).
   */
  readonly schemaPath: string | undefined;

  constructor(
    code: SchemaErrorCode,
    message: string,
    options?: { cause?: unknown; schemaPath?: string | undefined },
  ) {
    super(message, options);
    this.code = code;
    this.schemaPath = options?.schemaPath;
    brand(this, SCHEMA_ERROR_BRAND);
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof was called on
    return matchesBrand(this, SchemaError, SCHEMA_ERROR_BRAND, value);
  }
}
